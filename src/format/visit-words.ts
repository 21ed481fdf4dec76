// The week's numbers in plain words, one wording for the desk's Visits screen
// (src/desk/screens/visits-screen.tsx), the Monday email and `npm run report`
// (the visit function's summary-text.ts).
import type { LeadLine, RecentLead, ReplySpeed } from "../content/visit-summary";
import { minutesText } from "./open-hours";
import { formatBusinessTime, formatDayLabel } from "./business-time";
import { formatVisitOrigin } from "./visit-origin";

/** "+10%", "-25%", "new" (nothing before), "" (nothing either week). */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "" : "new";
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "2 call taps, 1 message". */
export const leadWords = (line: LeadLine): string =>
  [line.calls > 0 && plural(line.calls, "call tap"), line.messages > 0 && plural(line.messages, "message")].filter(Boolean).join(", ");

/** "Tue, Jun 3: Call tap (hero button), came from /locations/irmo-sc via google.com". */
export function leadText(lead: RecentLead, timeZone: string): string {
  const when = lead.kind === "call" ? formatDayLabel(lead.at) : formatBusinessTime(lead.at, timeZone);
  const what =
    lead.kind === "call"
      ? `${lead.count > 1 ? `${lead.count} call taps` : "Call tap"}${lead.detail ? ` (${lead.detail} button)` : ""}`
      : lead.kind === "message"
        ? `Message${lead.detail ? ` about ${lead.detail}` : ""}`
        : `Review${lead.detail ? `, ${lead.detail}` : ""}`;
  const origin = formatVisitOrigin(lead.landingPage, lead.source);
  return `${when}: ${what}${origin ? `, ${origin}` : ""}`;
}

/** "Half the messages were answered within 25 min (week before: 1 h 10 min); 5 of 6 answered." */
export function replySpeedText(replies: ReplySpeed): string {
  if (replies.messages === 0) return "No messages this week.";
  const before = replies.previousMedianMinutes !== undefined ? ` (week before: ${minutesText(replies.previousMedianMinutes)})` : "";
  const speed = replies.medianMinutes !== undefined ? `Half the messages were answered within ${minutesText(replies.medianMinutes)}${before}; ` : "";
  return `${speed}${replies.answered} of ${plural(replies.messages, "message")} answered.`;
}

/** "2 of 3 messages answered. The week before, half within 40 min." (the desk shows the median itself, big). */
export function replyCountText(replies: ReplySpeed): string {
  const before = replies.previousMedianMinutes !== undefined ? ` The week before, half within ${minutesText(replies.previousMedianMinutes)}.` : "";
  return `${replies.answered} of ${plural(replies.messages, "message")} answered.${before}`;
}

/** What the reply times count, and what counts as an answer, in a line. */
export function replySpeedRule(replies: ReplySpeed): string {
  return `An answer is the first tap on Call, Text or Email back in the desk, or "Mark handled"; times count ${replies.counted === "opening hours" ? "your opening hours only" : "every hour"}.`;
}

/** "Pat Lee, Tue Jun 3, 9:12 AM EDT: waiting 3 h 5 min". */
export const waitingText = (message: ReplySpeed["waiting"][number], timeZone: string): string =>
  `${message.name}, ${formatBusinessTime(message.at, timeZone)}: waiting ${minutesText(message.waitedMinutes)}`;
