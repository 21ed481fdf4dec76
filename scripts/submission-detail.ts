import type { Submission } from "../functions/store/records";
import { serviceLabel, type ServiceChoice } from "../src/content/contact";
import { formatBusinessTime } from "../src/format/business-time";
import { loadSite } from "../src/content/load-content";
import { siteSchema } from "../src/content/site";

// `npm run submissions -- --full` and `-- --id ID`: each message whole, for reading
// what the table cuts off. Times are on the business's clock (content/site.json timeZone).

/**
 * The business's time zone, read by the site's own loader; a missing or broken site.json
 * must not hide the messages, so it falls back to the default zone (the build names the mistake).
 */
export async function readBusinessTimeZone(contentDir: string): Promise<string> {
  return loadSite(contentDir, {}).then(
    (site) => site.timeZone,
    () => siteSchema.shape.timeZone.parse(undefined),
  );
}

// Visitor text goes to a terminal: line breaks stay (a long message is read as written),
// every other control character goes, so no escape sequence reaches the owner's screen.
const forTerminal = (value: string): string => value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, " ");

/** One message as a block: every field on its own line, the message whole and indented. */
export function formatSubmissionDetail(s: Submission, timeZone: string, services: readonly ServiceChoice[]): string {
  const field = (label: string, value: string) => `  ${`${label}:`.padEnd(14)}${forTerminal(value)}`;
  return [
    `Message ${forTerminal(s.id)}`,
    field("Received", formatBusinessTime(s.createdAt, timeZone)),
    field("Name", s.name),
    field("Phone", s.phone),
    field("Email", s.email),
    field("Service", serviceLabel(services, s.serviceType)),
    ...(s.spamReason ? [field("Held because", s.spamReason)] : []),
    "  Message:",
    ...forTerminal(s.message)
      .split("\n")
      .map((line) => `    ${line}`.trimEnd()),
  ].join("\n");
}

/** The messages `--id` names: the whole id, or its first characters when only one matches. */
export function findById(submissions: Submission[], id: string): Submission[] {
  const exact = submissions.filter((s) => s.id === id);
  return exact.length > 0 ? exact : submissions.filter((s) => s.id.startsWith(id));
}
