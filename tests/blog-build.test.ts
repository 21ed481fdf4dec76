import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { runBuild } from "../scripts/build-engine/run-build";
import { connectBrowser } from "./chromium";

/**
 * Real builds of a temp copy of content/ with a draft, a future post and (in
 * their own copies) a broken post and a duplicate slug. "Now" is pinned so the
 * future post stays in the future whatever day the tests run.
 */
const now = new Date("2026-01-01T12:00:00Z");
const root = process.cwd();
let work = "";
let browser: Browser;

const draft = `---\ntitle: Draft About Mulch\npublishDate: 2025-10-01\ncategory: Tree Care Tips\ndraft: true\n---\n\nNot ready yet.\n`;
const future = `---\ntitle: Next Year's Storm Season\npublishDate: 2026-03-01\ncategory: Storm Prep\n---\n\nComing soon.\n`;

async function contentCopy(name: string, extra: Record<string, string>): Promise<string> {
  const dir = join(work, name, "content");
  await cp(resolve("content"), dir, { recursive: true });
  for (const [file, text] of Object.entries(extra)) await writeFile(join(dir, "blog", file), text);
  return dir;
}

const build = (contentDir: string, outDir: string, mode: "production" | "development" = "production", at = now) =>
  runBuild({ root, contentDir, outDir, mode, now: at, workers: 2 });

const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, "utf8"));
const exists = (file: string) => stat(file).then(() => true, () => false);

interface ApiPost {
  [key: string]: unknown;
  slug: string;
  publishDate: string;
}

function isApiPost(value: unknown): value is ApiPost {
  return typeof value === "object" && value !== null && "slug" in value && typeof value.slug === "string" && "publishDate" in value && typeof value.publishDate === "string";
}

function apiPosts(value: unknown): ApiPost[] {
  if (!Array.isArray(value) || !value.every(isApiPost)) throw new Error("api/blog.json is not a list of posts");
  return value;
}

let prodContent = "";
let prodOut = "";
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "blog-build-"));
  prodContent = await contentCopy("prod", { "draft-about-mulch.md": draft, "next-storm-season.md": future });
  prodOut = join(work, "prod", "dist");
  await build(prodContent, prodOut);
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await rm(work, { recursive: true, force: true });
});

describe("API files", () => {
  it("lists every published post newest first with the contract's fields", async () => {
    const list = apiPosts(await readJson(join(prodOut, "api", "blog.json")));
    const realPosts = (await readdir(resolve("content/blog"))).filter((f) => f.endsWith(".md"));
    expect(list).toHaveLength(realPosts.length);
    const dates = list.map((p) => Date.parse(p.publishDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const post of list) {
      expect(post).toMatchObject({
        id: expect.any(String),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        title: expect.any(String),
        metaDescription: expect.any(String),
        content: expect.any(String),
        html: expect.stringContaining("<p>"),
        publishDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        author: expect.any(String),
        excerpt: expect.any(String),
        featured: expect.any(Boolean),
      });
      expect(post.category === null || typeof post.category === "string").toBe(true);
      expect(post).not.toHaveProperty("draft");
      expect(await readJson(join(prodOut, "api", "blog", `${post.slug}.json`))).toEqual(post);
    }
  });

  it("maps /api/blog and /api/blog/{slug} for static hosts", async () => {
    const redirects = await readFile(join(prodOut, "_redirects"), "utf8");
    expect(redirects).toContain("/api/blog /api/blog.json 200");
    expect(redirects).toContain("/api/blog/:slug /api/blog/:slug.json 200");
  });
});

describe("rss.xml", () => {
  it("is well-formed RSS 2.0 with one absolute-linked item per published post", async () => {
    const xml = await readFile(join(prodOut, "rss.xml"), "utf8");
    const context = await browser.newContext();
    const page = await context.newPage();
    // Chromium's XML parser is strict: any well-formedness error yields a <parsererror>.
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute("version"),
        channelLink: doc.querySelector("channel > link")?.textContent ?? "",
        items: [...doc.querySelectorAll("item")].map((item) => ({
          title: item.querySelector("title")?.textContent ?? "",
          link: item.querySelector("link")?.textContent ?? "",
          guid: item.querySelector("guid")?.textContent ?? "",
          pubDate: item.querySelector("pubDate")?.textContent ?? "",
        })),
      };
    }, xml);
    await context.close();
    expect(feed.error).toBeNull();
    expect(feed.root).toBe("rss");
    expect(feed.version).toBe("2.0");
    expect(feed.channelLink).toBe("https://cedarridgetree.example/blog");
    const list = apiPosts(await readJson(join(prodOut, "api", "blog.json")));
    expect(feed.items).toHaveLength(list.length);
    expect(feed.items.map((i) => i.link)).toEqual(list.map((p) => `https://cedarridgetree.example/blog/${p.slug}`));
    for (const item of feed.items) {
      expect(item.guid).toBe(item.link);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect(item.title.length).toBeGreaterThan(0);
    }
  });
});

