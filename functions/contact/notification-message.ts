// What every email of the servers is before a transport sends it, and the header rules they share:
// the builders in mailer.ts and functions/estimate-visits/visit-mail.ts import these.
import type { Site } from "../../src/content/site";

export interface MailAddresses {
  to: string;
  from: string;
}

/** A finished notification, ready for any transport. */
export interface NotificationMessage {
  from: { name: string; address: string };
  to: string;
  /** The visitor, when the post has an address (contact messages; reviews have none). */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The same for every send of one job, so mail clients fold a resend into the first copy. */
  messageId: string;
  headers: Record<string, string>;
  /**
   * A calendar invitation (an estimate visit's, functions/estimate-visits/ics.ts): nodemailer sends
   * it as a text/calendar alternative with its METHOD, which mail programs show as an invitation,
   * and as an .ics attachment.
   */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

/**
 * Visitor text bound for a header. "=?" could open an RFC 2047 encoded word,
 * which mail clients decode into text of the visitor's choosing (a name
 * `=?utf-8?B?QmNjOiB4QGV2aWwudGVzdA==?=` reads "Bcc: x@evil.test"); a space
 * keeps it literal. Line breaks never get here (src/content/contact.ts),
 * and nodemailer encodes non-ASCII text itself.
 */
export function headerText(value: string): string {
  return value.replaceAll("=?", "= ?");
}

/** `<job-id@site-host>` (a post's job has the post's id): stable across resends, so the at-least-once outbox shows as one mail. */
export function notificationMessageId(job: { id: string }, site: Site): string {
  return `<${job.id}@${new URL(site.url).hostname}>`;
}
