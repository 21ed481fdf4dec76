import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postValues, readPostSource, writePostSource, type PostValues } from "./post-source";
import { readmeExamplePost } from "./readme-example";

const blogDir = path.resolve(import.meta.dirname, "../../../content/blog");
const postFiles = readdirSync(blogDir).flatMap((name) => {
  const abs = path.join(blogDir, name);
  return statSync(abs).isDirectory() ? [path.join(abs, "index.md")] : name.endsWith(".md") ? [abs] : [];
});

/** What the desk's editor gets and sends back: through JSON, with a textarea's line ends. */
function throughTheEditor(file: string, text: string): string {
  const source = readPostSource(file, text);
  const sent: { values: PostValues; body: string } = JSON.parse(JSON.stringify({ values: postValues(source), body: source.body.replaceAll("\r\n", "\n") }));
  return writePostSource(source, sent.values, sent.body);
}

const edit = (text: string, change: (values: PostValues) => PostValues, body?: (b: string) => string) => {
  const source = readPostSource("x.md", text);
  return writePostSource(source, change(postValues(source)), body ? body(source.body) : source.body);
};

describe("a post opened and saved unchanged", () => {
  it("finds the site's posts", () => expect(postFiles.length).toBeGreaterThanOrEqual(5));

  it.each(postFiles.map((f) => [path.relative(blogDir, f), f]))("%s keeps every byte", (_name, file) => {
    const text = readFileSync(file, "utf8");
    expect(throughTheEditor(file, text)).toBe(text);
  });

  it("the README's example (table, footnote, task list, photos) keeps every byte", () => {
    const text = readmeExamplePost();
    expect(text).toContain("| Job |");
    expect(throughTheEditor("content/blog/fall-leaf-cleanup/index.md", text)).toBe(text);
  });

  it.each([
    ["Windows line ends", "---\r\ntitle: A\r\npublishDate: 2025-01-02\r\n---\r\n\r\nText\r\nmore\r\n"],
    ["a byte-order mark", "\uFEFF---\ntitle: A\npublishDate: 2025-01-02\n---\nText\n"],
    ["comments and unknown keys", "---\n# written by hand\ntitle: 'A'   # the title\ntags:\n  - oak\n  - pine\npublishDate: 2025-01-02\ndraft: true  # delete to publish\n---\n\n\nText"],
    ["a folded value", "---\ntitle: A\npublishDate: 2025-01-02\nexcerpt: >-\n  Two lines\n  of summary.\n---\nText\n"],
    ["no text", "---\ntitle: A\npublishDate: 2025-01-02\n---\n"],
    ["quoted values", `---\ntitle: "Stump Grinding vs. Stump Removal: Which?"\npublishDate: "2025-11-03T09:00:00-05:00"\n---\nx\n`],
  ])("%s keeps every byte", (_name, text) => {
    expect(throughTheEditor("content/blog/a.md", text)).toBe(text);
  });
});

describe("a post edited in the desk", () => {
  const post = "---\ntitle: Oak Care\npublishDate: 2025-01-02\ncategory: Tree Health  # or: Storm Prep\nexcerpt: Short.\ndraft: true  # shown only in npm run dev; delete this line to publish\n---\n\nBody.\n";

  it("rewrites only the changed key's line, in place, keeping its note", () => {
    expect(edit(post, (v) => ({ ...v, title: "Oak Care in Winter", category: "Storm Prep" }))).toBe(
      post.replace("title: Oak Care", "title: Oak Care in Winter").replace("category: Tree Health", "category: Storm Prep"),
    );
  });

  it("removes a key's line and puts a new key where a person would", () => {
    const { draft: _draft, ...rest } = postValues(readPostSource("x.md", post));
    expect(edit(post, () => ({ ...rest, featured: true, imageAlt: "An oak", image: "./oak.jpg" }))).toBe(
      "---\ntitle: Oak Care\npublishDate: 2025-01-02\ncategory: Tree Health  # or: Storm Prep\nfeatured: true\nexcerpt: Short.\nimage: ./oak.jpg\nimageAlt: An oak\n---\n\nBody.\n",
    );
  });

  it("quotes a value only when YAML would read it otherwise", () => {
    const out = edit(post, (v) => ({ ...v, title: "Oaks: when to prune", excerpt: "true", metaDescription: "Plain words, fine.", publishDate: "2025-11-03T09:00:00-05:00" }));
    expect(out).toContain('title: "Oaks: when to prune"\n');
    expect(out).toContain('excerpt: "true"\n');
    expect(out).toContain("metaDescription: Plain words, fine.\n");
    expect(out).toContain('publishDate: "2025-11-03T09:00:00-05:00"\n');
    const read = readPostSource("x.md", out).data;
    expect(read).toMatchObject({ title: "Oaks: when to prune", excerpt: "true", publishDate: "2025-11-03T09:00:00-05:00" });
  });

  it("replaces a folded value whole", () => {
    const text = "---\ntitle: A\nexcerpt: >-\n  Two lines\n  of summary.\npublishDate: 2025-01-02\n---\nText\n";
    expect(edit(text, (v) => ({ ...v, excerpt: "One line." }))).toBe("---\ntitle: A\nexcerpt: One line.\npublishDate: 2025-01-02\n---\nText\n");
  });

  it("writes a changed text with the file's own line ends, ending in one", () => {
    const text = "---\r\ntitle: A\r\npublishDate: 2025-01-02\r\n---\r\n\r\nOld\r\n";
    expect(edit(text, (v) => v, () => "New\nlines")).toBe("---\r\ntitle: A\r\npublishDate: 2025-01-02\r\n---\r\n\r\nNew\r\nlines\r\n");
  });

  it("writes a new post as a person would", () => {
    expect(writePostSource(undefined, { title: "Fall Cleanup", publishDate: "2025-10-20", category: "Seasonal Maintenance", featured: false, draft: true }, "Text.")).toBe(
      "---\ntitle: Fall Cleanup\npublishDate: 2025-10-20\ncategory: Seasonal Maintenance\ndraft: true\n---\n\nText.\n",
    );
  });
});
