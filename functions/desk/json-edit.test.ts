import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { editJson } from "./json-edit";

const siteText = readFileSync("content/site.json", "utf8");
const site = JSON.parse(siteText);

/** The lines of `after` that are not in `before`, and the other way round. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

describe("editJson", () => {
  it("changes one value and no other byte", () => {
    const edited = editJson(siteText, { ...site, phone: "(803) 555-0199" });
    expect(JSON.parse(edited)).toEqual({ ...site, phone: "(803) 555-0199" });
    expect(changedLines(siteText, edited)).toEqual({ removed: ['  "phone": "(803) 555-0142",'], added: ['  "phone": "(803) 555-0199",'] });
  });

  it("changes a value inside a one-line object, keeping the line's layout", () => {
    const hours = structuredClone(site.hours);
    hours[1].opens = "09:00";
    const edited = editJson(siteText, { ...site, hours });
    expect(changedLines(siteText, edited)).toEqual({
      removed: ['    { "label": "Saturday", "days": ["Saturday"], "opens": "08:00", "closes": "16:00" },'],
      added: ['    { "label": "Saturday", "days": ["Saturday"], "opens": "09:00", "closes": "16:00" },'],
    });
  });

  it("adds a list entry in its siblings' style and removes one with its comma", () => {
    const social = [...site.social, { name: "YouTube", url: "https://www.youtube.com/" }];
    const added = editJson(siteText, { ...site, social });
    expect(JSON.parse(added).social).toEqual(social);
    expect(changedLines(siteText, added)).toEqual({
      removed: ['    { "name": "Google Business Profile", "url": "https://www.google.com/maps" }'],
      added: ['    { "name": "Google Business Profile", "url": "https://www.google.com/maps" },', '    { "name": "YouTube", "url": "https://www.youtube.com/" }'],
    });
    const removed = editJson(siteText, { ...site, social: [site.social[0], site.social[2]] });
    expect(JSON.parse(removed).social).toEqual([site.social[0], site.social[2]]);
    expect(changedLines(siteText, removed)).toEqual({ removed: ['    { "name": "Instagram", "url": "https://www.instagram.com/" },'], added: [] });
    const first = editJson(siteText, { ...site, social: site.social.slice(1) });
    expect(JSON.parse(first).social).toEqual(site.social.slice(1));
  });

  it("removes and adds keys, keeping the order of the rest", () => {
    const { streetAddress: _, ...address } = site.address;
    const geo = { ...site.geo, zoom: 9 };
    const edited = editJson(siteText, { ...site, address, geo, emergencyResponse: undefined, tagline: site.tagline });
    const parsed = JSON.parse(edited);
    expect(parsed.address).toEqual(address);
    expect(parsed.geo).toEqual(geo);
    expect(parsed).not.toHaveProperty("emergencyResponse");
    expect(Object.keys(parsed)).toEqual(Object.keys(site).filter((k) => k !== "emergencyResponse"));
    expect(changedLines(siteText, edited)).toEqual({
      removed: ['    "streetAddress": "100 Columbia Ave",', '  "geo": { "latitude": 34.1657, "longitude": -81.3496 },', '  "emergencyResponse": "Crew on site typically within 1-2 hours",'],
      added: ['  "geo": { "latitude": 34.1657, "longitude": -81.3496, "zoom": 9 },'],
    });
    const readded = editJson(edited, { ...parsed, address: { ...address, streetAddress: "12 Lake Dr" } });
    expect(readded).toContain('    "country": "US",\n    "streetAddress": "12 Lake Dr"\n  },');
  });

  it("takes entries out of a multi-line list, the first and the last too", () => {
    const placeholders = site.placeholders.filter((p: string) => !["name", "phone", "work: example jobs"].includes(p));
    const edited = editJson(siteText, { ...site, placeholders });
    expect(JSON.parse(edited).placeholders).toEqual(placeholders);
    expect(changedLines(siteText, edited).added).toEqual(['    "locations/chapin-sc.md: neighborhoods"']);
    expect(JSON.parse(editJson(siteText, { ...site, placeholders: [] })).placeholders).toEqual([]);
  });

  it("handles text with quotes, backslashes and escapes", () => {
    const text = '{\n  "a": "say \\"hi\\" \\\\ \\u00e9",\n  "b": [1, 2]\n}\n';
    const edited = editJson(text, { a: 'say "bye"', b: [1, 2, 3] });
    expect(edited).toBe('{\n  "a": "say \\"bye\\"",\n  "b": [1, 2, 3]\n}\n');
  });
});
