import { describe, expect, it } from "vitest";
import { instantOfWallTime, wallTimeIn } from "./business-time";

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
