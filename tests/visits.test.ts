import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createContactFunction, type ContactFunction } from "../functions/contact/app";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { VISITS_FILE } from "../functions/store/files/file-names";
import { createSiteApp } from "../scripts/site-app";
import { connectBrowser, openPage, touchPhone } from "./chromium";
import { pageReady } from "./page-ready";
import { contentDir, listen, makeTempDir, parseMail, startSmtpPeer, storedMessages, type SmtpPeer } from "./test-support";

// Issue 30 in the browser: what the site script reports, what the server keeps of it.

/** A phone's browser: headless Chromium names itself HeadlessChrome, which is not counted (a testing browser). */
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The built site with its functions as npm start serves them, on a data folder and SMTP peer of its own: counts and mail are this test's alone. */
interface OwnSite {
  url: string;
  contact: ContactFunction;
  peer: SmtpPeer;
  dataDir: string;
}
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
async function ownSite(): Promise<OwnSite> {
  const { dir, cleanup } = await makeTempDir();
  const peer = await startSmtpPeer();
  const contact = await createContactFunction({ DATA_DIR: dir, SMTP_URL: peer.url, CONTACT_TO: "owner@example.com" }, { contentDir, distDir: inject("distDir") });
  const server = await listen(createSiteApp({ distDir: inject("distDir"), contact: contact.app }));
  stops.push(cleanup, () => peer.close(), () => contact.close(), () => server.close());
  return { url: server.url, contact, peer, dataDir: dir };
}

/** A visitor's phone: touch, 390 px, Safari on an iPhone (headless Chromium's own user agent is a crawler's and is not counted). */
const visitorPhone = (site: OwnSite, more: BrowserContextOptions = {}) =>
  openPage(browser, { baseURL: site.url, ...touchPhone, userAgent: IPHONE, ...more });

/** Every beacon the page sends. */
function beacons(page: Page): Array<Record<string, unknown>> {
  const sent: Array<Record<string, unknown>> = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/event") sent.push(JSON.parse(request.postData() ?? "{}") as Record<string, unknown>);
  });
  return sent;
}

/** A tap on a call link dials nothing here: the page's own listener (capture) has seen it by then. */
const keepCallsOnPage = (page: Page) =>
  page.evaluate(() => document.addEventListener("click", (event) => event.target instanceof Element && event.target.closest('a[href^="tel:"]') && event.preventDefault()));

describe("counting in a visitor's browser", () => {
  it("counts a page view, a client navigation and a call-button tap, with where the visit started and which button", async () => {
    const site = await ownSite();
    const { page, problems, close } = await visitorPhone(site);
    const sent = beacons(page);
    await page.goto("/locations/irmo-sc", { referer: "https://www.google.com/search?q=tree+removal+irmo" });
    await pageReady(page);
    await keepCallsOnPage(page);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ kind: "view", path: "/locations/irmo-sc", referrer: "https://www.google.com" });
    // A client navigation (the site script swaps the page) is a view of the same visit.
    await page.locator('main a[href="/services/tree-removal"]').first().tap();
    await page.waitForURL("**/services/tree-removal");
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ kind: "view", path: "/services/tree-removal", referrer: "https://www.google.com", landing: "/locations/irmo-sc" });
    await page.locator('main a[data-call="hero"]').tap();
    await expect.poll(() => sent.length).toBe(3);
    expect(sent[2]).toEqual({ kind: "call", path: "/services/tree-removal", button: "hero", referrer: "https://www.google.com", landing: "/locations/irmo-sc" });
    expect(problems).toEqual([]);
    await close();

    const summary = await site.contact.visits.summary();
    expect(summary.totals.week).toMatchObject({ visitors: 1, visits: 1, views: 2, calls: 1 });
    expect(summary.topReferrers.map((r) => [r.label, r.count])).toEqual([["google.com", 1]]);
    expect(summary.recentLeads).toEqual([expect.objectContaining({ kind: "call", landingPage: "/locations/irmo-sc", source: "google.com", detail: "hero", count: 1 })]);
    expect(summary.topTowns[0]).toMatchObject({ label: "Irmo", calls: 1 });
    // No cookie was set, and nothing of the visit stays once the tab is gone (sessionStorage).
    expect(await page.context().cookies().catch(() => [])).toEqual([]);
  });

  it("sends nothing under Global Privacy Control or Do Not Track, and the server counts nothing that says either", async () => {
    const site = await ownSite();
    for (const refusal of ["globalPrivacyControl", "doNotTrack"] as const) {
      const { page, problems, close } = await visitorPhone(site);
      // What a browser with the setting on says (Chromium has no switch for GPC).
      await page.addInitScript((name) => Object.defineProperty(Navigator.prototype, name, { get: () => (name === "doNotTrack" ? "1" : true) }), refusal);
      const sent = beacons(page);
      await page.goto("/locations/irmo-sc", { referer: "https://www.google.com/" });
      await pageReady(page);
      await keepCallsOnPage(page);
      await page.locator('main a[data-call="hero"]').tap();
      await page.waitForTimeout(500);
      expect(sent, refusal).toEqual([]);
      // Nor does a form carry where the visit started.
      await page.goto("/contact");
      await pageReady(page);
      await page.locator("form").evaluate((form: HTMLFormElement) => form.addEventListener("submit", (event) => event.preventDefault()));
      await page.locator('form input[name="name"]').fill("Jane Tester");
      const fields = page.locator("form").evaluate((form: HTMLFormElement) => new Promise((sent) => form.addEventListener("submit", () => sent([...new FormData(form).entries()].filter(([name]) => name === "landingPage" || name === "referrer")), { once: true })));
      await page.locator("form").evaluate((form: HTMLFormElement) => form.requestSubmit());
      expect(await fields).toEqual([["landingPage", ""], ["referrer", ""]]);
      expect(problems).toEqual([]);
      await close();
    }
    // A browser whose script does not know the setting but whose requests say it (Sec-GPC, DNT): sent, not counted.
    for (const header of [{ "Sec-GPC": "1" }, { DNT: "1" }] as Array<Record<string, string>>) {
      const { page, close } = await visitorPhone(site, { extraHTTPHeaders: header });
      const sent = beacons(page);
      await page.goto("/locations/irmo-sc");
      await pageReady(page);
      await keepCallsOnPage(page);
      await page.locator('main a[data-call="hero"]').tap();
      await expect.poll(() => sent.length).toBe(2);
      await close();
    }
    const { totals } = await site.contact.visits.summary();
    expect(totals.week).toMatchObject({ visitors: 0, visits: 0, views: 0, calls: 0 });
  });

  it("does not count the owner's own phone once it has signed in to the desk", async () => {
    const site = await ownSite();
    const { page, close } = await visitorPhone(site);
    const sent = beacons(page);
    // The mark a signed-in desk screen leaves (src/desk/client/not-counted.ts; tests/visits-desk.test.ts signs in for real).
    await page.goto("/privacy");
    await page.evaluate(() => localStorage.setItem("site:not-counted", "owner"));
    await page.goto("/locations/irmo-sc");
    await pageReady(page);
    await page.waitForTimeout(500);
    expect(sent.map((b) => b.path)).toEqual(["/privacy"]);
    await close();
  });
});

