import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate } from "./format-date";

describe("post dates", () => {
  it("prints the short and long forms of the spec", () => {
    expect(formatShortDate("2025-01-05T00:00:00.000Z")).toBe("Jan 5, 2025");
    expect(formatLongDate("2025-01-05T00:00:00.000Z")).toBe("January 5, 2025");
    expect(formatShortDate("2025-09-30T12:00:00.000Z")).toBe("Sep 30, 2025");
    expect(formatLongDate("2024-02-29T00:00:00.000Z")).toBe("February 29, 2024");
  });

  it("reads the date in UTC, so a post dated at midnight UTC is not shown as the day before", () => {
    // Late on Jan 5 in UTC is already Jan 6 in Asia and still Jan 5 in America; UTC decides.
    expect(formatShortDate("2025-01-05T23:30:00.000Z")).toBe("Jan 5, 2025");
    expect(formatShortDate("2025-01-06T03:00:00+05:00")).toBe("Jan 5, 2025");
    expect(formatLongDate("2025-12-31T23:59:59.000Z")).toBe("December 31, 2025");
  });

  it("refuses text that is not a date instead of printing 'Invalid Date'", () => {
    expect(() => formatShortDate("soon")).toThrow(/not a date/);
  });
});
