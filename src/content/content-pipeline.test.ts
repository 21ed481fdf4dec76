import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentError } from "./content-error";
import { loadContent } from "./content-pipeline";
import { inThisThread } from "./load-content";

// loadContent is what the build runs (with readers in its worker threads, scripts/build-engine/content-readers.ts);
// here with inThisThread, on a copy of the real content with posts of the test's own.

const post = (frontMatter: string, body = "A short body.") => `---\n${frontMatter}\n---\n${body}\n`;
const builtAt = "2025-06-01T00:00:00.000Z";

describe("loadContent", () => {
  let root: string;
  const blog = (...parts: string[]) => path.join(root, "content", "blog", ...parts);
  const write = async (name: string, text: string) => {
    await mkdir(path.dirname(blog(name)), { recursive: true });
    await writeFile(blog(name), text);
  };
  const load = (mode: "production" | "development" = "production") =>
    loadContent(path.join(root, "content"), { mode, builtAt }, inThisThread({ env: {} }));

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "content-pipeline-"));
    // Without the jobs of content/work, whose photos only the build's photo pipeline makes (src/content/jobs.test.ts loads them).
    await cp("content", path.join(root, "content"), { recursive: true, filter: (src) => !src.split(path.sep).some((part) => part === "blog" || part === "work") });
    await mkdir(blog(), { recursive: true });
    // Files are named from the working directory, as the build prints them.
    vi.spyOn(process, "cwd").mockReturnValue(root);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  it("reads every post file in name order, folders too, and leaves out editor files", async () => {
    await write("older.md", post("title: Older\npublishDate: 2025-01-01"));
    await write("newer.md", post("title: Newer\npublishDate: 2025-03-01"));
    await write("oak/index.md", post("title: Oak\npublishDate: 2025-02-01"));
    await write("secret.md", post("title: Secret\npublishDate: 2025-02-02\ndraft: true"));
    await write("later.md", post("title: Later\npublishDate: 2099-01-01"));
    await write("notes.txt", "not a post");
    await write(".#older.md", "editor lock file");
    await write(".drafts/index.md", "an editor's folder");
    await mkdir(blog("photos-only"));

    const { content, posts } = await load();
    expect(posts.map((p) => p.file)).toEqual(
      ["later.md", "newer.md", "oak/index.md", "older.md", "secret.md"].map((f) => `content/blog/${f}`),
    );
    // Published: newest first, no draft, nothing dated after the build.
    expect(content.posts.map((p) => [p.slug, p.draft])).toEqual([
      ["newer", false],
      ["oak", false],
      ["older", false],
    ]);
    expect(content.posts[0]?.html).toBe("<p>A short body.</p>\n");
    expect(content.site.name).toBe("Cedar Ridge Tree Service");
    expect(content.services).toHaveLength(6);
    expect(content.builtAt).toBe(builtAt);
  });

  it("shows drafts in development builds, still not future posts", async () => {
    await write("older.md", post("title: Older\npublishDate: 2025-01-01"));
    await write("secret.md", post("title: Secret\npublishDate: 2025-02-01\ndraft: true"));
    await write("later.md", post("title: Later\npublishDate: 2099-01-01\ndraft: true"));
    const { content } = await load("development");
    expect(content.posts.map((p) => [p.slug, p.draft])).toEqual([
      ["secret", true],
      ["older", false],
    ]);
    expect(content.mode).toBe("development");
  });

  it("collects the problems of every file, across kinds of content, into one error", async () => {
    await write("a.md", post("title: A\npublishDate: 2025-01-01\nslug: same"));
    await write("b.md", post("title: B\npublishDate: 2025-01-02\nslug: same"));
    await write("c.md", post("publishDate: soon"));
    await write("d.md", post("title: D\npublishDate: 2025-01-01\nfeatured: maybe"));
    await write("f.md", post("title: Fine\npublishDate: 2025-01-01"));
    await writeFile(path.join(root, "content", "home.json"), "{");

    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const lines = (error instanceof Error ? error.message : "").split("\n");
    expect(lines.filter((l) => l.startsWith("content/blog/"))).toEqual([
      "content/blog/c.md: title: is required",
      "content/blog/c.md: publishDate: expected a date like 2025-03-01",
      "content/blog/d.md: featured: expected true or false",
      'content/blog/b.md: slug: "same" is already used by content/blog/a.md',
    ]);
    expect(lines.some((l) => l.startsWith("content/home.json: "))).toBe(true);
  });

  it("names a post file it cannot read, and still reads the others", async () => {
    await write("fine.md", post("title: Fine\npublishDate: 2025-01-01"));
    await mkdir(blog("folder.md"));
    await mkdir(blog("oak"));
    await mkdir(blog("oak", "index.md"));
    const error = await load().catch((e: unknown) => e);
    expect(error instanceof Error ? error.message : "").toBe("content/blog/oak/index.md: (file): is a folder, not a file");
  });

  it("builds a site without a blog folder", async () => {
    await rm(blog(), { recursive: true });
    const { content, posts } = await load();
    expect(posts).toEqual([]);
    expect(content.posts).toEqual([]);
  });
});
