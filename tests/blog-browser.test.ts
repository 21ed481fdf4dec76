import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runBuild } from "../scripts/build-engine/run-build";
import { createSiteApp } from "../scripts/site-app";
import { connectBrowser, desktop, openPage } from "./chromium";
import { pageReady } from "./page-ready";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

const hydrated = (page: Page) => pageReady(page);
const cardTitles = (page: Page) => page.locator("main article h2").allTextContents();
const filter = (page: Page, name: string) => page.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name, exact: true });
// The only errors allowed are the 404 answers a missing post is meant to get.
const without404 = (problems: string[]) => problems.filter((p) => !p.includes("404"));

/** Holds requests matching `pattern` until release() is called: the loading state stays on screen to be seen. */
async function holdRequests(page: Page, pattern: string) {
  const held: Route[] = [];
  let open = false;
  await page.route(pattern, (route) => {
    if (open) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      open = true;
      await Promise.all(held.map((r) => r.continue()));
    },
    count: () => held.length,
  };
}

describe("blog list", () => {
  it("shows cards with short dates, categories and Read More links", async () => {
    const { page, problems, close } = await openPage(browser, { viewport: desktop });
    await page.goto("/blog");
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe("Tree Care Blog");
    const cards = page.locator("main article");
    expect(await cards.count()).toBe(5);
    // Issue 14: the post with `featured: true` leads the list and spans the row; the rest follow newest first.
    const featured = cards.first();
    expect(await featured.getAttribute("data-featured")).toBe("true");
    expect(await featured.locator("h2").textContent()).toBe("Preparing Your Trees for Hurricane Season in the Midlands");
    expect(await featured.textContent()).toContain("Featured");
    const width = (i: number) => cards.nth(i).evaluate((el) => el.getBoundingClientRect().width);
    expect(await width(0)).toBeGreaterThan((await width(1)) * 1.5);
    expect(await page.locator("main article[data-featured]").count()).toBe(1);
    const first = cards.nth(1);
    expect(await first.locator("time").textContent()).toBe("Sep 9, 2025");
    expect(await first.textContent()).toContain("Tree Care Tips");
    // "Read More" (the spec's words), then the title, unseen: Lighthouse's SEO audit fails links that say only "Read More".
    const readMore = first.getByRole("link", { name: /^Read More about Stump Grinding vs\. Stump Removal: Which One Do You Need\?$/ });
    expect(await readMore.evaluate((a) => (a.firstChild as Text | null)?.textContent)).toBe("Read More");
    expect(await readMore.evaluate((a) => document.getElementById(a.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(
      "Stump Grinding vs. Stump Removal: Which One Do You Need?",
    );
    expect(await readMore.getAttribute("href")).toBe("/blog/stump-grinding-vs-stump-removal");
    // metaDescription is clamped to three lines.
    const clamp = await first.locator("p").first().evaluate((el) => getComputedStyle(el).webkitLineClamp);
    expect(clamp).toBe("3");
    const filters = page.getByRole("navigation", { name: "Blog categories" }).getByRole("link");
    expect(await filters.allTextContents()).toEqual(["All", "Tree Care Tips", "Seasonal Maintenance", "Storm Prep", "Tree Health"]);
    expect(await filters.first().getAttribute("aria-current")).toBe("page");
    expect(problems).toEqual([]);
    await close();
  });

  it("filters by category with JavaScript (client navigation) and back to All", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/blog");
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { __sameContext: "yes" }));
    await filter(page, "Storm Prep").click();
    await page.waitForURL("**/blog/category/storm-prep");
    await expect.poll(() => cardTitles(page)).toEqual(["Preparing Your Trees for Hurricane Season in the Midlands"]);
    expect(await filter(page, "Storm Prep").getAttribute("aria-current")).toBe("page");
    expect(await filter(page, "All").getAttribute("aria-current")).toBeNull();
    expect(await page.title()).toMatch(/^Storm Prep \| Tree Care Blog/);
    await filter(page, "Tree Care Tips").click();
    await page.waitForURL("**/blog/category/tree-care-tips");
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(2);
    await filter(page, "All").click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(5);
    expect(await page.evaluate(() => Reflect.get(window, "__sameContext"))).toBe("yes");
    expect(problems).toEqual([]);
    await close();
  });

  it("filters by category without JavaScript", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/blog");
    await filter(page, "Tree Health").click();
    await page.waitForURL("**/blog/category/tree-health");
    expect(await cardTitles(page)).toEqual(["Signs a Tree Is Dying or Dangerous: What to Look For"]);
    expect(await filter(page, "Tree Health").getAttribute("aria-current")).toBe("page");
    await close();
  });

  it("shows three skeleton cards while a client navigation into the blog loads", async () => {
    const { page, problems, close } = await openPage(browser, { viewport: desktop });
    await page.goto("/contact");
    await hydrated(page);
    const gate = await holdRequests(page, "**/blog");
    await page.locator('header a[href="/blog"]').click();
    const skeleton = page.getByTestId("blog-list-skeleton");
    await skeleton.waitFor();
    expect(await skeleton.locator("li").count()).toBe(3);
    await expect.poll(() => gate.count()).toBe(1);
    await gate.release();
    await skeleton.waitFor({ state: "detached" });
    expect(await page.locator("h1").textContent()).toBe("Tree Care Blog");
    expect(problems).toEqual([]);
    await close();
  });
});

