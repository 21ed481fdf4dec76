import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../scripts/build-engine/run-build";
import type { ContentProblem } from "../src/content/content-error";
import { formatProblem } from "../src/content/content-error";

/**
 * The owner's mistakes (issue 11), each in a real build of a temp copy of content/:
 * the exact message, and the previous output folder byte for byte as it was.
 * Messages name files relative to the working directory, so the copy sits under it.
 */
const root = process.cwd();
const now = new Date("2026-01-01T12:00:00Z");
let work = "";
let contentDir = "";
let outDir = "";
let shown = "";
const warnings: string[] = [];

const build = (strict = false) =>
  runBuild({ root, contentDir, outDir, mode: "production", now, workers: 2, strict, onWarning: (problems: ContentProblem[]) => warnings.push(...problems.map(formatProblem)) });

async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    files[file.slice(dir.length)] = createHash("sha256").update(await readFile(file)).digest("hex");
  }
  return files;
}

/** Runs a build expected to fail; returns its message after checking the output folder was not touched. */
async function failingBuild(strict = false): Promise<string> {
  const before = await snapshot(outDir);
  const error = await build(strict).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(await snapshot(outDir)).toEqual(before);
  return (error as Error).message;
}

const post = (frontMatter: string, body = "Text.") => `---\ntitle: A Post\n${frontMatter}\n---\n\n${body}\n`;
const linking = post(
  "publishDate: 2025-05-01\ncategory: Storm Prep",
  "See [our removal page](/services/tree-removal), [the feed](/rss.xml), [the icon](/favicon.svg), [storm posts](/blog/category/storm-prep), [the API](/api/blog/oak-links), [this](#top) and [a form](/contact#form).\n\nBut [this](/services/nope) and [that](/blog/some-missing-post/) lead nowhere.",
);

beforeAll(async () => {
  await mkdir(join(root, ".cache"), { recursive: true });
  work = await mkdtemp(join(root, ".cache", "content-mistakes-"));
  contentDir = join(work, "content");
  outDir = join(work, "dist");
  shown = contentDir.slice(root.length + 1);
  await cp(resolve("content"), contentDir, { recursive: true });
  await writeFile(join(contentDir, "blog", "oak-links.md"), linking);
  await build();
  await writeFile(join(outDir, "marker.txt"), "previous build");
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("a link to a page of this site that does not exist", () => {
  it("is a warning naming the file and the link by default", () => {
    expect(warnings).toEqual([
      `${shown}/blog/oak-links.md: (body): the link to /services/nope leads to no page of this site: check the address (dist/sitemap.xml lists every page)`,
      `${shown}/blog/oak-links.md: (body): the link to /blog/some-missing-post/ leads to no page of this site: check the address (dist/sitemap.xml lists every page)`,
    ]);
  });

  it("fails the build with --strict, leaving the previous output as it was", async () => {
    expect(await failingBuild(true)).toBe(
      [
        `${shown}/blog/oak-links.md: (body): the link to /services/nope leads to no page of this site: check the address (dist/sitemap.xml lists every page)`,
        `${shown}/blog/oak-links.md: (body): the link to /blog/some-missing-post/ leads to no page of this site: check the address (dist/sitemap.xml lists every page)`,
      ].join("\n"),
    );
  }, 120_000);
});

describe("the blog's categories", () => {
  it("come from content/site.json: a category added there gets its filter button and page", async () => {
    const original = await readFile(join(contentDir, "site.json"), "utf8");
    const site = JSON.parse(original);
    site.blogCategories.push({ name: "Lawn Care", slug: "lawn-care", description: "Keeping grass healthy under big trees." });
    await writeFile(join(contentDir, "site.json"), JSON.stringify(site, null, 2));
    await writeFile(join(contentDir, "blog", "oak-links.md"), post("publishDate: 2025-05-01\ncategory: lawn care"));
    await build();
    const page = await readFile(join(outDir, "blog", "category", "lawn-care", "index.html"), "utf8");
    expect(page).toContain('<meta name="description" content="Keeping grass healthy under big trees."');
    expect(page).toContain(">A Post<");
    expect(await readFile(join(outDir, "blog", "index.html"), "utf8")).toContain('href="/blog/category/lawn-care"');
    await writeFile(join(contentDir, "site.json"), original);
    await writeFile(join(contentDir, "blog", "oak-links.md"), linking);
    await build();
    await writeFile(join(outDir, "marker.txt"), "previous build");
  }, 120_000);
});

describe("content mistakes fail the build, leaving the previous output as it was", () => {
  it.each([
    ["an impossible date, unquoted", "publishDate: 2025-02-30", "publishDate: 2025-02-30 is not a real date (February has 28 days in 2025); write it like 2025-02-28"],
    ["a day past the month's end", "publishDate: 2026-11-31", "publishDate: 2026-11-31 is not a real date (November has 30 days); write it like 2026-11-30"],
    ["a month past 12", "publishDate: 2025-13-45", "publishDate: 2025-13-45 is not a real date (a year has 12 months, and the month comes second: year-month-day); write it like 2025-03-01"],
    ["a value with \": \" not in quotes", "publishDate: 2025-05-01\nexcerpt: Storms: a checklist", 'front matter: line 4, column 16: a value that contains ": " must be in "double quotes": write excerpt: "Storms: a checklist"'],
    ["a category not on the blog's list", "publishDate: 2025-05-01\ncategory: Storm prep tips", 'category: "Storm prep tips" is not one of the blog\'s categories: Tree Care Tips, Seasonal Maintenance, Storm Prep, Tree Health (add it to blogCategories in content/site.json first)'],
    ["a key in another case", "publishdate: 2025-05-01", "publishDate: is required\n{file}: publishdate: is not a known field: did you mean publishDate?"],
  ])("%s", async (_name, frontMatter, problem) => {
    await writeFile(join(contentDir, "blog", "oak-links.md"), post(frontMatter));
    const file = `${shown}/blog/oak-links.md`;
    expect(await failingBuild()).toBe(`${file}: ${problem.replace("{file}", file)}`);
  }, 120_000);
});
