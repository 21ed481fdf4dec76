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

  it("keeps gray-matter from running code even if the opening-line check were bypassed", () => {
    expect(() => matter(`---js\n${code}\n---\n`, grayMatterOptions)).toThrow(/must be YAML/);
    expect(() => matter(`---javascript\n${code}\n---\n`, grayMatterOptions)).toThrow(/must be YAML/);
    expect(() => matter("---coffee\ntitle: 'x'\n---\n", grayMatterOptions)).toThrow(/must be YAML/);
    expect(ran()).toBeUndefined();
  });

  it("reads YAML with the safe schema: no !!js/function, !!js/regexp or !!js/undefined", () => {
    for (const tag of ['!!js/function "function () { globalThis.frontMatterRan = 1 }"', "!!js/regexp /a/", "!!js/undefined ''"]) {
      expect(problemOf(`---\ntitle: ${tag}\n---\nBody`)).toMatch(/^content\/blog\/x\.md: front matter: could not be read: unknown tag/);
    }
    expect(ran()).toBeUndefined();
  });

  it("keeps a __proto__ key as plain data (no prototype changes)", () => {
    const { data } = splitFrontMatter("x.md", "---\n__proto__: { polluted: 1 }\n<<: { __proto__: { polluted: 2 } }\n---\n");
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect((data as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("reports bad YAML with the usual fix", () => {
    expect(problemOf("---\ntitle: Pruning: when\n---\n")).toMatch(/^content\/blog\/x\.md: front matter: could not be read: .* \(tip: a value that contains ": " must be in "double quotes"\)$/);
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