describe("blog post", () => {
  it("shows title, long date, author, category, reading time, body and both links", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/blog/when-to-prune-oaks-in-the-midlands");
    await hydrated(page);
    const main = page.locator("main");
    expect(await page.locator("h1").textContent()).toBe("When to Prune Oaks in the Midlands (and Why Late Winter Wins)");
    expect(await main.locator("header time").textContent()).toBe("January 14, 2025");
    const meta = await main.locator("header").textContent();
    expect(meta).toContain("By Cedar Ridge Tree Service");
    expect(meta).toContain("Seasonal Maintenance");
    expect(meta).toMatch(/\d+ min read/);
    expect(await main.locator("h2").count()).toBeGreaterThan(1);
    expect(await page.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
    expect(await page.getByRole("link", { name: "Need Tree Service? Contact Us" }).getAttribute("href")).toBe("/contact");
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = ld.map((t): unknown => JSON.parse(t)).map((d) => (typeof d === "object" && d !== null && "@type" in d ? d["@type"] : null));
    expect(types).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    expect(await page.locator("main").getByText("Draft", { exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows the post skeleton while a client navigation to a post loads", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/blog");
    await hydrated(page);
    const gate = await holdRequests(page, "**/blog/signs-a-tree-is-dying-or-dangerous");
    await page.locator("main article", { hasText: "Signs a Tree Is Dying" }).getByRole("link", { name: "Read More" }).click();
    const skeleton = page.getByTestId("post-skeleton");
    await skeleton.waitFor();
    await expect.poll(() => gate.count()).toBe(1);
    await gate.release();
    await skeleton.waitFor({ state: "detached" });
    expect(await page.locator("h1").textContent()).toBe("Signs a Tree Is Dying or Dangerous: What to Look For");
    expect(await page.title()).toMatch(/^Signs a Tree Is Dying/);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows Post Not Found for an unknown slug served 404.html", async () => {
    const { page, problems, close } = await openPage(browser);
    const res = await page.goto("/blog/nope");
    expect(res?.status()).toBe(404);
    await hydrated(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Post Not Found");
    expect(await page.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
    expect(without404(problems)).toEqual([]);
    await close();
  });

  it("shows Post Not Found after a client navigation to an unknown slug", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/blog");
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { __sameContext: "yes" }));
    // A history entry the router picks up, as a stale link or the back button would produce.
    await page.evaluate(() => {
      window.history.pushState({}, "", "/blog/nope");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect.poll(() => page.locator("h1").textContent()).toBe("Post Not Found");
    expect(await page.evaluate(() => Reflect.get(window, "__sameContext"))).toBe("yes");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Tree Care Blog");
    expect(without404(problems)).toEqual([]);
    await close();
  });
});

function apiTitles(list: unknown): string[] {
  if (!Array.isArray(list)) throw new Error("api/blog.json is not a list");
  return list.map((p: unknown) => (typeof p === "object" && p !== null && "title" in p && typeof p.title === "string" ? p.title : ""));
}

describe("pagination", () => {
  const postCount = 52;
  let work = "";
  let server: Server;
  let baseURL = "";

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "blog-pages-"));
    const contentDir = join(work, "content");
    await cp(resolve("content"), contentDir, { recursive: true });
    await rm(join(contentDir, "blog"), { recursive: true });
    await mkdir(join(contentDir, "blog"));
    // One a day, the four categories in turn (13 each).
    const categories = ["Tree Care Tips", "Seasonal Maintenance", "Storm Prep", "Tree Health"];
    for (let i = 0; i < postCount; i++) {
      const date = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
      const front = ["---", `title: "Pruning note ${i}"`, `publishDate: ${date}`, `category: ${categories[i % 4]}`, `excerpt: "What to look for in week ${i}."`, "---"];
      await writeFile(join(contentDir, "blog", `pruning-note-${i}.md`), `${front.join("\n")}\n\nWhat the crew saw on day ${i}, in a short paragraph.\n`);
    }
    const distDir = join(work, "dist");
    await runBuild({ root: process.cwd(), contentDir, outDir: distDir, mode: "production", now: new Date("2026-01-01T00:00:00Z"), workers: 2 });
    server = createSiteApp({ distDir }).listen(0, "127.0.0.1");
    await new Promise((ok) => server.once("listening", ok));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((ok) => server?.close(ok));
    await rm(work, { recursive: true, force: true });
  });

  it("splits the list into pages of 12, linked both ways, with JavaScript", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL, viewport: desktop });
    await page.goto("/blog");
    await hydrated(page);
    const newestFirst = apiTitles(JSON.parse(await readFile(join(work, "dist", "api", "blog.json"), "utf8")));
    expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 12));
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    expect(await pager.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await pager.getByRole("link", { name: "Older posts" }).click();
    await page.waitForURL("**/blog/page/2");
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst.slice(12, 24));
    await pager.getByRole("link", { name: "Page 5" }).click();
    await page.waitForURL("**/blog/page/5");
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(postCount - 48);
    expect(await pager.getByRole("link", { name: "Older posts" }).count()).toBe(0);
    await pager.getByRole("link", { name: "Newer posts" }).click();
    await page.waitForURL("**/blog/page/4");
    expect(problems).toEqual([]);
    await close();
  });

  it("paginates a category, also without JavaScript", async () => {
    const { page, close } = await openPage(browser, { baseURL, javaScriptEnabled: false });
    await page.goto("/blog/category/storm-prep");
    expect(await cardTitles(page)).toHaveLength(12);
    await page.getByRole("link", { name: "Older posts" }).click();
    await page.waitForURL("**/blog/category/storm-prep/page/2");
    expect(await cardTitles(page)).toHaveLength(postCount / 4 - 12);
    expect(await filter(page, "Storm Prep").getAttribute("aria-current")).toBe("true");
    expect((await page.goto("/blog/page/6"))?.status()).toBe(404);
    await close();
  });

  it("carries each list page's cards once: no data copy for scripts, no post bodies", async () => {
    const text = await readFile(join(work, "dist", "blog", "page", "2", "index.html"), "utf8");
    expect(text).not.toContain('type="application/json"');
    expect(text).not.toContain("<h2>");
    expect(text.length).toBeLessThan(40_000);
  });
});

describe("blog API over HTTP", () => {
  it("answers /api/blog, /api/blog/{slug} and 404 for an unknown slug", async () => {
    const base = inject("baseUrl");
    const list = await fetch(`${base}/api/blog`);
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    const posts: unknown = await list.json();
    expect(Array.isArray(posts) && posts.length).toBe(5);
    const one = await fetch(`${base}/api/blog/stump-grinding-vs-stump-removal`);
    expect(await one.json()).toMatchObject({ slug: "stump-grinding-vs-stump-removal", content: expect.any(String) });
    const missing = await fetch(`${base}/api/blog/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Post not found" });
  });
});
