// The week's summary as text (npm run report, the Monday email's text part) and as the
// email's HTML. What is in it: src/content/visit-summary.ts.
import type { LeadLine, RankedLine, VisitSummary, VisitTotals } from "../../src/content/visit-summary";
import { formatDayLabel } from "../../src/format/business-time";
import { escapeHtml } from "../../src/format/escape-html";
import { change, leadText, leadWords, replySpeedRule, replySpeedText, waitingText } from "../../src/format/visit-words";

const TOTAL_ROWS: ReadonlyArray<[keyof VisitTotals, string]> = [
  ["visitors", "Visitors"],
  ["calls", "Call taps"],
  ["messages", "Messages"],
  ["reviews", "Reviews"],
  ["visits", "Visits"],
  ["views", "Pages seen"],
];

/** The subject of the Monday email: the three numbers that matter most. */
export function summarySubject(summary: VisitSummary, siteName: string): string {
  const { visitors, calls, messages } = summary.totals.week;
  return `${siteName} website, week of ${formatDayLabel(summary.week.from)}: ${visitors} visitors, ${calls} call taps, ${messages} messages`;
}

/** The summary for a terminal or a plain-text email. */
export function summaryText(summary: VisitSummary, siteName: string, timeZone: string): string {
  const { week, previous } = summary.totals;
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const rankedLines = (lines: RankedLine[]) =>
    lines.length === 0 ? ["  (none yet)"] : lines.map((line) => `  ${line.label.padEnd(44)} ${pad(line.count, 5)}   (week before: ${line.previous})`);
  const leadLines = (lines: LeadLine[]) => (lines.length === 0 ? ["  (none yet)"] : lines.map((line) => `  ${line.label.padEnd(28)} ${leadWords(line)}`));
  return [
    `${siteName} website: ${formatDayLabel(summary.week.from)} to ${formatDayLabel(summary.week.to)}`,
    `compared with the week before, ${formatDayLabel(summary.previousWeek.from)} to ${formatDayLabel(summary.previousWeek.to)}`,
    "",
    `${"".padEnd(12)} ${pad("this week", 10)} ${pad("week before", 12)}`,
    ...TOTAL_ROWS.map(([key, name]) => `${name.padEnd(12)} ${pad(week[key], 10)} ${pad(previous[key], 12)}   ${change(week[key], previous[key])}`.trimEnd()),
    "",
    `${"Day".padEnd(12)} ${pad("Visitors", 10)} ${pad("Call taps", 10)} ${pad("Messages", 10)}`,
    ...summary.days.map((d) => `${formatDayLabel(d.day).padEnd(12)} ${pad(d.visitors, 10)} ${pad(d.calls, 10)} ${pad(d.messages, 10)}`),
    "",
    "Top pages",
    ...rankedLines(summary.topPages),
    "",
    "Where visits came from",
    ...rankedLines(summary.topReferrers),
    "",
    "Towns with the most leads (calls and messages, by the town page the visit started on)",
    ...leadLines(summary.topTowns),
    "",
    "Services with the most leads",
    ...leadLines(summary.topServices),
    "",
    "This week's leads",
    ...(summary.recentLeads.length === 0 ? ["  (none yet)"] : summary.recentLeads.map((lead) => `  ${leadText(lead, timeZone)}`)),
    "",
    "How fast messages were answered",
    `  ${replySpeedText(summary.replies)}`,
    ...(summary.replies.waiting.length === 0 ? [] : ["  Still waiting for an answer after more than an hour:", ...summary.replies.waiting.map((m) => `    ${waitingText(m, timeZone)}`)]),
    `  ${replySpeedRule(summary.replies)}`,
    "",
    `Visitors by device: ${summary.devices.phone} on phones, ${summary.devices.tablet} on tablets, ${summary.devices.desktop} on computers.`,
  ].join("\n");
}

/** The same for the email's HTML part: small tables, inline styles (mail programs drop style sheets). */
export function summaryHtml(summary: VisitSummary, siteName: string, timeZone: string): string {
  const { week, previous } = summary.totals;
  const cell = (text: string | number, align = "right") => `<td style="padding: 4px 10px; text-align: ${align};">${escapeHtml(String(text))}</td>`;
  const head = (...names: string[]) => `<tr>${names.map((n, i) => `<th style="padding: 4px 10px; text-align: ${i === 0 ? "left" : "right"};">${escapeHtml(n)}</th>`).join("")}</tr>`;
  const table = (rows: string[]) => `<table cellpadding="0" style="border-collapse: collapse;">${rows.join("")}</table>`;
  const section = (title: string, body: string) => `<h2 style="font-size: 16px; margin: 20px 0 6px;">${escapeHtml(title)}</h2>${body}`;
  const none = "<p>None yet.</p>";
  const ranked = (lines: RankedLine[]) =>
    lines.length === 0 ? none : table([head("", "This week", "Week before"), ...lines.map((l) => `<tr>${cell(l.label, "left")}${cell(l.count)}${cell(l.previous)}</tr>`)]);
  const leads = (lines: LeadLine[]) => (lines.length === 0 ? none : table(lines.map((l) => `<tr>${cell(l.label, "left")}${cell(leadWords(l), "left")}</tr>`)));
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(summarySubject(summary, siteName))}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<h1 style="font-size: 20px;">Your website, ${escapeHtml(formatDayLabel(summary.week.from))} to ${escapeHtml(formatDayLabel(summary.week.to))}</h1>`,
    table([
      head("", "This week", "Week before", ""),
      ...TOTAL_ROWS.map(([key, name]) => `<tr>${cell(name, "left")}${cell(week[key])}${cell(previous[key])}${cell(change(week[key], previous[key]))}</tr>`),
    ]),
    section("Day by day", table([head("Day", "Visitors", "Call taps", "Messages"), ...summary.days.map((d) => `<tr>${cell(formatDayLabel(d.day), "left")}${cell(d.visitors)}${cell(d.calls)}${cell(d.messages)}</tr>`)])),
    section("Top pages", ranked(summary.topPages)),
    section("Where visits came from", ranked(summary.topReferrers)),
    section("Towns with the most leads", leads(summary.topTowns)),
    section("Services with the most leads", leads(summary.topServices)),
    section(
      "This week's leads",
      summary.recentLeads.length === 0 ? none : `<ul>${summary.recentLeads.map((lead) => `<li>${escapeHtml(leadText(lead, timeZone))}</li>`).join("")}</ul>`,
    ),
    section(
      "How fast messages were answered",
      [
        `<p>${escapeHtml(replySpeedText(summary.replies))}</p>`,
        summary.replies.waiting.length === 0
          ? ""
          : `<p>Still waiting for an answer after more than an hour:</p><ul>${summary.replies.waiting.map((m) => `<li>${escapeHtml(waitingText(m, timeZone))}</li>`).join("")}</ul>`,
        `<p style="color: #616e7c; font-size: 12px;">${escapeHtml(replySpeedRule(summary.replies))}</p>`,
      ].join(""),
    ),
    `<p style="color: #616e7c; font-size: 12px;">Counted without cookies: each visitor once a day, by a code that changes every midnight. ${escapeHtml(siteName)} website.</p>`,
    "</body></html>",
  ].join("\n");
}
