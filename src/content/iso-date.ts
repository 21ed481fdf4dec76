// Dates as the owner writes them in front matter: `2025-03-01` or an ISO time. Front
// matter YAML leaves them as text (src/content/front-matter.ts), so a date that does not
// exist is caught here and said in plain words instead of rolling over to another day.

/** The usual example, used when the text is not a date at all. */
export const DATE_HINT = "expected a date like 2025-03-01";

// YYYY-MM-DD, or an ISO time: 2025-03-01T09:30, 2025-03-01T09:30:00Z, 2025-03-01T09:30-05:00
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A real calendar date (no 2025-02-30, no roll-over) as a Date, or what is wrong with
 * the text and how to write it. A time without a zone is read as UTC so that the build
 * gives the same result on every machine.
 */
export function readIsoDate(input: string): { date: Date } | { problem: string } {
  const text = input.trim();
  const m = ISO_DATE.exec(text);
  if (!m) return { problem: DATE_HINT };
  const [, y = "", mo = "", d = "", h = "00", mi = "00", s = "00", zone] = m;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (month < 1 || month > 12) {
    return { problem: `${text} is not a real date (a year has 12 months, and the month comes second: year-month-day); write it like ${y}-03-01` };
  }
  const days = daysIn(year, month);
  if (day < 1 || day > days) {
    const monthName = MONTHS[month - 1] ?? "";
    const inYear = month === 2 ? ` in ${year}` : "";
    return { problem: `${text} is not a real date (${monthName} has ${days} days${inYear}); write it like ${y}-${mo}-${pad(Math.min(Math.max(day, 1), days))}` };
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return { problem: `${text} is not a real time (hours go from 00 to 23, minutes and seconds to 59); write it like ${y}-${mo}-${d}T09:30` };
  }
  const offset = zone === undefined || zone === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? { problem: DATE_HINT } : { date };
}
