import { describe, expect, it } from "vitest";
import { addDays, addMonths, businessDay, formatDayLabel, formatZoneName, instantOfWallTime, isoWeekday, startOfBusinessDay, wallTimeIn } from "./business-time";

const NY = "America/New_York";

describe("business days", () => {
  it("reads the day on the business's clock, not the server's", () => {
    expect(businessDay(new Date("2025-03-02T03:30:00Z"), NY)).toBe("2025-03-01");
    expect(businessDay(Date.parse("2025-03-02T05:00:00Z"), NY)).toBe("2025-03-02");
  });

  it("finds midnight also on the days the clocks change", () => {
    expect(new Date(startOfBusinessDay("2025-06-02", NY)).toISOString()).toBe("2025-06-02T04:00:00.000Z");
    expect(new Date(startOfBusinessDay("2025-01-15", NY)).toISOString()).toBe("2025-01-15T05:00:00.000Z");
    // Clocks go forward at 2 AM on Mar 9 and back on Nov 2: midnight is still before the change.
    expect(new Date(startOfBusinessDay("2025-03-09", NY)).toISOString()).toBe("2025-03-09T05:00:00.000Z");
    expect(new Date(startOfBusinessDay("2025-03-10", NY)).toISOString()).toBe("2025-03-10T04:00:00.000Z");
    expect(new Date(startOfBusinessDay("2025-11-03", NY)).toISOString()).toBe("2025-11-03T05:00:00.000Z");
    expect(businessDay(startOfBusinessDay("2025-11-03", NY) - 1, NY)).toBe("2025-11-02");
  });

  it("counts calendar days, months and weekdays", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addMonths("2025-03-31", -1)).toBe("2025-02-28");
    expect(addMonths("2025-06-02", -13)).toBe("2024-05-02");
    expect(isoWeekday("2025-06-02")).toBe(1);
    expect(isoWeekday("2025-06-08")).toBe(7);
    expect(formatDayLabel("2025-06-02")).toBe("Mon, Jun 2");
    expect(formatZoneName(NY)).toBe("Eastern Time");
  });
});

describe("the business clock", () => {
  it("turns a date and time on the clock into an ISO time with its offset, and back", () => {
    expect(instantOfWallTime("America/New_York", { date: "2025-11-03", time: "09:00" })).toBe("2025-11-03T09:00:00-05:00");
    expect(instantOfWallTime("America/New_York", { date: "2025-07-01", time: "18:30" })).toBe("2025-07-01T18:30:00-04:00");
    expect(instantOfWallTime("Asia/Kolkata", { date: "2025-07-01", time: "00:15" })).toBe("2025-07-01T00:15:00+05:30");
    expect(wallTimeIn("America/New_York", new Date("2025-11-03T14:00:00Z"))).toEqual({ date: "2025-11-03", time: "09:00" });
  });

  it("handles the nights the clocks change", () => {
    // 1:30 happens twice on 2025-11-02: the first (daylight time) is taken.
    expect(new Date(instantOfWallTime("America/New_York", { date: "2025-11-02", time: "01:30" })).toISOString()).toBe("2025-11-02T05:30:00.000Z");
    // 2:30 does not happen on 2025-03-09: an hour later on the clock, the same moment.
    const skipped = instantOfWallTime("America/New_York", { date: "2025-03-09", time: "02:30" });
    expect(skipped).toBe("2025-03-09T03:30:00-04:00");
    expect(new Date(skipped).toISOString()).toBe("2025-03-09T07:30:00.000Z");
  });
});
