import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteSchema } from "./site";

const site = JSON.parse(readFileSync("content/site.json", "utf8"));

describe("site.json timeZone", () => {
  it("defaults to America/New_York", () => {
    const { timeZone: _, ...without } = site;
    expect(siteSchema.parse(without).timeZone).toBe("America/New_York");
  });

  it("takes another zone by its name", () => {
    expect(siteSchema.parse({ ...site, timeZone: "America/Chicago" }).timeZone).toBe("America/Chicago");
  });

  it("refuses a name that is not a zone, saying what it expects", () => {
    const result = siteSchema.safeParse({ ...site, timeZone: "Eastern" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["timeZone"], message: 'expected a time zone name like "America/New_York"' });
  });
});
