import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadSite } from "../src/content/load-content";
import { connectBrowser, desktop, openPage, type WatchedPage } from "./chromium";
import { pageReady } from "./page-ready";

// The facts the pages must show, read by the loader the build uses.
const site = await loadSite("content", {});
const phoneDisplay: string = site.phone.display;
const tel = `tel:${site.phone.dial}`;
const siteUrl: string = site.url.replace(/\/+$/, "");

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, options = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  await watched.page.goto(path, { waitUntil: "networkidle" });
  await pageReady(watched.page);
  return watched;
}

/** Text as written (textContent), not as CSS shows it: some headings are uppercased by style. */
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents().then((all) => all.map((t) => t.trim()));

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

const ofType = (blocks: Record<string, unknown>[], type: string) => blocks.filter((b) => b["@type"] === type);

async function headOf(page: Page) {
  return {
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute("content"),
    canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
    ogTitle: await page.locator('meta[property="og:title"]').getAttribute("content"),
    ogImage: await page.locator('meta[property="og:image"]').getAttribute("content"),
    twitterCard: await page.locator('meta[name="twitter:card"]').getAttribute("content"),
  };
}

/** Every quote button goes to booking a free estimate (issue 40) and every phone button dials; nothing else answers to these names. */
async function expectCallsToAction(page: Page) {
  const quote = page.getByRole("link", { name: /^(Get Free Quote|Get Free Consultation|Request Free Quote)$/ });
  expect(await quote.count()).toBeGreaterThan(0);
  for (const href of await quote.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) expect(href).toBe("/book-estimate");
  const phoneButtons = page.locator("main a", { hasText: phoneDisplay });
  expect(await phoneButtons.count()).toBeGreaterThan(0);
  for (const href of await phoneButtons.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) expect(href).toBe(tel);
}

