const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * Dates are read in UTC and spelled out by hand rather than with Intl or
 * toLocaleDateString: the build's Node and the visitor's browser then print the
 * same text for the same ISO string, whatever their time zone or ICU data, so a
 * hydrated page never disagrees with its prerendered HTML.
 */
function parts(iso: string): { month: string; day: number; year: number } {
  const date = new Date(iso);
  const month = MONTHS[date.getUTCMonth()];
  if (month === undefined || Number.isNaN(date.getTime())) throw new RangeError(`not a date: "${iso}"`);
  return { month, day: date.getUTCDate(), year: date.getUTCFullYear() };
}

/** "Jan 5, 2025": blog cards. */
export function formatShortDate(iso: string): string {
  const { month, day, year } = parts(iso);
  return `${month.slice(0, 3)} ${day}, ${year}`;
}

/** "January 5, 2025": the post page. */
export function formatLongDate(iso: string): string {
  const { month, day, year } = parts(iso);
  return `${month} ${day}, ${year}`;
}
