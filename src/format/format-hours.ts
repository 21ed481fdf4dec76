import type { Site } from "../content/site";

/** "07:00" -> "7:00 AM" */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "7:00 AM - 6:00 PM", or the entry's note ("Emergency only"). */
export function formatHours(entry: Site["hours"][number]): string {
  if (entry.opens && entry.closes) return `${formatTime(entry.opens)} - ${formatTime(entry.closes)}`;
  return entry.note ?? "Closed";
}