describe("shared header and footer", () => {
  it("has a sticky header with a home link and a tel link, and the footer sections", async () => {
    const { page, problems, close } = await open("/locations/chapin-sc");
    const header = page.locator("header").first();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    expect(await header.locator('a[href="/"]').count()).toBeGreaterThan(0);
    expect(await header.locator(`a[href="${tel}"]`).count()).toBe(1);

    const footer = page.locator("footer");
    expect(await texts(page, "footer h2")).toEqual(["Contact Information", "Working Hours", "Quick Links", "Our Services", "Service Areas"]);
    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    // Issue 14 added the privacy page to the Quick Links, issue 38 Our Work.
    expect(await texts(page, "footer nav[aria-labelledby='footer-links'] a")).toEqual(["Home", "Our Work", "Contact Us", "Blog", "Privacy"]);
    expect(await quick.locator("a").evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual(["/", "/our-work", "/contact", "/blog", "/privacy"]);
    expect(await footer.getByRole("navigation", { name: "Our Services" }).locator("a").count()).toBe(6);
    // Scrollable (spec), and since issue 14 a labelled region reachable by keyboard, sized to whole rows.
    const areas = footer.getByRole("region", { name: "Service areas list" });
    expect(await areas.locator("a").count()).toBe(20);
    expect(await areas.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
    expect(await areas.getAttribute("tabindex")).toBe("0");
    const rows = await areas.evaluate((el) => {
      const row = el.querySelector("a")?.getBoundingClientRect().height ?? 0;
      return { box: el.clientHeight, row, more: el.scrollHeight > el.clientHeight };
    });
    expect(rows.more).toBe(true);
    expect(rows.box / rows.row).toBeCloseTo(Math.round(rows.box / rows.row), 5);
    const social = footer.locator('a[target="_blank"]');
    expect(await social.count()).toBe(3);
    for (const href of await social.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) expect(href).toMatch(/^https:\/\//);
    expect(await footer.innerText()).toContain(`© ${new Date().getUTCFullYear()} ${site.name}`);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("home", () => {
  it("puts the structured data first, then the hero and the sections in the spec's order", async () => {
    const { page, problems, close } = await open("/");
    const order = await page.locator("main > *").evaluateAll((els) =>
      els.map((e) => (e.tagName === "SCRIPT" ? `script:${e.getAttribute("type")}` : e.id || e.tagName.toLowerCase())),
    );
    // Issue 38 put the newest jobs of Our work after the services.
    expect(order.slice(0, 8)).toEqual(["script:application/ld+json", "section", "about", "services", "recent-work", "testimonials", "native-trees", "service-areas"]);
    expect(await page.locator("h1").count()).toBe(1);
    await expectCallsToAction(page);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows 6 benefits, 6 service cards (only emergency is 'Available 24/7'), 2 testimonials and 6 native trees", async () => {
    const { page, close } = await open("/");
    expect(await page.locator("#about li h3").count()).toBe(6);

    const cards = page.locator("#services li");
    expect(await cards.count()).toBe(6);
    const badged = cards.filter({ hasText: "Available 24/7" });
    expect(await badged.count()).toBe(1);
    expect(await badged.locator("a").getAttribute("href")).toBe("/services/emergency-tree-removal");
    const serviceLinks = await cards.locator("a").evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(serviceLinks).toHaveLength(6);
    for (const href of serviceLinks) expect(href).toMatch(/^\/services\/[a-z-]+$/);

    const quotes = page.locator("#testimonials li");
    expect(await quotes.count()).toBe(2);
    expect(await texts(page, "#testimonials [aria-hidden='true']:not(svg)")).toEqual(["SM", "DR"]);
    for (let i = 0; i < 2; i++) {
      expect(await quotes.nth(i).locator("svg").count()).toBe(5);
      expect(await quotes.nth(i).getByRole("img", { name: "Rated 5 out of 5 stars" }).count()).toBe(1);
    }

    const trees = page.locator("#native-trees li");
    expect(await texts(page, "#native-trees li h3")).toEqual(["Southern Live Oak", "Longleaf Pine", "Eastern Redbud", "Bald Cypress", "Southern Magnolia", "Sweetgum"]);
    // innerText is the text as drawn, and the section is drawn as it comes near the viewport
    // (src/styles/layout.css.ts: drawnNearViewport): read where a visitor reads it.
    await trees.first().scrollIntoViewIfNeeded();
    await expect.poll(() => trees.first().locator("i").innerText()).toBe("Quercus virginiana");
    expect(await trees.first().innerText()).toMatch(/Mature height: 40-80 ft/);
    expect(await trees.first().innerText()).toMatch(/evergreen oak/);
    await close();
  });

  it("lists 20 service areas linking to their town pages, with Chapin marked as the primary one", async () => {
    const { page, close } = await open("/");
    const areas = page.locator("#service-areas ul li a");
    expect(await areas.count()).toBe(20);
    const hrefs = await areas.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toContain("/locations/lake-murray-sc");
    for (const href of hrefs) expect(href).toMatch(/^\/locations\/[a-z-]+-sc$/);
    const primary = page.locator("#service-areas ul a[data-primary]");
    expect(await primary.count()).toBe(1);
    expect(await primary.textContent()).toBe("Chapin Our home base");
    expect(await primary.getAttribute("href")).toBe("/locations/chapin-sc");
    await close();
  });

  it("shows the floating call button only when scrolled more than 300 px", async () => {
    const { page, problems, close } = await open("/");
    const fab = page.locator("a[data-visible]");
    expect(await fab.getAttribute("href")).toBe(tel);
    expect(await fab.isVisible()).toBe(false);
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
    };
    await scrollTo(300);
    await page.waitForTimeout(300);
    expect(await fab.getAttribute("data-visible")).toBe("false");
    expect(await fab.isVisible()).toBe(false);
    await scrollTo(301);
    await expect.poll(() => fab.isVisible()).toBe(true);
    await scrollTo(0);
    await expect.poll(() => fab.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it("describes the business in JSON-LD and has a full head", async () => {
    const { page, close } = await open("/");
    const [business] = ofType(await jsonLd(page), "HomeAndConstructionBusiness");
    expect(business).toMatchObject({
      name: site.name,
      telephone: site.phone.dial,
      email: site.email,
      priceRange: "$$",
      address: { addressLocality: "Chapin", addressRegion: "SC", postalCode: "29036", addressCountry: "US" },
      aggregateRating: { ratingValue: "5.0", reviewCount: 47 },
    });
    expect(business?.areaServed).toHaveLength(20);
    expect((business?.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement).toHaveLength(6);
    expect(business?.openingHoursSpecification).toHaveLength(2);

    const head = await headOf(page);
    expect(head.canonical).toBe(`${siteUrl}/`);
    expect(head.title).toContain(site.name);
    expect(head.ogImage).toBe(`${siteUrl}/og-image.png`);
    expect(head.twitterCard).toBe("summary_large_image");
    await close();
  });
});

describe("service page", () => {
  it("emergency tree removal: hero, 3 features, process, 4 FAQs, call to action, structured data", async () => {
    const { page, problems, close } = await open("/services/emergency-tree-removal");
    expect(await page.locator("h1").innerText()).toBe("24/7 Emergency Tree Removal");
    expect(await page.locator("main").innerText()).toMatch(/1-2 hours/);
    expect(await page.locator("section[aria-labelledby='features-title'] li").count()).toBe(3);
    expect(await texts(page, "section[aria-labelledby='process-title'] h2")).toEqual(["What Happens When You Call"]);
    expect(await page.locator("section[aria-labelledby='process-title'] ol > li").count()).toBe(4);
    expect(await page.locator("section[aria-labelledby='faq-title'] dt").count()).toBe(4);
    const cta = page.locator("section[aria-labelledby='cta-title']");
    expect(await cta.locator("h2").innerText()).toBe("Tree Down? Call Now");
    expect(await cta.locator(`a[href="${tel}"]`).innerText()).toBe(phoneDisplay);
    await expectCallsToAction(page);

    const blocks = await jsonLd(page);
    expect(ofType(blocks, "Service")[0]).toMatchObject({
      serviceType: "Emergency Tree Removal",
      provider: { "@type": "HomeAndConstructionBusiness", name: site.name },
    });
    expect((ofType(blocks, "FAQPage")[0]?.mainEntity as unknown[]).length).toBe(4);
    // Home / Services / this service: issue 14 added the /services index page.
    expect(ofType(blocks, "BreadcrumbList")[0]?.itemListElement).toHaveLength(3);

    const head = await headOf(page);
    expect(head.canonical).toBe(`${siteUrl}/services/emergency-tree-removal`);
    expect(head.title).toBe(`24/7 Emergency Tree Removal in Chapin & the Midlands, SC | ${site.name}`);
    expect(head.ogTitle).toBe(head.title);
    expect(problems).toEqual([]);
    await close();
  });

  it("states the spec's cost and depth figures in the FAQs", async () => {
    const { page, close } = await open("/services/tree-removal");
    expect(await page.locator("section[aria-labelledby='faq-title']").innerText()).toMatch(/\$500 (to|and) \$3,000/);
    await close();
    const stump = await open("/services/stump-removal");
    expect(await stump.page.locator("section[aria-labelledby='faq-title']").innerText()).toContain("6-12 inches");
    await stump.close();
  });
});

interface TownCase {
  slug: string;
  name: string;
  theme: string;
  neighborhoods?: string[];
  keywords: boolean;
  mentions: string;
}

const towns: TownCase[] = [
  { slug: "lake-murray-sc", name: "Lake Murray", theme: "lake", keywords: true, mentions: "650-mile" },
  {
    slug: "irmo-sc",
    name: "Irmo",
    theme: "lake",
    keywords: true,
    mentions: "Harbison",
    neighborhoods: ["Lake Murray", "Seven Oaks", "Harbison", "Friarsgate", "Lake Murray Shores", "Dutch Fork", "Crosscreek", "Woodlands"],
  },
  {
    slug: "west-columbia-sc",
    name: "West Columbia",
    theme: "historic",
    keywords: false,
    mentions: "heritage",
    neighborhoods: ["Riverwalk", "Meeting Street", "Sunset", "Saluda Gardens", "Platt Springs", "Springdale", "Airport", "Guignard"],
  },
  { slug: "pomaria-sc", name: "Pomaria", theme: "rural", keywords: true, mentions: "farm" },
];

describe.each(towns)("town page $slug", (town) => {
  it("has the shared layout with the town's own text", async () => {
    const { page, problems, close } = await open(`/locations/${town.slug}`, { viewport: desktop });
    const hero = page.locator("main > section").first();
    expect(await hero.locator("p").first().innerText()).toBe(`Serving ${town.name}, SC`);
    expect(await page.locator("h1").innerText()).toBe(`Tree Service in ${town.name}, SC`);
    // The hero's own call button, then (issue 14) the emergency card beside the text on wide screens, which calls too.
    const calls = hero.getByRole("link", { name: `Call ${phoneDisplay}` });
    expect(await calls.count()).toBe(2);
    for (const href of await calls.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) expect(href).toBe(tel);
    expect(await hero.getByRole("complementary", { name: "Tree down or on the house?" }).isVisible()).toBe(true);
    const heroHeight = await hero.evaluate((el) => el.getBoundingClientRect().height);
    expect(heroHeight).toBeGreaterThanOrEqual(desktop.height * 0.6 - 1);
    expect(await hero.locator(`svg[data-scene="${town.theme}"]`).count()).toBe(1);
    expect(await hero.locator("img").count()).toBe(0);

    expect(await page.locator("section[aria-labelledby='intro-title'] p").count()).toBe(2);
    expect(await page.locator("main").innerText()).toContain(town.mentions);
    expect(await page.locator("section[aria-labelledby='features-title'] li").count()).toBe(3);
    const services = await page.locator("section[aria-labelledby='town-services-title'] li").count();
    expect(services).toBeGreaterThanOrEqual(5);
    expect(services).toBeLessThanOrEqual(6);
    // Issue 14: every service line links to its service page; neighbourhoods are plain tags, nothing to press.
    const serviceHrefs = await page.locator("section[aria-labelledby='town-services-title'] li a").evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(serviceHrefs).toHaveLength(services);
    for (const href of serviceHrefs) expect(href).toMatch(/^\/services\/(emergency-tree-removal|tree-removal|tree-trimming-pruning|cabling-bracing|stump-removal|tree-doctor)$/);
    const hoods = await texts(page, "section[aria-labelledby='town-neighborhoods-title'] li");
    expect(hoods).toEqual(town.neighborhoods ?? []);
    expect(await page.locator("section[aria-labelledby='town-neighborhoods-title'] :is(a, button, [tabindex])").count()).toBe(0);
    const cursor = await page.locator("section[aria-labelledby='town-neighborhoods-title'] li").evaluateAll((els) => els.map((e) => getComputedStyle(e).cursor));
    for (const c of cursor) expect(c).not.toBe("pointer");

    // The map beside the intro marks this town among the others.
    const map = page.locator("section[aria-labelledby='intro-title'] svg[role='group']");
    expect(await map.locator("a[href^='/locations/']").count()).toBe(20);
    expect(await map.locator(`a[href='/locations/${town.slug}']`).getAttribute("aria-current")).toBe("page");

    const closing = page.locator("section[aria-labelledby='cta-title']");
    expect(await closing.locator(`a[href="${tel}"]`).innerText()).toBe(phoneDisplay);
    await expectCallsToAction(page);

    const head = await headOf(page);
    expect(head.canonical).toBe(`${siteUrl}/locations/${town.slug}`);
    expect(head.title).toContain(town.name);
    expect(head.description).toBeTruthy();
    expect(await page.locator('meta[name="keywords"]').count()).toBe(town.keywords ? 1 : 0);

    const [service] = ofType(await jsonLd(page), "Service");
    expect(service).toMatchObject({
      serviceType: "Tree Service",
      provider: { "@type": "HomeAndConstructionBusiness" },
      areaServed: { "@type": "City", name: town.name, containedInPlace: { "@type": "State", name: "South Carolina" } },
    });
    expect(problems).toEqual([]);
    await close();
  });
});

describe("search engines", () => {
  it("gives every page its own title and description", async () => {
    const xml = await readFile(join(inject("distDir"), "sitemap.xml"), "utf8");
    const paths = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? "/");
    const { page, close } = await openPage(browser);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of paths) {
      await page.goto(path);
      const head = await headOf(page);
      expect(head.canonical, path).toMatch(/^https?:\/\//);
      expect(titles.get(head.title), `${path} repeats a title`).toBeUndefined();
      expect(descriptions.get(head.description ?? ""), `${path} repeats a description`).toBeUndefined();
      titles.set(head.title, path);
      descriptions.set(head.description ?? "", path);
    }
    await close();
  });

  it("serves the 1200x630 sharing image", async () => {
    const { page, close } = await openPage(browser);
    const res = await page.goto("/og-image.png");
    expect(res?.headers()["content-type"]).toBe("image/png");
    const png = await res?.body();
    expect(png?.readUInt32BE(16)).toBe(1200);
    expect(png?.readUInt32BE(20)).toBe(630);
    await close();
  });
});

describe("not-found page", () => {
  it("shows the spec's text for an unknown path", async () => {
    const { page, problems, close } = await open("/no-such-page");
    expect(await page.locator("h1").innerText()).toBe("404 Page Not Found");
    expect(await page.locator("main").innerText()).toContain("Did you forget to add the page to the router?");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    // The static server answers 404 for the document itself; that is the only failed request allowed.
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await close();
  });
});