describe("a lead tied to where it came from", () => {
  it("a message sent after arriving from Google on a town page is stored and emailed with that page, and counted for the town", async () => {
    const site = await ownSite();
    const { page, problems, close } = await visitorPhone(site);
    await page.goto("/locations/irmo-sc", { referer: "https://www.google.com/" });
    await pageReady(page);
    // The town page's quote button leads to the booking page, which offers a message instead.
    await page.locator('main a[href="/book-estimate"]').first().tap();
    await page.waitForURL("**/book-estimate");
    await pageReady(page);
    await page.locator('main a[href="/contact"]').first().tap();
    await page.waitForURL("**/contact");
    await pageReady(page);
    const field = (name: string) => page.locator(`form [name="${name}"]`);
    await field("name").fill("Jane Tester");
    await field("email").fill("jane@example.com");
    await field("phone").pressSequentially("8035550199");
    await field("serviceType").selectOption("tree-removal");
    const message = `The oak by the drive leans over the house (${Date.now()}).`;
    await field("message").fill(message);
    // Sooner than this after the form showed, a post is held as spam (functions/contact/spam.ts).
    await page.waitForTimeout(MIN_FILL_MS + 300);
    const posted = page.waitForRequest((request) => request.url().endsWith("/api/contact"));
    await page.locator('form button[type="submit"]').tap();
    expect((await posted).postDataJSON()).toMatchObject({ message, landingPage: "/locations/irmo-sc", referrer: "https://www.google.com" });
    await expect.poll(() => site.peer.received.length, { timeout: 10_000 }).toBe(1);
    expect(problems).toEqual([]);
    await close();

    const stored = (await storedMessages(site.dataDir)).find((m) => m.message === message);
    expect(stored).toMatchObject({ landingPage: "/locations/irmo-sc", referrer: "google.com" });
    const mail = parseMail(site.peer.received[0]?.raw ?? "");
    expect(mail.text).toContain("Visit: came from /locations/irmo-sc via google.com");
    expect(mail.html).toContain("came from /locations/irmo-sc via google.com");
    const summary = await site.contact.visits.summary();
    expect(summary.totals.week.messages).toBe(1);
    expect(summary.topTowns[0]).toMatchObject({ label: "Irmo", messages: 1 });
    expect(summary.topServices[0]).toMatchObject({ label: "Tree Removal", messages: 1 });
  });
});

describe("a flood of beacons", () => {
  it("10,000 reports of random paths, referrers and buttons leave the stored counts bounded", async () => {
    // The site as npm start serves it, with the per-client limit off so every beacon reaches the counter.
    const { dir, cleanup } = await makeTempDir();
    const contact = await createContactFunction({ DATA_DIR: dir }, { contentDir, distDir: inject("distDir"), eventRateLimit: 0 });
    const server = await listen(createSiteApp({ distDir: inject("distDir"), contact: contact.app }));
    try {
      const random = () => Math.random().toString(36).slice(2);
      const statuses = new Map<number, number>();
      for (let batch = 0; batch < 200; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`${server.url}/api/event`, {
              method: "POST",
              headers: { "content-type": "text/plain", "user-agent": IPHONE, origin: server.url },
              body: JSON.stringify({ kind: i % 5 ? "view" : "call", path: `/${random()}/${random()}`, referrer: `https://${random()}.example`, button: `b${random()}` }),
            }).then((r) => r.status),
          ),
        );
        for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      expect([...statuses]).toEqual([[204, 10_000]]);
      const summary = await contact.visits.summary();
      expect(summary.totals.week.views + summary.totals.week.calls).toBeGreaterThanOrEqual(10_000);
      expect(summary.topPages.map((p) => p.label)).toContain("Other addresses (not pages of the site)");
      const lines = (await readFile(join(dir, VISITS_FILE), "utf8")).trim().split("\n");
      // Paths fold into "other", referring sites stop at 100 a day and buttons at 30: a few hundred lines, a few KB.
      expect(lines.length).toBeLessThan(400);
      expect((await stat(join(dir, VISITS_FILE))).size).toBeLessThan(64 * 1024);
    } finally {
      await server.close();
      await contact.close();
      await cleanup();
    }
  }, 180_000);
});