describe("drafts and future posts", () => {
  it("are left out of a production build everywhere", async () => {
    for (const slug of ["draft-about-mulch", "next-storm-season"]) {
      expect(await exists(join(prodOut, "blog", slug, "index.html")), slug).toBe(false);
      expect(await exists(join(prodOut, "api", "blog", `${slug}.json`)), slug).toBe(false);
      for (const file of ["api/blog.json", "rss.xml", "sitemap.xml", "blog/index.html", "blog/category/storm-prep/index.html", "blog/category/tree-care-tips/index.html"]) {
        expect(await readFile(join(prodOut, file), "utf8"), `${slug} in ${file}`).not.toContain(slug);
      }
    }
  });

  it("publishes a future post in the first build after its date", async () => {
    const out = join(work, "prod", "dist-later");
    await build(prodContent, out, "production", new Date("2026-03-02T00:00:00Z"));
    const list = apiPosts(await readJson(join(out, "api", "blog.json")));
    expect(list[0]?.slug).toBe("next-storm-season");
    expect(await readFile(join(out, "sitemap.xml"), "utf8")).toContain("/blog/next-storm-season<");
    expect(list.map((p) => p.slug)).not.toContain("draft-about-mulch");
  });

  it("shows drafts in a dev build with a Draft badge, still out of the feed and sitemap", async () => {
    const out = join(work, "prod", "dist-dev");
    await build(prodContent, out, "development");
    const html = await readFile(join(out, "blog", "draft-about-mulch", "index.html"), "utf8");
    expect(html).toContain(">Draft</span>");
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(await readFile(join(out, "blog", "index.html"), "utf8")).toContain("Draft About Mulch");
    expect(await readFile(join(out, "rss.xml"), "utf8")).not.toContain("draft-about-mulch");
    expect(await readFile(join(out, "sitemap.xml"), "utf8")).not.toContain("draft-about-mulch");
    expect(await readFile(join(out, "blog", "next-storm-season", "index.html"), "utf8").catch(() => "")).toBe("");
  });
});

