import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, touchPhone, type WatchedPage } from "./chromium";
import { ambiguous, photo, signInWithCode } from "./desk-browser";
import { serveCopy, type RepoCopy, type ServedCopy } from "./repo-copy";
import { keepScreenshot } from "./screenshots";
import type { SmtpPeer } from "./test-support";

// The site's own pages in the owner's desk as the owner uses them (issue 38): `npm start` in a
// fresh copy of the checkout, Chromium on a phone (390 px, touch), a real photo made by sharp
// through the file input, and the live site checked over HTTP after each change: the page, its
// photo in AVIF, WebP and JPEG at several widths, the sitemap, the footer's list and the map.

const OWNER = "owner@example.com";
let repo: RepoCopy;
let mail: SmtpPeer;
let browser: Browser;
let baseUrl = "";
let served: ServedCopy;

beforeAll(async () => {
  served = await serveCopy("desk-site-pages", { OWNER_EMAILS: OWNER });
  ({ repo, mail, baseUrl } = served);
  browser = await connectBrowser();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

let session: BrowserContextOptions["storageState"];
async function signedIn(options: BrowserContextOptions = touchPhone): Promise<WatchedPage> {
  if (!session) {
    const { page, close } = await openPage(browser, { baseURL: baseUrl, ...touchPhone });
    await signInWithCode(page, mail);
    session = await page.context().storageState();
    await close();
  }
  return openPage(browser, { baseURL: baseUrl, ...options, storageState: session });
}

const html = async (path: string) => (await fetch(baseUrl + path)).text();
/** Waits for the live site to show `wanted` at `path` (publishing is a build: a few seconds). */
const onSite = (path: string, wanted: string | RegExp) => expect.poll(async () => html(path), { timeout: 30_000 }).toMatch(wanted);

/** Nothing wider than the phone's screen: the page's width, and the widest elements when it is wider (to find the culprit). */
async function widerThanScreen(page: WatchedPage["page"]): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const past = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    // The elements past the edge none of whose children are: where the width comes from.
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => past(el) && ![...el.children].some(past) && getComputedStyle(el).position !== "fixed")
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className)} ${Math.round(el.getBoundingClientRect().width)} px wide, in ${el.parentElement?.tagName.toLowerCase()}.${String(el.parentElement?.className)}`);
    return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...culprits.slice(0, 8)];
  });
}

describe("the site's pages in the owner's desk under npm start", () => {
  it("on a phone: changes a service's heading and hero photo, reorders the services, adds a town on the map; each is on the site within seconds", async () => {
    const { page, problems, close } = await signedIn();
    try {
      await page.goto("/owner");
      expect(await ambiguous(page), "home").toEqual([]);
      // Every section from every screen, by its name alone.
      for (const [name, heading] of [["Services", "Services"], ["Service areas", "Service areas"], ["Home page", "Home page"], ["Photos", "Photos"]] as const) {
        await page.getByRole("link", { name }).tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
        expect(await ambiguous(page), name).toEqual([]);
        expect(await widerThanScreen(page), name).toEqual([]);
        for (const other of ["Messages", "Reviews", "Posts", "Our work", "Business details", "Visits", "Services", "Service areas", "Home page", "Photos"]) {
          expect(await page.getByRole("link", { name: other }).count(), `${other} on ${name}`).toBe(1);
        }
      }

      // A service opens by its name; Heading, Subheading, Hero photo, Hero photo description, Save.
      await page.getByRole("link", { name: "Services" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Services");
      expect(await axeViolations(page), "services").toEqual([]);
      await page.getByRole("link", { name: "Stump Removal & Grinding" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Stump Removal & Grinding");
      expect(await ambiguous(page), "a service").toEqual([]);
      expect(await axeViolations(page), "a service").toEqual([]);
      expect(await widerThanScreen(page), "a service").toEqual([]);
      await page.getByLabel("Heading", { exact: true }).fill("Stumps Gone in an Afternoon");
      // Preview: the page as it will be published with the heading as typed (the build's renderer), nothing saved.
      const savedBefore = await readFile(join(repo.dir, "content/services/stump-removal.md"), "utf8");
      await page.getByRole("button", { name: "Preview" }).tap();
      const frame = page.frameLocator("iframe[data-preview-frame]");
      await expect.poll(() => frame.getByRole("heading", { level: 1 }).textContent(), { timeout: 30_000 }).toBe("Stumps Gone in an Afternoon");
      expect(await page.getByRole("button", { name: "Back to editing" }).isVisible()).toBe(true);
      expect(await axeViolations(page), "a service's preview").toEqual([]);
      await page.getByRole("button", { name: "Desktop" }).tap();
      expect(await page.getByRole("button", { name: "Desktop" }).getAttribute("aria-pressed")).toBe("true");
      // The page at a desktop's width, scrolled sideways in its box (a flex item shrank it to the phone's).
      expect(await page.locator("[data-preview-frame]").evaluate((frame) => frame.getBoundingClientRect().width)).toBe(1280);
      await page.getByRole("button", { name: "Back to editing" }).tap();
      expect(await readFile(join(repo.dir, "content/services/stump-removal.md"), "utf8")).toBe(savedBefore);
      await page.getByLabel("Hero photo", { exact: true }).setInputFiles({ name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: await photo("jpeg", 2400, 1600) });
      await page.getByLabel("Hero photo description", { exact: true }).fill("A stump");
      // Preview, the photo not saved yet: its hero shows the new photo, loaded from the desk's files, at the phone's width.
      await page.getByRole("button", { name: "Preview" }).tap();
      await page.getByRole("button", { name: "Phone" }).tap();
      expect(page.viewportSize()?.width).toBe(390);
      expect(await page.locator("[data-preview-frame]").evaluate((frame) => frame.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
      const newHero = frame.getByRole("img", { name: "A stump" });
      await expect.poll(() => newHero.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 60_000 }).toBeGreaterThan(0);
      expect(await newHero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/owner\/photos\/thumb\/[a-z0-9-]+-[0-9a-f]{10}-\d+\.(avif|webp|jpg)$/);
      await keepScreenshot(page, "page-preview-new-hero-390");
      await page.getByRole("button", { name: "Back to editing" }).tap();
      expect(await readFile(join(repo.dir, "content/services/stump-removal.md"), "utf8")).toBe(savedBefore);
      // Described better after the preview: the file is named by the description saved (below).
      await page.getByLabel("Hero photo description", { exact: true }).fill("A freshly ground stump beside a lawn");
      await page.getByRole("button", { name: "Save" }).tap();
      await expect.poll(() => page.locator("[data-notice]").textContent(), { timeout: 60_000 }).toBe("Saved. The site shows it now.");
      await onSite("/services/stump-removal", "Stumps Gone in an Afternoon");
      const service = await html("/services/stump-removal");
      // The photo in the hero, in three formats at several widths, fetched first and at its own size.
      const picture = /<picture[^>]*>[\s\S]*?<\/picture>/.exec(service)?.[0] ?? "";
      expect(picture).toContain('type="image/avif"');
      expect(picture).toContain('type="image/webp"');
      expect(picture).toMatch(/<img[^>]+fetchPriority="high"|<img[^>]+fetchpriority="high"/);
      expect(picture).toMatch(/alt="A freshly ground stump beside a lawn"/);
      for (const width of [480, 800, 1200, 1600]) expect(picture, `${width} px`).toMatch(new RegExp(`\\.avif ${width}w`));
      expect(service).toMatch(/<link rel="preload" as="image"[^>]+imagesrcset="[^"]+\.avif 480w/);
      const jpeg = /src="(\/assets\/photos\/[^"]+\.jpg)"/.exec(picture)?.[1] ?? "";
      expect((await fetch(baseUrl + jpeg)).headers.get("content-type")).toBe("image/jpeg");
      // The file as a person writes it: the heading's line changed, the photo's two lines added after the hero.
      const file = await readFile(join(repo.dir, "content/services/stump-removal.md"), "utf8");
      expect(file).toContain("  heading: Stumps Gone in an Afternoon\n  subheading:");
      expect(file).toMatch(/\nheroImage: \.\/photos\/a-freshly-ground-stump-beside-a-lawn\.jpg\nheroImageAlt: A freshly ground stump beside a lawn\n/);

      // The order: Stump Removal one up, before Tree Trimming, in the site's lists too.
      await page.getByRole("link", { name: "Services" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Services");
      const names = () => page.locator("ol li a").allTextContents();
      const before = await names();
      const at = before.indexOf("Stump Removal & Grinding");
      const above = before[at - 1]!;
      await page.getByRole("button", { name: "Move Stump Removal & Grinding up" }).tap();
      await expect.poll(names).toEqual([...before.slice(0, at - 1), "Stump Removal & Grinding", above, ...before.slice(at + 1)]);
      await onSite("/services", new RegExp(`Stump Removal &amp; Grinding[\\s\\S]*${above.replace("&", "&amp;")}`));

      // A town: its name, a tap on the map, Add; then its page, the sitemap, the footer and the map.
      await page.getByRole("link", { name: "Service areas" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Service areas");
      expect(await axeViolations(page), "towns").toEqual([]);
      await page.getByRole("button", { name: "Add a town" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Add a town");
      await page.getByLabel("Town").fill("Pelion");
      const map = page.getByRole("img", { name: "Map of the area you serve" });
      const box = (await map.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width * 0.55, box.y + box.height * 0.9);
      expect(await axeViolations(page), "add a town").toEqual([]);
      expect(await widerThanScreen(page), "add a town").toEqual([]);
      // Every town's name inside the drawing (they ran past its right edge).
      const outside = await map.evaluate((svg: SVGSVGElement) => {
        const view = svg.viewBox.baseVal;
        return [...svg.querySelectorAll("text")].filter((t) => t.getBBox().x < view.x || t.getBBox().x + t.getBBox().width > view.x + view.width).map((t) => t.textContent);
      });
      expect(outside).toEqual([]);
      await page.getByRole("button", { name: "Add" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 60_000 }).toBe("Pelion");
      await onSite("/locations/pelion-sc", "Tree Service in Pelion, SC");
      expect(await html("/sitemap.xml")).toContain("/locations/pelion-sc</loc>");
      const home = await html("/");
      expect(home).toMatch(/<footer[\s\S]*href="\/locations\/pelion-sc"/);
      expect(home).toMatch(/<svg[^>]+aria-label="Map of[^"]*"[\s\S]*data-town="pelion-sc"[\s\S]*<\/svg>/);
      const town = await readFile(join(repo.dir, "content/locations/pelion-sc.md"), "utf8");
      expect(town).toMatch(/^---\nname: Pelion\norder: 21\ntheme: \w+\nmap:\n {2}latitude: 33\.\d+\n {2}longitude: -81\.\d+\n {2}label: right\n/);
      expect(await ambiguous(page), "a town").toEqual([]);
      expect(await widerThanScreen(page), "a town").toEqual([]);
      await page.goto("/owner/home-page");
      expect(await widerThanScreen(page), "the home page's editor").toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 300_000);

  it("refuses a save over a change made elsewhere and shows both; a hand-written file saved unchanged keeps every byte; a town removed leads to the nearest", async () => {
    const { page, close } = await signedIn({ viewport: desktop });
    try {
      const path = join(repo.dir, "content/locations/irmo-sc.md");
      const original = await readFile(path, "utf8");
      await page.goto("/owner/service-areas/irmo-sc");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.locator("[data-notice]").textContent()).toBe("Nothing to save: the page was already like this.");
      expect(await readFile(path, "utf8")).toBe(original);

      await page.getByLabel("Subheading", { exact: true }).fill("Irmo's own arborists.");
      const { writeFile } = await import("node:fs/promises");
      await writeFile(path, original.replace(/intro:\n {2}heading: (.*)/, "intro:\n  heading: Elsewhere $1"));
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Not saved: changed since you opened it");
      await expect(page.getByRole("table").textContent()).resolves.toMatch(/Subheading.*Irmo's own arborists\./);
      await expect(page.getByRole("table").textContent()).resolves.toMatch(/Intro title.*Elsewhere /);
      // A mistake made in the file on the server: said in the build's words, nothing written.
      await writeFile(path, original.replace("subtitle: ", "subtitle: Oops: "));
      await page.goto("/owner/service-areas/irmo-sc");
      await expect.poll(() => page.getByRole("main").textContent()).toContain("content/locations/irmo-sc.md: front matter: line");
      await writeFile(path, original);
      expect(await readFile(path, "utf8")).not.toContain("Irmo's own arborists.");

      await page.goto("/owner/service-areas/cayce-sc");
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Remove Cayce" }).click();
      await expect.poll(() => page.locator("[data-notice]").textContent(), { timeout: 60_000 }).toBe("Cayce is off the site. Its old address now leads to West Columbia.");
      const moved = async () => {
        const answer = await fetch(`${baseUrl}/locations/cayce-sc`, { redirect: "manual" });
        return `${answer.status} ${answer.headers.get("location")}`;
      };
      await expect.poll(moved, { timeout: 30_000 }).toMatch(/^301 .*\/locations\/west-columbia-sc$/);
      expect(await html("/sitemap.xml")).not.toContain("/locations/cayce-sc<");
    } finally {
      await close();
    }
  }, 200_000);
});
