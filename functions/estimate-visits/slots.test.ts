import { describe, expect, it } from "vitest";
import type { EstimateVisits } from "../../src/content/estimate-visits";
import { freeSlots, offeredAt, offeredSlots } from "./slots";

const zone = "America/New_York";
const offer: EstimateVisits = {
  visitMinutes: 60,
  hours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], from: "08:00", to: "11:00" },
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], from: "14:00", to: "17:00" },
  ],
  daysOff: [],
  visitsAtOnce: 1,
  daysAhead: 14,
  noticeHours: 3,
  towns: ["chapin-sc"],
};

describe("offeredSlots", () => {
  it("offers weekdays 8-11 and 2-5 an hour a visit, at the owner's wall times on both sides of the clocks going forward (2026-03-08)", () => {
    // Thursday March 5, 2026, 6 PM in Chapin (EST, -05:00).
    const slots = offeredSlots(offer, zone, Date.parse("2026-03-05T23:00:00Z"));
    const starts = slots.map((s) => s.start);
    expect(starts.slice(0, 6)).toEqual([
      "2026-03-06T08:00:00-05:00",
      "2026-03-06T09:00:00-05:00",
      "2026-03-06T10:00:00-05:00",
      "2026-03-06T14:00:00-05:00",
      "2026-03-06T15:00:00-05:00",
      "2026-03-06T16:00:00-05:00",
    ]);
    // The Monday after the change: the same wall times, an hour less from UTC.
    expect(starts).toContain("2026-03-09T08:00:00-04:00");
    expect(slots.find((s) => s.start === "2026-03-09T08:00:00-04:00")?.end).toBe("2026-03-09T09:00:00-04:00");
    expect(Date.parse("2026-03-09T08:00:00-04:00")).toBe(Date.parse("2026-03-09T12:00:00Z"));
    // No weekend, fourteen days from today: Mar 6 (Fri) .. Mar 18 (Wed) hold 9 weekdays of 6 visits.
    expect(starts.every((s) => !["Sat", "Sun"].includes(new Date(s).toUTCString().slice(0, 3)))).toBe(true);
    expect(slots).toHaveLength(9 * 6);
    expect(starts.at(-1)).toBe("2026-03-18T16:00:00-04:00");
  });

  it("keeps a visit that ends after the clocks go back on the wall time written (2026-11-01, a Sunday offered)", () => {
    const sunday: EstimateVisits = { ...offer, hours: [{ days: ["Sunday"], from: "00:30", to: "02:30" }], daysAhead: 2 };
    const slots = offeredSlots(sunday, zone, Date.parse("2026-10-31T12:00:00Z"));
    expect(slots).toEqual([
      { start: "2026-11-01T00:30:00-04:00", end: "2026-11-01T01:30:00-04:00" },
      // 1:30 happens twice that night: the first one (still EDT) starts the visit, which ends an hour later at 1:30 EST.
      { start: "2026-11-01T01:30:00-04:00", end: "2026-11-01T01:30:00-05:00" },
    ]);
  });

  it("leaves out days off, the notice period and whatever is past", () => {
    // Monday March 9, 9:30 AM EDT: 8:00 and 9:00 are past; with 3 hours' notice, 10:00 is too soon; 2 PM is the first.
    const now = Date.parse("2026-03-09T13:30:00Z");
    expect(offeredSlots(offer, zone, now)[0]?.start).toBe("2026-03-09T14:00:00-04:00");
    const withDayOff = offeredSlots({ ...offer, daysOff: ["2026-03-10"] }, zone, now);
    expect(withDayOff.some((s) => s.start.startsWith("2026-03-10"))).toBe(false);
    expect(withDayOff.some((s) => s.start.startsWith("2026-03-11"))).toBe(true);
  });

  it("counts the seats of each time: a time is free while fewer visits than `visitsAtOnce` start then", () => {
    const slots = offeredSlots(offer, zone, Date.parse("2026-03-05T23:00:00Z"));
    const first = slots[0]!.start;
    // Booked with another form of the same moment.
    const booked = [{ start: "2026-03-06T13:00:00.000Z" }];
    expect(freeSlots(slots, booked, 1).map((s) => s.start)).not.toContain(first);
    expect(freeSlots(slots, booked, 2).map((s) => s.start)).toContain(first);
    expect(freeSlots(slots, [...booked, ...booked], 2).map((s) => s.start)).not.toContain(first);
    expect(offeredAt(slots, "2026-03-06T13:00:00Z")?.start).toBe(first);
    expect(offeredAt(slots, "2026-03-06T13:30:00Z")).toBeUndefined();
    expect(offeredAt(slots, "not a time")).toBeUndefined();
  });
});
