// How long a wait was in the business's opening hours (content/site.json `hours`): what "Know the
// speed" counts (the desk's Visits screen, the Monday email, npm run report). A message sent on
// Saturday night and answered at 7:20 on Monday, when the crew starts at 7, waited 20 minutes.
import { addDays, businessDay, instantOfWallTime, isoWeekday, type BusinessDay } from "./business-time";

/** A row of content/site.json `hours`: the days it covers and, on open days, when the business opens and closes (HH:MM). */
export interface HoursRow {
  days: readonly string[];
  opens?: string;
  closes?: string;
}

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Whether `hours` give any opening times at all; without them every hour counts. */
export const hasOpeningTimes = (hours: readonly HoursRow[] | undefined): boolean => (hours ?? []).some((row) => row.opens && row.closes);

/** The day's open spans, as epoch milliseconds: a day whose rows give no times ("Emergency only") has none. */
function openSpans(day: BusinessDay, hours: readonly HoursRow[], timeZone: string): Array<[number, number]> {
  const name = weekdays[isoWeekday(day) - 1] ?? "";
  return hours
    .filter((row) => row.days.includes(name) && row.opens && row.closes)
    .map((row): [number, number] => [Date.parse(instantOfWallTime(timeZone, { date: day, time: row.opens ?? "" })), Date.parse(instantOfWallTime(timeZone, { date: day, time: row.closes ?? "" }))]);
}

/**
 * Minutes from `from` to `to` (epoch milliseconds) that fall in opening hours, on the business's
 * clock; all of them when `hours` give no opening times. Zero when `to` is not after `from`.
 */
export function openMinutesBetween(from: number, to: number, hours: readonly HoursRow[] | undefined, timeZone: string): number {
  if (!(to > from)) return 0;
  if (!hours || !hasOpeningTimes(hours)) return (to - from) / 60_000;
  let open = 0;
  const last = businessDay(to, timeZone);
  // At most a year of days: a wait longer than that is counted as far as that.
  for (let day = businessDay(from, timeZone), n = 0; day <= last && n < 366; day = addDays(day, 1), n += 1) {
    for (const [start, end] of openSpans(day, hours, timeZone)) open += Math.max(0, Math.min(end, to) - Math.max(start, from));
  }
  return open / 60_000;
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** "25 min", "3 h 5 min", "2 days 4 h": a wait in words short enough for a table. */
export function minutesText(minutes: number): string {
  const whole = Math.round(minutes);
  // Answered before the business opened (a message at night, a reply before 7): no wait that counts.
  if (whole < 1) return "under 1 min";
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours < 24) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"}${hours % 24 ? ` ${hours % 24} h` : ""}`;
}
