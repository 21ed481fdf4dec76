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
  let guess = wall - offsetMinutes(timeZone, wall) * 60_000;
  guess = wall - offsetMinutes(timeZone, guess) * 60_000;
  return guess;
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

/** A date and a time of day on a clock, as a form's date and time fields hold them. */
export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The business clock's date and time at `when`: what the desk's schedule fields show. */
export function wallTimeIn(timeZone: string, when: Date): WallTime {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(when).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Minutes the clock of `timeZone` is ahead of UTC at `instant` (-300 for New York in winter). */
function offsetMinutes(timeZone: string, instant: number): number {
  const { date, time } = wallTimeIn(timeZone, new Date(instant));
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

/**
 * A date and time on the business clock as an ISO time with its offset
 * ("2025-11-03T09:00:00-05:00"), as a post's publishDate is written. A time the clock
 * skips (2:30 on the night clocks go forward) is taken as the same time after the change.
 */
export function instantOfWallTime(timeZone: string, { date, time }: WallTime): string {
  const naive = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(naive)) throw new RangeError(`not a date and time: ${date} ${time}`);
  const day = 86_400_000;
  // The clock's offsets a day either side cover any change of offset near this time.
  const before = offsetMinutes(timeZone, naive - day);
  const after = offsetMinutes(timeZone, naive + day);
  const shows = (instant: number) => {
    const wall = wallTimeIn(timeZone, new Date(instant));
    return wall.date === date && wall.time === time;
  };
  // The earlier of two moments the clock shows this time (the night clocks go back); in the hour the
  // clock skips, the moment the offset from before the change gives.
  const instant = [before, after].map((o) => naive - o * 60_000).sort((a, b) => a - b).find(shows) ?? naive - before * 60_000;
  return isoOnClock(timeZone, instant);
}

/** A moment as an ISO time with the business clock's offset then, to the minute: "2026-03-09T08:00:00-04:00". */
export function isoOnClock(timeZone: string, instant: number): string {
  const wall = wallTimeIn(timeZone, new Date(instant));
  return `${wall.date}T${wall.time}:00${offsetText(offsetMinutes(timeZone, instant))}`;
}
