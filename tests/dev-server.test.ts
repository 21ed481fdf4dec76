import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../functions/http/security-headers";
import { liveReload } from "../src/app/live-reload";
import { connectBrowser, desktop, openPage } from "./chromium";
import { capitalDate, monthsFile, moveMonthsOutOfSrc, type MovedMonths } from "./months-outside-src";
import { copyRepo, runNpm, type RepoCopy, type RunningCommand } from "./repo-copy";
import { pageReady } from "./page-ready";

// `npm run dev` exactly as the README writes it, no options, in a fresh copy of the
// checkout (no .cache/, no dist/): every page kind answers, an edited or new post shows
// in the open page, a broken file shows what to fix over the page and in the terminal.

let repo: RepoCopy;
let dev: RunningCommand;
let baseUrl: string;
let browser: Browser;
let months: MovedMonths;

const postFile = () => join(repo.dir, "content", "blog", "when-to-prune-oaks-in-the-midlands.md");

beforeAll(async () => {
  repo = await copyRepo("npm-run-dev");
  months = await moveMonthsOutOfSrc(repo.dir);
  dev = runNpm(["run", "dev"], repo.dir, { PORT: "0", DATA_DIR: join(repo.dir, "data") });
  baseUrl = (await dev.waitFor(/Dev server on (http:\/\/\S+?)\/? /))[1] ?? "";
  browser = await connectBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  await repo?.remove();
});

/**
 * The page after the next refresh the dev server triggers: the site script swaps in the new
 * page where it is (site:navigated), or the page loads again in full (new script or styles).
 */
const nextLoad = (page: import("playwright-core").Page) =>
  Promise.race([
    page.waitForEvent("load", { timeout: 60_000 }),
    // Rejected when a full load replaces the page first; the load event settles the race then.
    page.evaluate(() => new Promise<void>((done) => document.addEventListener("site:navigated", () => done(), { once: true }))).catch(() => page.waitForEvent("load")),
  ]);

describe("npm run dev, as written", () => {
  it.each([
    ["/", 200, "Cedar Ridge Tree Service"],
    ["/contact", 200, "Select a service"],
    ["/blog", 200, "Tree Care Blog"],
    ["/blog/when-to-prune-oaks-in-the-midlands", 200, "Back to Blog"],
    ["/blog/category/storm-prep", 200, "Tree Care Blog"],
    ["/services/emergency-tree-removal", 200, "Emergency"],
    ["/locations/chapin-sc", 200, "Tree Service in Chapin, SC"],
    ["/no-such-page", 404, "404 Page Not Found"],
  ])("answers %s with %i", async (path, status, text) => {
    const res = await fetch(baseUrl + path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-security-policy")).toBe(securityHeaders["Content-Security-Policy"]);
    const html = await res.text();
    expect(html).toContain(text);
    if (status === 200) expect(html).toContain(`<script src="${liveReload.scriptPath}"></script>`);
  });

  it("serves the owner's desk", async () => {
    const res = await fetch(`${baseUrl}/owner`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Send sign-in code");
  });

  it("serves the blog API and the contact function", async () => {
    const posts = await (await fetch(`${baseUrl}/api/blog`)).json();
    expect(posts.length).toBeGreaterThanOrEqual(5);
    const post = await fetch(`${baseUrl}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Jane Doe", email: "jane@example.com", phone: "8035550199", serviceType: "tree-removal", message: "A pine is leaning toward the garage." }),
    });
    expect(post.status).toBe(201);
  });

  it("reloads an open post when its file is edited, and lists a new post", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: baseUrl });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`), true);
    });
    await page.goto("/blog/when-to-prune-oaks-in-the-midlands");
    await pageReady(page);
    await expect.poll(() => page.getByText("Development preview: drafts are shown.").count()).toBe(1);

    const text = await readFile(postFile(), "utf8");
    // The owner is reading further down: the refresh swaps the page in place and keeps the scroll.
    await page.evaluate(() => {
      window.scrollTo(0, 300);
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    let reloaded = nextLoad(page);
    const edited = Date.now();
    await writeFile(postFile(), text.replace(/^title: .*$/m, "title: Pruning Oaks, Edited While Open"));
    await reloaded;
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 10_000 }).toBe("Pruning Oaks, Edited While Open");
    console.log(`npm run dev: edit to visible ${Date.now() - edited} ms (5 posts)`);
    expect(await page.evaluate(() => [(window as unknown as { sameDocument?: boolean }).sameDocument, window.scrollY])).toEqual([true, 300]);

    await page.goto("/blog");
    reloaded = nextLoad(page);
    await writeFile(
      join(repo.dir, "content", "blog", "a-brand-new-draft.md"),
      "---\ntitle: A Brand New Draft\npublishDate: 2025-06-01\ncategory: Tree Health\ndraft: true\n---\n\nWritten while the preview was open.\n",
    );
    await reloaded;
    await expect.poll(() => page.getByRole("link", { name: /A Brand New Draft/ }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // A reload ends the page's own event stream; nothing else may fail.
    expect(problems.filter((p) => !p.includes(liveReload.eventsPath))).toEqual([]);
    await close();
  });

  it("shows a broken file over the open page and in the terminal, keeps serving, and clears when fixed", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: baseUrl, viewport: desktop });
    await page.goto("/blog");
    await pageReady(page);
    const good = await readFile(postFile(), "utf8");
    const printedBefore = dev.output().length;

    await writeFile(postFile(), good.replace(/^publishDate: .*$/m, "publishDate: next Tuesday"));
    const overlay = page.getByRole("alertdialog");
    await expect.poll(() => overlay.count(), { timeout: 60_000 }).toBe(1);
    const shown = (await overlay.innerText()).replace(/\s+/g, " ");
    expect(shown).toContain("content/blog/when-to-prune-oaks-in-the-midlands.md");
    expect(shown).toContain("publishDate");
    expect(shown).toContain("it should be a date like 2025-03-01");
    await expect.poll(() => dev.output().slice(printedBefore)).toContain("content/blog/when-to-prune-oaks-in-the-midlands.md: publishDate: expected a date like 2025-03-01");

    // The last good build is still served, and a page opened now is told at once.
    expect((await fetch(`${baseUrl}/blog`)).status).toBe(200);
    const second = await openPage(browser, { baseURL: baseUrl });
    await second.page.goto("/contact");
    await expect.poll(() => second.page.getByRole("alertdialog").count()).toBe(1);
    await second.close();

    const reloaded = nextLoad(page);
    await writeFile(postFile(), good);
    await reloaded;
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    expect(problems.filter((p) => !p.includes(liveReload.eventsPath))).toEqual([]);
    await close();
  });

  it("rebuilds and reloads the open page when a file the site bundles from outside src/ changes", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: baseUrl });
    await page.goto("/blog/when-to-prune-oaks-in-the-midlands");
    await pageReady(page);
    expect(await page.locator("body").innerText()).not.toMatch(capitalDate);
    const printedBefore = dev.output().length;

    const reloaded = nextLoad(page);
    await months.rename((m) => m.toUpperCase());
    await reloaded;
    await expect.poll(() => page.locator("body").innerText(), { timeout: 10_000 }).toMatch(capitalDate);
    // Printed once the rest of the rebuild is done, after the reload.
    await expect.poll(() => dev.output().slice(printedBefore)).toContain(`${monthsFile} changed: rebuilt`);
    expect(problems.filter((p) => !p.includes(liveReload.eventsPath))).toEqual([]);
    await close();
  });
});
