/**
 * A moment as the owner reads it, on the business's clock (content/site.json
 * timeZone): "Jun 2, 2025, 10:30 AM EDT". For the terminal (build summary,
 * npm run submissions), never for pages: those print dates without Intl (format-date.ts).
 */
export function formatBusinessTime(when: Date | string, timeZone: string): string {
  const date = typeof when === "string" ? new Date(when) : when;
  if (Number.isNaN(date.getTime())) return String(when);
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(date);
}

/** A calendar day on the business's clock, "YYYY-MM-DD": the owner's "today", not the server's. */
export type BusinessDay = string;

// Making a formatter takes a fraction of a millisecond; the visit counter asks for the day with every beacon.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The business day (YYYY-MM-DD) in `timeZone` at `when`. */
export function businessDay(when: Date | number, timeZone: string): BusinessDay {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(when);
}

/** `day` moved by `days` calendar days (negative: back). */
export function addDays(day: BusinessDay, days: number): BusinessDay {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** `day` moved by whole calendar months, the date kept or clamped to the month's last day (Mar 31 - 1 month: Feb 28). */
export function addMonths(day: BusinessDay, months: number): BusinessDay {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfTarget))).toISOString().slice(0, 10);
}

/** 1 for Monday … 7 for Sunday (ISO 8601). */
export function isoWeekday(day: BusinessDay): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
}

/** The moment `day` begins on the business's clock (its midnight), in epoch milliseconds. */
export function startOfBusinessDay(day: BusinessDay, timeZone: string): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const wall = Date.UTC(year, month - 1, date);
  // The zone's offset at the guess, then again at the result: right also on a day the clocks change.
  let guess = wall - zoneOffsetMs(wall, timeZone);
  guess = wall - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (New York in summer: -4 h). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** "Mon, Jun 2" for a business day: the report's and the desk's day labels. */
export function formatDayLabel(day: BusinessDay): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(Date.UTC(year, month - 1, date));
}

/** The zone as people name it: "Eastern Time" for America/New_York (the privacy page says when the day's key is deleted). */
export function formatZoneName(timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" }).formatToParts(0);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}
