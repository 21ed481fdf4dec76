import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadSite } from "../src/content/load-content";
import { connectBrowser, desktop, openPage, phone } from "./chromium";
import { pageReady } from "./page-ready";

// Issue 14's pages: /services, /locations, /privacy, the service-area map, and the no-JavaScript error summary.
const site = await loadSite("content");

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, viewport = desktop) {
  const watched = await openPage(browser, { viewport });
  await watched.page.goto(path, { waitUntil: "networkidle" });
  await pageReady(watched.page);
  return watched;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b));
}

const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute("href")));

describe.each([
  { path: "/services", h1: "Our Tree Services", type: "ItemList" },
  { path: "/locations", h1: "Service Areas", type: "ItemList" },
  { path: "/privacy", h1: "Privacy", type: "WebPage" },
])("$path", ({ path, h1, type }) => {
  it("has its own title, description, canonical, JSON-LD and sitemap entry", async () => {
    const { page, problems, close } = await open(path);
    expect(await page.locator("h1").textContent()).toBe(h1);
    const title = await page.title();
    expect(title).toContain(site.name);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(50);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${site.url}${path}`);
    const blocks = await jsonLd(page);
    expect(blocks.some((b) => b["@type"] === type)).toBe(true);
    expect(blocks.some((b) => b["@type"] === "BreadcrumbList")).toBe(true);
    const sitemap = await readFile(join(inject("distDir"), "sitemap.xml"), "utf8");
    expect(sitemap).toContain(`<loc>${site.url}${path}</loc>`);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("index pages", () => {
  it("the header's Services and Service Areas lead to them", async () => {
    const { page, close } = await open("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Services", exact: true }).getAttribute("href")).toBe("/services");
    expect(await nav.getByRole("link", { name: "Service Areas", exact: true }).getAttribute("href")).toBe("/locations");
    await nav.getByRole("link", { name: "Service Areas", exact: true }).click();
    await page.waitForURL("**/locations");
    // Polled: the URL changes before React has drawn the new page (failed once in CI).
    await expect.poll(() => nav.getByRole("link", { name: "Service Areas", exact: true }).getAttribute("aria-current")).toBe("page");
    await close();
  });

  it("/services links every service page, and its JSON-LD lists them in order", async () => {
    const { page, close } = await open("/services");
    const links = await hrefs(page, "main section[aria-label='All services'] h2 a");
    expect(links).toEqual([
      "/services/emergency-tree-removal",
      "/services/tree-removal",
      "/services/tree-trimming-pruning",
      "/services/cabling-bracing",
      "/services/stump-removal",
      "/services/tree-doctor",
    ]);
    const list = (await jsonLd(page)).find((b) => b["@type"] === "ItemList") as { itemListElement: { url: string }[] };
    expect(list.itemListElement.map((i) => i.url)).toEqual(links.map((l) => `${site.url}${l}`));
    await close();
  });

  it("/privacy says what the forms keep, how visits are counted, for how long, and how to have it deleted, and the footer and form link to it", async () => {
    const { page, close } = await open("/privacy");
    const text = await page.locator("main").innerText();
    for (const words of ["name, email address and phone number", `for ${site.messagesKeptFor}`, "the server deletes them by itself", site.email, site.phone.display]) expect(text).toContain(words);
    // The booking and the review form link here too: what each keeps, and that notifications are unreadable on their way.
    for (const words of ["the street address and town where we should come", "a link to cancel it", "name, town, rating and words are shown", "without being able to read it"]) {
      expect(text).toContain(words);
    }
    // Issue 30: what the visit counts keep, for how long (visitsKeptFor), and when the day's key goes.
    for (const words of [`kept for ${site.visitsKeptFor}`, "deleted at midnight (Eastern Time)", "Global Privacy Control", "session storage", "sets none"]) {
      expect(text).toContain(words);
    }
    expect(await page.locator("main").getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      "What the contact form keeps",
      "What booking an estimate visit keeps",
      "What a review keeps",
      "How visits are counted",
      "Where it is kept",
      "How long we keep it",
      "Asking us to delete it",
    ]);
    expect(await hrefs(page, "footer a[href='/privacy']")).toHaveLength(1);
    await page.goto("/contact", { waitUntil: "networkidle" });
    expect(await page.locator("form a[href='/privacy']").count()).toBe(1);
    await close();
  });
});

describe("service-area map", () => {
  for (const [where, path] of [
    ["home page's Service Areas", "/"],
    ["/locations", "/locations"],
  ] as const) {
    it(`on the ${where}: every town a link, Chapin highlighted, Lake Murray outlined, drawn without images or script`, async () => {
      const { page, close } = await open(path);
      const map = page.locator(path === "/" ? "#service-areas svg[role='group']" : "main svg[role='group']");
      expect(await map.getAttribute("aria-label")).toMatch(/^Map of/);
      const links = map.locator("a");
      expect(await links.count()).toBe(20);
      const towns = await hrefs(page, `${path === "/" ? "#service-areas" : "main"} svg[role='group'] a`);
      expect(new Set(towns).size).toBe(20);
      for (const href of towns) expect(href).toMatch(/^\/locations\/[a-z-]+-sc$/);
      // Named by aria-label: on a narrow map some names are not drawn (src/components/map/).
      const names = await links.evaluateAll((els) => els.map((a) => a.getAttribute("aria-label")));
      expect(names).toContain("Irmo");
      const chapin = map.locator("a[data-primary]");
      expect(await chapin.count()).toBe(1);
      expect(await chapin.getAttribute("href")).toBe("/locations/chapin-sc");
      expect(await chapin.getAttribute("aria-label")).toBe("Chapin (home base)");
      // Highlighted: a larger dot than any other town, in the brand colour, with a halo.
      const radii = await links.evaluateAll((els) => els.map((a) => Number(a.querySelector("circle:last-of-type")?.getAttribute("r"))));
      const chapinR = await chapin.evaluate((a) => Number(a.querySelector("circle:last-of-type")?.getAttribute("r")));
      expect(chapinR).toBe(Math.max(...radii));
      expect(await chapin.locator("circle").count()).toBe(2);
      expect(await map.locator("path").count()).toBe(1); // the lake
      expect(await map.locator("image, foreignObject, script").count()).toBe(0);
      // Each town is placed by its coordinates: Columbia east of Chapin, Newberry north-west.
      const at = (slug: string) => map.locator(`a[href='/locations/${slug}'] circle`).last().evaluate((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
      const [cx, cy] = await at("chapin-sc");
      const [colX] = await at("columbia-sc");
      const [newX, newY] = await at("newberry-sc");
      expect(colX).toBeGreaterThan(cx ?? 0);
      expect(newX).toBeLessThan(cx ?? 0);
      expect(newY).toBeLessThan(cy ?? 0);
      // A keyboard reaches the towns on the map.
      await links.first().focus();
      expect(await links.first().evaluate((el) => el === document.activeElement)).toBe(true);
      await close();
    });
  }
});

describe("the no-JavaScript contact answer", () => {
  it("brings the error summary into view and focuses it", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false, viewport: phone });
    await page.goto("/contact");
    await page.locator("#contact-name").fill("J");
    await page.locator('form button[type="submit"]').click();
    await page.waitForLoadState();
    const summary = page.getByRole("alert");
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await summary.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.y).toBeLessThan(phone.height);
    await close();
  });
});
