import { describe, expect, it } from "vitest";
import { median, minutesText, openMinutesBetween } from "./open-hours";

const NY = "America/New_York";
// content/site.json's: weekdays 7 to 6, Saturday 8 to 4, Sunday emergencies only (no times).
const hours = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "18:00" },
  { days: ["Saturday"], opens: "08:00", closes: "16:00" },
  { days: ["Sunday"] },
];
const at = (iso: string) => Date.parse(iso);

describe("opening hours", () => {
  it("counts a wait in the hours the business is open, on its clock", () => {
    // Tuesday 9:00 to 9:25 EDT: 25 minutes.
    expect(openMinutesBetween(at("2025-06-03T09:00:00-04:00"), at("2025-06-03T09:25:00-04:00"), hours, NY)).toBe(25);
    // Saturday 21:00 to Monday 7:20: Sunday is closed, so 20 minutes.
    expect(openMinutesBetween(at("2025-06-07T21:00:00-04:00"), at("2025-06-09T07:20:00-04:00"), hours, NY)).toBe(20);
    // Friday 17:30 to Saturday 8:30: 30 + 30.
    expect(openMinutesBetween(at("2025-06-06T17:30:00-04:00"), at("2025-06-07T08:30:00-04:00"), hours, NY)).toBe(60);
    // Across the night the clocks go back (Nov 2, 2025, a Sunday): Saturday 15:00 to Monday 7:30 is 60 + 30.
    expect(openMinutesBetween(at("2025-11-01T15:00:00-04:00"), at("2025-11-03T07:30:00-05:00"), hours, NY)).toBe(90);
    expect(openMinutesBetween(at("2025-06-03T09:25:00-04:00"), at("2025-06-03T09:00:00-04:00"), hours, NY)).toBe(0);
  });

  it("counts every hour when no opening times are given", () => {
    expect(openMinutesBetween(at("2025-06-07T21:00:00-04:00"), at("2025-06-08T00:00:00-04:00"), [{ days: ["Sunday"] }], NY)).toBe(180);
    expect(openMinutesBetween(at("2025-06-07T21:00:00-04:00"), at("2025-06-08T00:00:00-04:00"), undefined, NY)).toBe(180);
  });

  it("takes the middle of the waits and words them", () => {
    expect(median([])).toBeUndefined();
    expect(median([30, 5, 10])).toBe(10);
    expect(median([30, 5, 10, 20])).toBe(15);
    expect([minutesText(0), minutesText(7.4), minutesText(60), minutesText(185), minutesText(60 * 26)]).toEqual(["under 1 min", "7 min", "1 h", "3 h 5 min", "1 day 2 h"]);
  });
});
