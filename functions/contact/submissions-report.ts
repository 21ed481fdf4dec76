// Formatting for the owner's CLI (scripts/submissions.ts) and desk: tables for the
// terminal, CSV for a spreadsheet. Pure functions over stored records.
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import type { MessageBox, MessageStore } from "../store/message-store";
import type { UndeliveredJob } from "../store/outbox-store";
import type { ShownJob, Submission } from "../store/records";

export const newestFirst = (a: { createdAt: string }, b: { createdAt: string }): number => b.createdAt.localeCompare(a.createdAt);

// Visitor text goes to a terminal: control characters (escape sequences) are
// replaced so a message cannot recolour or rewrite the owner's screen.
const forTerminal = (value: string): string => value.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, " ").trim();

function clip(value: string, width: number): string {
  return value.length <= width ? value : `${value.slice(0, width - 1)}…`;
}

/** "2025-03-01 14:05" in the machine's local time, which is the owner's. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A plain text table: each column as wide as its widest cell, up to `max`. */
export function renderTable(columns: Array<{ title: string; max: number }>, rows: string[][]): string {
  const cells = rows.map((row) => row.map((cell, i) => clip(forTerminal(cell), columns[i]?.max ?? 40)));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.title)), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

/** `services`: the form's choices (loadServiceChoices), whose labels name each message's service. */
export function submissionsTable(submissions: Submission[], services: readonly ServiceChoice[]): string {
  const spam = submissions.some((s) => s.spamReason);
  const columns = [
    { title: "Received", max: 16 },
    { title: "Name", max: 24 },
    { title: "Phone", max: 18 },
    { title: "Email", max: 32 },
    { title: "Service", max: 26 },
    ...(spam ? [{ title: "Held because", max: 12 }] : []),
    { title: "Message", max: 60 },
  ];
  const rows = submissions.map((s) => [
    formatDate(s.createdAt),
    s.name,
    s.phone,
    s.email,
    serviceLabel(services, s.serviceType),
    ...(spam ? [s.spamReason ?? ""] : []),
    s.message,
  ]);
  return renderTable(columns, rows);
}

/** Who or what an email is about, as the undelivered list names it. */
function aboutLine(job: ShownJob): string {
  switch (job.kind) {
    case "contact":
      return job.message.name;
    case "review":
      return `${job.review.name} (review)`;
    case "sign-in":
      return "(sign-in code)";
    case "report":
      return `(report) ${job.subject}`;
    case "push":
      return `(phone notification) ${job.notice.title}`;
  }
}

export function outboxTable(jobs: UndeliveredJob[]): string {
  const columns = [
    { title: "State", max: 8 },
    { title: "Tries", max: 5 },
    { title: "Next try", max: 16 },
    { title: "Received", max: 16 },
    { title: "Name", max: 24 },
    { title: "Last error", max: 70 },
  ];
  const rows = jobs.map((job) => [
    job.state,
    String(job.attempts),
    job.state === "pending" ? (job.nextAttemptAt ? formatDate(job.nextAttemptAt) : "now") : "-",
    formatDate(job.job.createdAt),
    // Every email waits here: reviews, sign-in codes and reports too.
    aboutLine(job.job),
    job.lastError ?? "",
  ]);
  return renderTable(columns, rows);
}

/**
 * RFC 4180 CSV: `npm run submissions -- --csv` and the desk's export (both through messagesCsv).
 * Every cell is quoted, and defused as OWASP's "CSV Injection" page says (csvCell): a visitor's
 * words reach the owner's spreadsheet as text, never as a formula, whatever separator it splits on.
 */
export function submissionsCsv(submissions: Submission[], services: readonly ServiceChoice[]): string {
  const header = ["id", "createdAt", "name", "email", "phone", "serviceType", "service", "message", "spamReason", "landingPage", "referrer"];
  const rows = submissions.map((s) => [
    s.id,
    s.createdAt,
    s.name,
    s.email,
    s.phone,
    s.serviceType,
    serviceLabel(services, s.serviceType),
    s.message,
    s.spamReason ?? "",
    s.landingPage ?? "",
    s.referrer ?? "",
  ]);
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** A box's messages as CSV, newest first: what `npm run submissions -- --csv` prints and the desk's export downloads. */
export async function messagesCsv(messages: Pick<MessageStore, "all">, box: MessageBox, services: readonly ServiceChoice[]): Promise<string> {
  return submissionsCsv((await messages.all(box)).sort(newestFirst), services);
}

// `--csv` may go straight to a terminal: control characters other than the line breaks and
// tabs a message may hold are dropped, so no escape sequence reaches the owner's screen.
const CSV_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * A character a spreadsheet reads as the start of a formula (= + - @) or that some strip before
 * reading one (tab, CR), at the start of the cell or right after a separator a spreadsheet may
 * split the cell on (`;` in a semicolon locale, `,`, tab): `Semi;=1+1` must not become a cell
 * `=1+1`. Each gets an apostrophe before it, which the spreadsheet shows as text.
 */
const FORMULA_START = /(?<=^|[;,\t])[=+\-@\t\r]/g;

function csvCell(raw: string): string {
  const value = raw.replace(CSV_CONTROLS, "").replace(FORMULA_START, "'$&");
  return `"${value.replace(/"/g, '""')}"`;
}
