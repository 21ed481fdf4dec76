// The start of the owner's one-tap answers (the desk's message screen: Text and Email back), from
// content/site.json's `replyStart`: the owner's words with blanks in square brackets that the desk
// fills from the message. A blank with nothing to fill goes, with the small word before it, so
// "about your tree in [town]" reads "about your tree" for a message that came from no town's page.

/** The blanks the owner may write, and what fills each. */
export interface ReplyFill {
  /** The first word of the sender's name. */
  "first name": string;
  /** The business's name (content/site.json `name`). */
  business: string;
  /** The service asked about, in lower case ("tree removal"); empty for "Other". */
  service?: string;
  /** The town whose page the visit began on, if any. */
  town?: string;
}

export const replyBlanks = ["first name", "business", "service", "town"] as const;

export const DEFAULT_REPLY_START = "Hi [first name], this is [business] about your tree in [town].";

/** The reply start with its blanks filled; unknown blanks are left as written. */
export function fillReplyStart(template: string | undefined, fill: ReplyFill): string {
  const text = (template ?? DEFAULT_REPLY_START).replace(/(\s+(?:in|near|at|for|about|from|of))?\s*\[([a-z ]+)\]/gi, (whole, before: string | undefined, blank: string) => {
    const name = blank.toLowerCase();
    if (!(replyBlanks as readonly string[]).includes(name)) return whole;
    const value = fill[name as keyof ReplyFill]?.trim();
    if (!value) return "";
    return `${whole.slice(0, whole.length - blank.length - 2)}${value}`;
  });
  return text.replace(/\s+([,.!?])/g, "$1").replace(/\s{2,}/g, " ").trim();
}

/** The first word of a name: "Pat" of "Pat O'Neal". */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? "";

/**
 * A text message link with its words filled in: `sms:<number>?&body=<words>` is read by both phones
 * (RFC 5724's `?body=` is Android's, iOS 8 and later read `&body=`; the empty first parameter gives
 * each the part it looks for). Spaces as %20, never "+", which Messages would show as a plus.
 */
export function smsHref(dial: string, body: string): string {
  return `sms:${dial}?&body=${encodeURIComponent(body)}`;
}

/** An email link with its subject and first words (RFC 6068), encoded the same way. */
export function mailtoHref(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
