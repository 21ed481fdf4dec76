// The free estimate visits of the days offered, from the owner's offer (content/estimate-visits.json)
// on the business clock and the visits booked. Pure: the function reads the offer, the store and
// the clock, and calls these.
import { addDays, businessDay, instantOfWallTime, isoOnClock, isoWeekday } from "../../src/format/business-time";
import type { Slot } from "../../src/content/booking";
import { minutesOf, weekdayNames, type EstimateVisits } from "../../src/content/estimate-visits";

const MINUTE = 60_000;

const clockText = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * Every visit the offer holds from `now` to the end of its days ahead (today included), soonest
 * first: each line of hours on its weekdays, one visit starting every `visitMinutes` while a
 * whole visit fits, except on days off and within `noticeHours` of now. Wall times are turned
 * into moments on the business clock, so a day the clocks change has its visits at the times
 * the owner wrote (src/format/business-time.ts).
 */
export function offeredSlots(offer: EstimateVisits, timeZone: string, now: number): Slot[] {
  const today = businessDay(now, timeZone);
  const earliest = now + offer.noticeHours * 60 * MINUTE;
  const daysOff = new Set(offer.daysOff);
  const starts = new Map<number, Slot>();
  for (let i = 0; i < offer.daysAhead; i++) {
    const day = addDays(today, i);
    if (daysOff.has(day)) continue;
    const weekday = weekdayNames[isoWeekday(day) - 1];
    for (const line of offer.hours) {
      if (!weekday || !line.days.includes(weekday)) continue;
      for (let minute = minutesOf(line.from); minute + offer.visitMinutes <= minutesOf(line.to); minute += offer.visitMinutes) {
        const start = instantOfWallTime(timeZone, { date: day, time: clockText(minute) });
        const at = Date.parse(start);
        if (at < earliest || starts.has(at)) continue;
        starts.set(at, { start, end: isoOnClock(timeZone, at + offer.visitMinutes * MINUTE) });
      }
    }
  }
  return [...starts].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}

/** The offered visits with a seat left: fewer than `seats` booked visits start then. */
export function freeSlots(offered: readonly Slot[], booked: ReadonlyArray<{ start: string }>, seats: number): Slot[] {
  const taken = new Map<number, number>();
  for (const visit of booked) {
    const at = Date.parse(visit.start);
    taken.set(at, (taken.get(at) ?? 0) + 1);
  }
  return offered.filter((slot) => (taken.get(Date.parse(slot.start)) ?? 0) < seats);
}

/** The offered visit starting at `start` (any ISO form of that moment), if the offer holds one. */
export function offeredAt(offered: readonly Slot[], start: string): Slot | undefined {
  const at = Date.parse(start);
  return Number.isNaN(at) ? undefined : offered.find((slot) => Date.parse(slot.start) === at);
}
