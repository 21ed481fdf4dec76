// How the desk words a stored message for its screens (src/desk/screens/messages-screen.tsx):
// pure functions of the record, the business's clock and the content's names.
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import type { MessageData, MessageRow } from "../../src/desk/screens/messages-screen";
import { formatBusinessTime } from "../../src/format/business-time";
import { fillReplyStart, firstName, mailtoHref, smsHref } from "../../src/format/reply-start";
import type { Answer } from "../store/records";
import type { MessageItem } from "../store/message-store";
import { townOf } from "./town-names";

/** What a message's words are read against: the business's time zone, the service names, the towns by page. */
export interface MessageWording {
  timeZone: string;
  services: readonly ServiceChoice[];
  towns: ReadonlyMap<string, string>;
}

/** Why a post was held (functions/contact/spam.ts), in the owner's words. */
const heldWords: Record<string, string> = {
  honeypot: "a hidden field only robots fill in was filled in",
  "too-fast": "it was sent less than 3 seconds after the form opened",
};

export const heldBecause = (reason: string | undefined): string | undefined => reason && (heldWords[reason] ?? reason);

/** The first line with words in it, cut at `max` characters. */
export function firstLine(message: string, max = 120): string {
  const line = message
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .find((l) => l !== "") ?? "";
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** A phone number as a tel: link dials it: a leading + and the digits; "" when it has none. */
export function dialString(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits === "") return "";
  return phone.trim().startsWith("+") ? `+${digits}` : digits;
}

export function messageRow(item: MessageItem, wording: MessageWording): MessageRow {
  return {
    id: item.id,
    name: item.name,
    when: formatBusinessTime(item.createdAt, wording.timeZone),
    service: serviceLabel(wording.services, item.serviceType),
    town: townOf(item.landingPage, wording.towns),
    firstLine: firstLine(item.message),
    handled: item.handled?.handled === true,
    delivery: item.delivery,
    heldBecause: item.box === "spam" ? heldBecause(item.spamReason) : undefined,
    rescued: item.box === "spam" && item.rescued !== undefined,
  };
}

/** How a message was first answered, in the owner's words: "by text". */
export const answerWords: Record<Answer["how"], string> = { call: "by a call", text: "by text", email: "by email", handled: "marked handled" };

/** "12 minutes", "3 hours 5 minutes", "2 days": how long a wait was. */
export function waitWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return `${hours} hour${hours === 1 ? "" : "s"}${rest ? ` ${rest} minute${rest === 1 ? "" : "s"}` : ""}`;
  }
  return `${Math.round(hours / 24)} days`;
}

export function messageData(item: MessageItem, wording: MessageWording, context: { siteName: string; back: string; replyStart?: string }): MessageData {
  const when = (at: string) => formatBusinessTime(at, wording.timeZone);
  const service = serviceLabel(wording.services, item.serviceType);
  const town = townOf(item.landingPage, wording.towns);
  const dial = dialString(item.phone);
  const subject = `Your message to ${context.siteName}`;
  const start = fillReplyStart(context.replyStart, {
    "first name": firstName(item.name),
    business: context.siteName,
    service: item.serviceType === "other" ? undefined : service.toLowerCase(),
    town,
  });
  return {
    id: item.id,
    box: item.box,
    name: item.name,
    email: item.email,
    phone: item.phone,
    dial,
    subject,
    replies: { start, ...(dial ? { text: smsHref(dial, start) } : {}), email: mailtoHref(item.email, subject, `${start}\n\n`) },
    // A first answer by "Mark handled" is shown as the handled line already.
    ...(item.answered && item.answered.how !== "handled"
      ? { answered: { how: answerWords[item.answered.how], by: item.answered.by, when: when(item.answered.at), after: waitWords(Date.parse(item.answered.at) - Date.parse(item.createdAt)) } }
      : {}),
    when: when(item.createdAt),
    service,
    town,
    landingPage: item.landingPage,
    referrer: item.referrer,
    message: item.message,
    handled: item.handled && { handled: item.handled.handled, by: item.handled.by, when: when(item.handled.at) },
    delivery: item.delivery,
    heldBecause: item.box === "spam" ? heldBecause(item.spamReason) : undefined,
    rescued: item.rescued && { by: item.rescued.by, when: when(item.rescued.at) },
    back: context.back,
  };
}
