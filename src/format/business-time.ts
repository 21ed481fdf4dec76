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
