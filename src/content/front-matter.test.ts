import matter from "gray-matter";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError } from "./content-error";
import { grayMatterOptions, namesFrontMatterLanguage, splitFrontMatter } from "./front-matter";

// Each of these would run code or set a value if evaluated; none may.
const ran = () => (globalThis as { frontMatterRan?: unknown }).frontMatterRan;
const code = '{ title: (globalThis.frontMatterRan = "yes") }';

function problemOf(source: string): string {
  try {
    splitFrontMatter("content/blog/x.md", source);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  return "no error";
}

afterEach(() => {
  delete (globalThis as { frontMatterRan?: unknown }).frontMatterRan;
});

describe("splitFrontMatter", () => {
  it("splits YAML front matter from the body", () => {
    expect(splitFrontMatter("x.md", "---\ntitle: Hi\ncount: 2\n---\nBody\n")).toEqual({ data: { title: "Hi", count: 2 }, body: "Body\n" });
    expect(splitFrontMatter("x.md", "---   \r\ntitle: Hi\r\n---\r\nBody")).toEqual({ data: { title: "Hi" }, body: "Body" });
    expect(splitFrontMatter("x.md", "No front matter.")).toEqual({ data: {}, body: "No front matter." });
  });

  it.each([
    ["---js", `---js\n${code}\n---\nBody`],
    ["---javascript", `---javascript\n${code}\n---\nBody`],
    ["--- js (a space first)", `--- js\n${code}\n---\nBody`],
    ["---js with Windows line ends", `---js\r\n${code}\r\n---\r\nBody`],
    ["---js after a byte-order mark", `\uFEFF---js\n${code}\n---\nBody`],
    ["---js with no line end", `---js ${code}`],
    ["---coffee", "---coffee\ntitle: 'x'\n---\nBody"],
    ["---toml", '---toml\ntitle = "x"\n---\nBody'],
    ["---json", '---json\n{ "title": "x" }\n---\nBody'],
    ["---yaml (only a bare --- opens front matter)", "---yaml\ntitle: x\n---\nBody"],
  ])("refuses %s without running it", (_name, source) => {
    expect(problemOf(source)).toBe("content/blog/x.md: front matter: must be YAML");
    expect(ran()).toBeUndefined();
  });

  // As gray-matter splits: every post written so far must keep splitting the same way.
  it.each([
    ["a post", "---\ntitle: Hi\ntags:\n  - a\n---\n\nBody\n---\nmore", { title: "Hi", tags: ["a"] }, "\nBody\n---\nmore"],
    ["no front matter", "Just text\n---\n", {}, "Just text\n---\n"],
    ["an empty file", "", {}, ""],
    ["---- (not an opening line)", "----\ntitle: x\n---\nBody", {}, "----\ntitle: x\n---\nBody"],
    ["a byte-order mark", "\uFEFF---\ntitle: x\n---\nBody", { title: "x" }, "Body"],
    ["Windows line ends", "---\r\ntitle: x\r\n---\r\n\r\nBody", { title: "x" }, "\r\nBody"],
    ["only comments", "---\n# a note\n  # another\n---\nBody", {}, "Body"],
    ["an empty block", "---\n---\nBody", {}, "Body"],
    ["no closing line", "---\ntitle: x\n", { title: "x" }, ""],
    ["the closing line last", "---\ntitle: x\n---", { title: "x" }, ""],
    ["a longer closing line", "---\ntitle: x\n-----\nBody", { title: "x" }, "--\nBody"],
    ["spaces after the opening", "---  \ntitle: x\n---\nBody", { title: "x" }, "Body"],
    ["a list instead of names", "---\n- a\n- b\n---\nBody", ["a", "b"], "Body"],
    ["a closing line glued to the body", "---\ntitle: x\n---Body", { title: "x" }, "Body"],
    ["indented --- (not front matter)", "  ---\ntitle: x\n---\n", {}, "  ---\ntitle: x\n---\n"],
  ])("splits %s", (_name, source, data, body) => {
    expect(splitFrontMatter("x.md", source)).toEqual({ data, body });
  });

  // The first guard is the opening-line check above; this is the second, should it ever be bypassed.
  it.each(["js", "javascript", "coffee", "coffeescript", "cson", "json", "toml", "anything"])("keeps gray-matter from running ---%s", (language) => {
    expect(() => matter(`---${language}\n${code}\n---\nBody`, grayMatterOptions)).toThrow();
    expect(ran()).toBeUndefined();
  });

  it("reads YAML with the safe schema: no !!js/function, !!js/regexp or !!js/undefined", () => {
    for (const tag of ['!!js/function "function () { globalThis.frontMatterRan = 1 }"', "!!js/regexp /a/", "!!js/undefined ''"]) {
      expect(problemOf(`---\ntitle: ${tag}\n---\nBody`)).toMatch(/^content\/blog\/x\.md: front matter: line 2, column \d+: a value that starts with ! must be in "double quotes"/);
    }
    expect(ran()).toBeUndefined();
  });

  it("keeps a __proto__ key as plain data (no prototype changes)", () => {
    const { data } = splitFrontMatter("x.md", "---\n__proto__: { polluted: 1 }\n<<: { __proto__: { polluted: 2 } }\n---\n");
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect((data as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("leaves dates as the text written, so the post schema can refuse 2025-02-30 instead of YAML rolling it over", () => {
    expect(splitFrontMatter("x.md", "---\npublishDate: 2025-02-30\nat: 2025-11-03T09:00:00-05:00\n---\n").data).toEqual({
      publishDate: "2025-02-30",
      at: "2025-11-03T09:00:00-05:00",
    });
  });

  // Line and column count in the whole file (the opening --- is line 1); the fix fits the mistake.
  it.each([
    ["a value with \": \"", "---\ntitle: Pruning: when\n---\n", 'line 2, column 15: a value that contains ": " must be in "double quotes": write title: "Pruning: when"'],
    ["the same on a later line, Windows line ends", "---\r\ntitle: Hi\r\nexcerpt: Oaks: a guide\r\n---\r\n", 'line 3, column 14: a value that contains ": " must be in "double quotes": write excerpt: "Oaks: a guide"'],
    ["a quote never closed", '---\ntitle: "Pruning\npublishDate: 2025-01-01\n---\n', 'line 2, column 8: the value of title opens a " but never closes it: end it with " on the same line'],
    ["text after a closing quote", '---\ntitle: "Oaks" and more\n---\n', `line 2, column 8: the value of title starts with a quote, so it must also end with one: put the whole value in single quotes, like title: '"Oaks" and more'`],
    ["a value starting with [", "---\ntitle: [Draft] Oaks\n---\n", 'line 2, column 8: a value that starts with [ must be in "double quotes": write title: "[Draft] Oaks"'],
    ["a key written twice", "---\ntitle: a\ntitle: b\n---\n", "line 3, column 1: title is written twice: keep one of the two lines"],
    ["a line indented too far", "---\ntitle: a\n  author: b\n---\n", "line 3, column 3: this line is indented differently from the lines around it: line the names up under each other, with spaces"],
  ])("reports %s with its line, column and fix", (_name, source, problem) => {
    expect(problemOf(source)).toBe(`content/blog/x.md: front matter: ${problem}`);
  });

  it("gives the quotes tip only when a value has \": \" in it", () => {
    expect(problemOf("---\ntitle: a\ntitle: b\n---\n")).not.toContain('": "');
    expect(problemOf("---\ntitle: [Draft] Oaks\n---\n")).not.toContain('contains ": "');
  });
});

describe("namesFrontMatterLanguage", () => {
  it("is false for a bare opening line, no front matter, or a ---- rule", () => {
    expect(namesFrontMatterLanguage("---\ntitle: x\n---\n")).toBe(false);
    expect(namesFrontMatterLanguage("--- \t\ntitle: x\n---\n")).toBe(false);
    expect(namesFrontMatterLanguage("Just text")).toBe(false);
    expect(namesFrontMatterLanguage("----js\n")).toBe(false);
  });
});
