// How long something is kept, as the owner writes it in content/site.json and the
// privacy page says it ("13 months"); the servers delete by the same words (keptSince).
import { addDays, addMonths, type BusinessDay } from "../format/business-time";

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
/** The fewest days each unit can be (February; a year of 365 days). */
const UNIT_DAYS = { day: 1, week: 7, month: 28, year: 365 } as const;
type Unit = keyof typeof UNIT_DAYS;

export interface KeptFor {
  count: number;
  unit: Unit;
}

/** "13 months", "two years", "90 days", "1 year": a whole number (or one to twelve in words) and a unit; undefined for anything else. */
export function parseKeptFor(text: string): KeptFor | undefined {
  const match = /^\s*(\d{1,4}|[a-z]+)\s+(day|week|month|year)s?\s*$/i.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const word = match[1].toLowerCase();
  const count = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word) + 1;
  if (count < 1) return undefined;
  return { count, unit: match[2].toLowerCase() as Unit };
}

/** The first day still kept on `today` (days before it are deleted). */
export function keptSince(today: BusinessDay, keptFor: KeptFor): BusinessDay {
  const { count, unit } = keptFor;
  if (unit === "month") return addMonths(today, -count);
  if (unit === "year") return addMonths(today, -12 * count);
  return addDays(today, -count * UNIT_DAYS[unit]);
}

/** The fewest days `keptFor` can span. */
export const shortestDays = ({ count, unit }: KeptFor): number => count * UNIT_DAYS[unit];
