import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "../../src/content/front-matter";
import { editFrontMatter, replaceBody, writeFrontMatter, yamlScalar } from "./yaml-edit";

const files = ["content/services", "content/locations"].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => `${dir}/${name}`),
);
const read = (file: string) => readFileSync(file, "utf8");
const dataOf = (text: string) => splitFrontMatter("(test)", text).data;

/** The lines of `after` that are not in `before`, and the other way round. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

/** Every text value's path in `value`: ["hero", "heading"], ["faqs", 2, "answer"], ... */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

function setIn(value: Record<string, unknown>, path: (string | number)[], to: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = to;
  return copy;
}

describe("editFrontMatter over every service and town", () => {
  it.each(files)("%s: saved unchanged keeps every byte", (file) => {
    const text = read(file);
    expect(editFrontMatter(text, dataOf(text))).toBe(text);
    expect(replaceBody(text, splitFrontMatter(file, text).body)).toBe(text);
  });

  it.each(files)("%s: each text changed alone rewrites only its own line and reads back", (file) => {
    const text = read(file);
    const data = dataOf(text);
    for (const path of textPaths(data)) {
      const wanted = setIn(data, path, "A new value: with a colon, # a hash and \"quotes\"");
      const edited = editFrontMatter(text, wanted);
      expect(dataOf(edited), path.join(".")).toEqual(wanted);
      // Line by line in place: exactly one differs.
      const [a, b] = [text.split("\n"), edited.split("\n")];
      expect(b.length, path.join(".")).toBe(a.length);
      expect(b.filter((line, i) => line !== a[i]).length, path.join(".")).toBe(1);
    }
  });
});

describe("editFrontMatter", () => {
  const text = read("content/services/tree-removal.md");
  const data = dataOf(text);
  const order = ["title", "order", "icon", "serviceType", "card", "metaTitle", "metaDescription", "hero", "heroImage", "heroImageAlt", "features"];

  it("adds a hero photo's two lines where a person puts them, and takes them out again byte for byte", () => {
    const wanted = { ...data, heroImage: "./photos/crane-over-a-roof.jpg", heroImageAlt: "A crane lifting an oak over a roof" };
    const added = editFrontMatter(text, wanted, order);
    expect(dataOf(added)).toEqual(wanted);
    expect(changedLines(text, added)).toEqual({ removed: [], added: ["heroImage: ./photos/crane-over-a-roof.jpg", "heroImageAlt: A crane lifting an oak over a roof"] });
    const lines = added.split("\n");
    expect(lines[lines.indexOf("heroImage: ./photos/crane-over-a-roof.jpg") - 1]).toMatch(/^ {2}subheading: /);
    expect(editFrontMatter(added, data, order)).toBe(text);
  });

  it("adds and removes list items in their siblings' style", () => {
    const faqs = [...(data.faqs as unknown[]), { question: "Do you work on Sundays?", answer: "Only for emergencies." }];
    const more = editFrontMatter(text, { ...data, faqs });
    expect(dataOf(more).faqs).toEqual(faqs);
    expect(changedLines(text, more).added).toEqual(["  - question: Do you work on Sundays?", "    answer: Only for emergencies."]);
    const fewer = editFrontMatter(text, { ...data, faqs: (data.faqs as unknown[]).filter((_, i) => i !== 1) });
    expect(changedLines(text, fewer).added).toEqual([]);
    expect(changedLines(text, fewer).removed).toHaveLength(2);
  });

  it("keeps comments, quotes, CRLF line ends and block scalars it does not change", () => {
    const hand = "---\r\ntitle: \"Tree: Removal\"  # the name in menus\r\nhero:\r\n  heading: >\r\n    Folded\r\n    text\r\n  subheading: 'single'\r\n---\r\n\r\nBody.\r\n";
    const d = dataOf(hand);
    expect(editFrontMatter(hand, d)).toBe(hand);
    const edited = editFrontMatter(hand, { ...d, title: "Removal" });
    expect(edited).toBe(hand.replace('"Tree: Removal"', "Removal"));
    const heading = editFrontMatter(hand, { ...d, hero: { heading: "New heading", subheading: "single" } });
    expect(heading).toBe("---\r\ntitle: \"Tree: Removal\"  # the name in menus\r\nhero:\r\n  heading: New heading\r\n  subheading: 'single'\r\n---\r\n\r\nBody.\r\n");
  });

  it("writes a value bare only when YAML reads it back the same", () => {
    expect(yamlScalar("Chapin")).toBe("Chapin");
    expect(yamlScalar("yes")).toBe("yes");
    expect(yamlScalar("true")).toBe('"true"');
    expect(yamlScalar("12")).toBe('"12"');
    expect(yamlScalar("- dash")).toBe('"- dash"');
    expect(yamlScalar("a: b")).toBe('"a: b"');
    expect(yamlScalar(34.1)).toBe("34.1");
  });

  it("writes a new file that reads back as its data, and replaces a body keeping the front matter", () => {
    const fresh = writeFrontMatter({ name: "Pelion", order: 21, map: { latitude: 33.78, longitude: -81.25 }, services: [{ name: "Tree removal", service: "tree-removal" }] });
    expect(fresh).toBe("---\nname: Pelion\norder: 21\nmap:\n  latitude: 33.78\n  longitude: -81.25\nservices:\n  - name: Tree removal\n    service: tree-removal\n---\n");
    expect(dataOf(fresh)).toEqual({ name: "Pelion", order: 21, map: { latitude: 33.78, longitude: -81.25 }, services: [{ name: "Tree removal", service: "tree-removal" }] });
    const body = replaceBody(text, "A new intro.\n\nSecond paragraph.");
    expect(body.slice(0, text.indexOf("\n---\n") + 5)).toBe(text.slice(0, text.indexOf("\n---\n") + 5));
    expect(splitFrontMatter("x", body).body.trim()).toBe("A new intro.\n\nSecond paragraph.");
  });
});
