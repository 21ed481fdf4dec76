import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { placeholderReminder } from "./placeholders";

describe("placeholder reminder", () => {
  it("is one line naming each placeholder while any remains", () => {
    const line = placeholderReminder({ placeholders: ["phone", "home.json: testimonials"] });
    expect(line).toContain("2 placeholders");
    expect(line).toContain("phone, home.json: testimonials");
    expect(line).not.toContain("\n");
  });

  it("is silent once the list is empty", () => {
    expect(placeholderReminder({ placeholders: [] })).toBeNull();
  });

  it("covers every placeholder the README lists, and the README lists every one in site.json", async () => {
    const site = JSON.parse(await readFile("content/site.json", "utf8")) as { placeholders: string[] };
    const readme = await readFile("README.md", "utf8");
    const section = readme.slice(readme.indexOf("### Before launch: placeholders"), readme.indexOf("### ", readme.indexOf("### Before launch: placeholders") + 4));
    for (const entry of site.placeholders) expect(section, entry).toContain(`\`${entry}\``);
  });
});