describe("sitemap", () => {
  it("lists exactly the pages whose head does not say noindex, a post with its date and /blog with the newest post's", async () => {
    const out = join(work, "prod", "dist-sitemap");
    // A dev build: it has a draft page (noindex) beside the 404 and the two thank-you pages.
    await build(prodContent, out, "development");
    const siteUrl = z.object({ url: z.string() }).parse(await readJson(join(prodContent, "site.json"))).url;
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith(".html") && !f.startsWith("."));
    const noindex: string[] = [];
    const expected = new Map<string, string | undefined>();
    let newestPost = "";
    for (const file of files) {
      const html = await readFile(join(out, file), "utf8");
      const path = file === "404.html" ? "/404" : `/${file.replace(/\/?index\.html$/, "")}`;
      if (html.includes('<meta name="robots" content="noindex">')) {
        noindex.push(path);
        continue;
      }
      const published = /<meta property="article:published_time" content="([^"]+)">/.exec(html)?.[1];
      if (published && published > newestPost) newestPost = published;
      expected.set(`${siteUrl}${path === "/" ? "/" : path}`, published?.slice(0, 10));
    }
    expected.set(`${siteUrl}/blog`, newestPost.slice(0, 10));
    // /our-work changes with its newest job (content/work/<slug>/index.md's date).
    const jobDays = await Promise.all((await readdir(join(prodContent, "work"))).map(async (slug) => /^date: (\S+)$/m.exec(await readFile(join(prodContent, "work", slug, "index.md"), "utf8"))?.[1] ?? ""));
    expected.set(`${siteUrl}/our-work`, jobDays.sort().at(-1));
    expect(noindex).toEqual(expect.arrayContaining(["/404", "/contact/thank-you", "/reviews/thank-you", "/blog/draft-about-mulch"]));

    const xml = await readFile(join(out, "sitemap.xml"), "utf8");
    const listed = new Map([...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [m[1], m[2]]));
    expect(listed.size).toBeGreaterThan(40);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(expected));
  });
});

describe("page data", () => {
  it("renders a post page once: the body in the HTML, no copy of its data for scripts", async () => {
    const html = await readFile(join(prodOut, "blog", "when-to-prune-oaks-in-the-midlands", "index.html"), "utf8");
    const post = apiPosts([await readJson(join(prodOut, "api", "blog", "when-to-prune-oaks-in-the-midlands.json"))])[0];
    const body = typeof post?.html === "string" ? post.html : "";
    expect(body).toContain("<h2");
    expect(html.split(body).length - 1).toBe(1);
    expect(html).not.toContain('type="application/json"');
    expect(await exists(join(prodOut, "_data"))).toBe(false);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="article:published_time" content="2025-01-14T00:00:00.000Z">');
    expect(html).toContain('<meta property="article:section" content="Seasonal Maintenance">');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('"@type":"BreadcrumbList"');
  });
});

describe("content errors", () => {
  it("fail the build naming file: field: problem, leaving the previous output untouched", async () => {
    const contentDir = await contentCopy("broken", {});
    const out = join(work, "broken", "dist");
    await build(contentDir, out);
    await writeFile(join(out, "marker.txt"), "previous build");
    const before = (await readdir(out, { recursive: true })).sort();

    await writeFile(join(contentDir, "blog", "x.md"), `---\ntitle: Broken\npublishDate: someday\n---\n\nText.\n`);
    const failed = await build(contentDir, out).then(() => null, (e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(String(failed)).toMatch(/content\/blog\/x\.md: publishDate: expected a date like 2025-03-01/);
    expect((await readdir(out, { recursive: true })).sort()).toEqual(before);
    expect(await readFile(join(out, "marker.txt"), "utf8")).toBe("previous build");
    // No temp folder is left beside the output.
    expect((await readdir(join(work, "broken"))).sort()).toEqual(["content", "dist"]);
  });

  it("fail the build on a duplicate slug, naming both files", async () => {
    const contentDir = await contentCopy("dupe", {
      "oak-pruning-again.md": `---\ntitle: Oak Pruning Again\npublishDate: 2025-02-01\nslug: when-to-prune-oaks-in-the-midlands\n---\n\nText.\n`,
    });
    const failed = await build(contentDir, join(work, "dupe", "dist")).then(() => null, (e: unknown) => e);
    const line = String(failed)
      .split("\n")
      .find((l) => l.includes(': slug: "when-to-prune-oaks-in-the-midlands" is already used by '));
    // One line names both files, whichever of the two the build read first.
    expect(line).toMatch(/content\/blog\/(oak-pruning-again|when-to-prune-oaks-in-the-midlands)\.md: slug: /);
    expect(line).toContain("content/blog/oak-pruning-again.md");
    expect(line).toContain("content/blog/when-to-prune-oaks-in-the-midlands.md");
    expect(await exists(join(work, "dupe", "dist"))).toBe(false);
  });
});
