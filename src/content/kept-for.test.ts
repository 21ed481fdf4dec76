import { describe, expect, it } from "vitest";
import { keptSince, parseKeptFor } from "./kept-for";
import { siteSchema } from "./site";
import { readFileSync } from "node:fs";

const site = JSON.parse(readFileSync("content/site.json", "utf8"));

describe("visitsKeptFor", () => {
  it("reads the owner's words and deletes by calendar", () => {
    expect(parseKeptFor("13 months")).toEqual({ count: 13, unit: "month" });
    expect(parseKeptFor("two years")).toEqual({ count: 2, unit: "year" });
    expect(parseKeptFor("1 Week")).toEqual({ count: 1, unit: "week" });
    expect(parseKeptFor("forever")).toBeUndefined();
    expect(parseKeptFor("0 days")).toBeUndefined();
    expect(keptSince("2025-06-02", { count: 13, unit: "month" })).toBe("2024-05-02");
    expect(keptSince("2025-06-02", { count: 90, unit: "day" })).toBe("2025-03-04");
  });

  it("names the field and the fix for a length it cannot read or one too short", () => {
    const bad = siteSchema.safeParse({ ...site, visitsKeptFor: "a while" });
    expect(bad.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      'visitsKeptFor: expected a length of time like "13 months", "2 years" or "90 days"',
    ]);
    const short = siteSchema.safeParse({ ...site, visitsKeptFor: "10 days" });
    expect(short.error?.issues[0]?.message).toMatch(/at least 2 weeks/);
    expect(siteSchema.parse({ ...site, visitsKeptFor: undefined }).visitsKeptFor).toBe("13 months");
  });
});
