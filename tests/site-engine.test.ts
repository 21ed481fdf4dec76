import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectBrowser, openPage } from "./chromium";
import { pageReady } from "./page-ready";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Every page the build wrote, read back from its sitemap (the build's own list of paths). */
async function builtPaths(): Promise<string[]> {
  const xml = await readFile(join(inject("distDir"), "sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? "/");
}

describe("every route", () => {
  it("has a page in dist for each route kind of the spec", async () => {
    const paths = await builtPaths();
    expect(paths).toContain("/");
    expect(paths).toContain("/contact");
    expect(paths).toContain("/blog");
    expect(paths.filter((p) => p.startsWith("/services/"))).toHaveLength(6);
    expect(paths.filter((p) => p.startsWith("/locations/"))).toHaveLength(20);
    expect(paths.some((p) => p.startsWith("/blog/"))).toBe(true);
    await expect(readFile(join(inject("distDir"), "404.html"), "utf8")).resolves.toContain("404 Page Not Found");
  });

  it("loads with no console error, page error or failed request, its scripts and islands running", async () => {
    const paths = await builtPaths();
    const { page, problems, close } = await openPage(browser);
    for (const path of paths) {
      const res = await page.goto(path, { waitUntil: "networkidle" });
      expect(res?.status(), path).toBe(200);
      await pageReady(page);
      expect(problems, path).toEqual([]);
    }
    await close();
  });
});

describe("client navigation", () => {
  it("goes home → town → contact in one JS context and lands at the top of each page", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    await pageReady(page);
    await page.evaluate(() => Object.assign(window, { __sameContext: "yes" }));

    const footerTown = page.locator('footer a[href="/locations/irmo-sc"]');
    await footerTown.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footerTown.click();
    await page.waitForURL("**/locations/irmo-sc");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Tree Service in Irmo, SC");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toMatch(/Irmo/);
    // The head is the one a full load of the page has: one title, its canonical and Open Graph url.
    expect(await page.locator("head title").count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/locations\/irmo-sc$/);
    expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toMatch(/\/locations\/irmo-sc$/);
    expect(await page.locator('meta[name="keywords"]').count()).toBe(1);

    const contactLink = page.locator('footer a[href="/contact"]');
    await contactLink.scrollIntoViewIfNeeded();
    await contactLink.click();
    await page.waitForURL("**/contact");
    await expect.poll(() => page.locator("h1").textContent()).toMatch(/^Contact/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.locator('meta[name="keywords"]').count()).toBe(0);
    expect(await page.evaluate(() => Reflect.get(window, "__sameContext"))).toBe("yes");

    await page.goBack();
    await page.waitForURL("**/locations/irmo-sc");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Tree Service in Irmo, SC");
    await page.goForward();
    await page.waitForURL("**/contact");
    expect(await page.evaluate(() => Reflect.get(window, "__sameContext"))).toBe("yes");
    expect(problems).toEqual([]);
    await close();
  });

  it("shows the not-found page with status 404 for an unknown path", async () => {
    const { page, problems, close } = await openPage(browser);
    const res = await page.goto("/no-such-page", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(404);
    await pageReady(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("404 Page Not Found");
    expect(await page.locator("main").textContent()).toContain("Did you forget to add the page to the router?");
    // The only failure allowed is the document's own 404.
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await close();
  });
});

describe("islands", () => {
  const scriptsLoaded = (page: import("playwright-core").Page) =>
    page.evaluate(() => performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname).filter((p) => p.endsWith(".js")));

  it("loads React only on pages with a form, and hydrates just the form there", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/services/tree-removal", { waitUntil: "networkidle" });
    await pageReady(page);
    const brochure = await scriptsLoaded(page);
    expect(brochure.some((p) => p.includes("/hydrate-"))).toBe(false);
    expect(await page.locator("[data-island]").count()).toBe(0);

    await page.goto("/contact", { waitUntil: "networkidle" });
    await pageReady(page);
    expect((await scriptsLoaded(page)).some((p) => p.includes("/hydrate-"))).toBe(true);
    const island = page.locator("[data-island]");
    expect(await island.count()).toBe(1);
    expect(await island.getAttribute("data-island")).toBe("contact-panel");
    // The island is the form's section; the rest of the page (hero, cards, hours) stays plain HTML.
    expect(await island.locator("form").count()).toBe(1);
    expect(await island.locator("h1").count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it("loads no React while a page loads: the form hydrates when the visitor scrolls toward it or points at it", async () => {
    const hydrated = (page: import("playwright-core").Page) => page.locator("[data-island][data-hydrated]").count();
    // Lighthouse's phone (412 x 823: the form starts below the fold) and a desktop (the form in view at load).
    for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 900 }]) {
      const { page, problems, close } = await openPage(browser, { viewport });
      await page.goto("/contact", { waitUntil: "networkidle" });
      await page.waitForTimeout(1_000);
      expect((await scriptsLoaded(page)).filter((p) => p.includes("/hydrate-")), `${viewport.width} px`).toEqual([]);
      expect(await hydrated(page)).toBe(0);
      if (viewport.width < 500) await page.mouse.wheel(0, 300);
      else {
        // The pointer comes onto the form, which is in view at load.
        const form = await page.locator("[data-island]").boundingBox();
        expect(form && form.y + 100 < viewport.height, `${viewport.width} px: the form in view`).toBe(true);
        await page.mouse.move((form?.x ?? 0) + 100, (form?.y ?? 0) + 100);
      }
      await expect.poll(() => hydrated(page), { message: `${viewport.width} px` }).toBe(1);
      expect(problems).toEqual([]);
      await close();
    }
  });

  it("starts a form island brought in by a client navigation, and its page works", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    await pageReady(page);
    await page.locator('header a[href="/contact"]').click();
    await page.waitForURL("**/contact");
    await pageReady(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.locator('[id$="-error"]').count()).toBe(5);
    expect(problems).toEqual([]);
    await close();
  });

  it("moves focus to the new page's heading, announces its title and restores scroll on back", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/services", { waitUntil: "networkidle" });
    await pageReady(page);
    const link = page.locator('footer a[href="/locations/irmo-sc"]');
    await link.scrollIntoViewIfNeeded();
    const leftAt = await page.evaluate(() => window.scrollY);
    expect(leftAt).toBeGreaterThan(200);
    await link.click();
    await page.waitForURL("**/locations/irmo-sc");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Tree Service in Irmo, SC");
    await expect.poll(() => page.locator("p[aria-live]").textContent()).toBe(await page.title());
    await page.goBack();
    await page.waitForURL("**/services");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(leftAt);
    expect(problems).toEqual([]);
    await close();
  });

  // The home page's lower sections are drawn only near the viewport and count at a guessed
  // height until then (styles/layout.css.ts: drawnNearViewport): back must still land on the same words.
  it("restores the home page's scroll on back to the same place, though its lower sections are drawn late", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    await pageReady(page);
    const link = page.locator('#service-areas ul a[href="/locations/irmo-sc"]');
    const frames = () => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(ok)))));
    // Down to it the way a visitor scrolls, a wheel turn at a time, each section drawn as it comes near.
    await page.mouse.move(200, 400);
    while (!(await link.evaluate((a) => a.getBoundingClientRect().bottom < innerHeight - 100))) {
      await page.mouse.wheel(0, 600);
      await frames();
    }
    const top = () => link.evaluate((a) => Math.round(a.getBoundingClientRect().top));
    const [leftAt, linkTop] = [await page.evaluate(() => window.scrollY), await top()];
    expect(leftAt).toBeGreaterThan(4000);
    await link.click();
    await page.waitForURL("**/locations/irmo-sc");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await page.goBack();
    await page.waitForURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(leftAt);
    // Two frames later the sections far from view are skipped again, at the heights they were drawn at.
    await frames();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-draw-all"))).toBe(false);
    expect(await top()).toBe(linkTop);
    expect(await page.evaluate(() => window.scrollY)).toBe(leftAt);
    expect(problems).toEqual([]);
    await close();
  });

  it("fetches a page ahead when a link is hovered", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto("/", { waitUntil: "networkidle" });
    await pageReady(page);
    const fetched = page.waitForRequest((req) => new URL(req.url()).pathname === "/privacy");
    await page.locator('footer a[href="/privacy"]').hover();
    await fetched;
    await close();
  });
});

describe("without JavaScript", () => {
  it("shows every page's content and plain links work", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    await page.locator('footer a[href="/locations/chapin-sc"]').click();
    await page.waitForURL("**/locations/chapin-sc");
    expect(await page.locator("h1").textContent()).toBe("Tree Service in Chapin, SC");
    await page.locator('footer a[href="/blog"]').click();
    await page.waitForURL("**/blog");
    expect(await page.locator("h1").textContent()).toBe("Tree Care Blog");
    await close();
  });
});

describe("static serving", () => {
  it("caches hashed assets for a year and revalidates HTML", async () => {
    const base = inject("baseUrl");
    const html = await fetch(`${base}/contact`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
    expect(html.headers.get("cache-control")).toBe("no-cache");
    const body = await html.text();
    const asset = body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect(js.headers.get("content-encoding")).toBe("gzip");
    expect((await fetch(`${base}/.server/entry-server.mjs`)).status).toBe(404);
  });
});
