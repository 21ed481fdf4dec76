// The week's numbers in plain words, one wording for the desk's Visits screen
// (src/desk/screens/visits-screen.tsx), the Monday email and `npm run report`
// (the visit function's summary-text.ts).
import type { LeadLine, RecentLead } from "../content/visit-summary";
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
        : lead.kind === "booking"
          ? `Estimate visit booked${lead.detail ? ` (${lead.detail})` : ""}`
          : `Review${lead.detail ? `, ${lead.detail}` : ""}`;
  const origin = formatVisitOrigin(lead.landingPage, lead.source);
  return `${when}: ${what}${origin ? `, ${origin}` : ""}`;
}
