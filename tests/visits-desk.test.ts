import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createContactFunction, type ContactFunction } from "../functions/contact/app";
import { createFilesStore } from "../functions/store/files/files-store";
import type { VisitCount } from "../functions/store/visits-store";
import { deskRenderer } from "../scripts/build-engine/desk-bundle";
import { createSiteApp } from "../scripts/site-app";
import { NOT_COUNTED_KEY } from "../src/content/visit-event";
import { addDays, businessDay } from "../src/format/business-time";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, phone, touchPhone } from "./chromium";
import { signInWithCode } from "./desk-browser";
import { contentDir, listen, makeTempDir, site as siteFacts, startSmtpPeer, validInput, visitCount, type SmtpPeer } from "./test-support";
import { keepScreenshot } from "./screenshots";

// The desk's Visits screen (issue 30) as the owner reads it: the contact function with its desk,
// as the function alone runs it, over a data folder holding two weeks of counts and a message
// that came from a town page; Chromium on a touch phone at 390 px and on a desktop at 1280 px.

const OWNER = "owner@example.com";
let browser: Browser;
let contact: ContactFunction;
let peer: SmtpPeer;
let url = "";
const stops: Array<() => Promise<void>> = [];

const today = businessDay(new Date(), siteFacts.timeZone);

beforeAll(async () => {
  browser = await connectBrowser();
  const { dir, cleanup } = await makeTempDir();
  const store = await createFilesStore({ dataDir: dir });
  const counts: VisitCount[] = [];
  for (let back = 0; back < 14; back += 1) {
    const day = addDays(today, -back);
    const busy = back < 7 ? 10 + back : 6 + (back % 3);
    counts.push(
      visitCount(day, "visitor", { count: busy }),
      visitCount(day, "visitor", { device: "desktop", count: Math.floor(busy / 3) }),
      visitCount(day, "view", { path: "/locations/irmo-sc", source: "google.com", count: busy }),
      visitCount(day, "visit", { path: "/locations/irmo-sc", source: "google.com", count: Math.ceil(busy / 2) }),
      visitCount(day, "view", { path: "/services/tree-removal", source: "facebook.com", count: Math.ceil(busy / 4) }),
      visitCount(day, "view", { path: "/", source: "direct", count: 3 }),
    );
    if (back % 2 === 0) counts.push(visitCount(day, "call", { path: "/locations/irmo-sc", source: "google.com", landing: "/locations/irmo-sc", button: "hero", count: 1 }));
  }
  await store.visits.add({ counts, visitors: [] });
  await store.messages.add({ ...validInput, serviceType: "tree-removal" }, { landingPage: "/locations/irmo-sc", referrer: "google.com" });
  await store.close();

  peer = await startSmtpPeer();
  contact = await createContactFunction(
    { DATA_DIR: dir, SMTP_URL: peer.url, OWNER_EMAILS: OWNER, CONTACT_TO: OWNER },
    { contentDir, distDir: inject("distDir"), desk: { renderer: deskRenderer(process.cwd()) } },
  );
  const server = await listen(createSiteApp({ distDir: inject("distDir"), contact: contact.app }));
  url = server.url;
  stops.push(cleanup, () => peer.close(), () => contact.close(), () => server.close());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const stop of stops.reverse()) await stop();
});

describe("the desk's Visits screen", () => {
  it("shows this week against the last in plain words, readable at 390 and 1280 px, and axe finds nothing", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: url, ...touchPhone });
    try {
      await signInWithCode(page, peer);
      // A signed-in desk marks this browser: the site's counts leave the owner out (src/desk/client/not-counted.ts).
      expect(await page.evaluate((key) => localStorage.getItem(key), NOT_COUNTED_KEY)).toBe("owner");
      await page.getByRole("link", { name: "Visits" }).tap();
      await page.waitForURL("**/owner/visits");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Visits");
      const main = page.locator("main");
      // This week: 10+11+...+16 people on phones plus a third of each on computers; the week before: 6, 7, 8 repeating.
      const people = page.locator("dt", { hasText: "People" }).locator("..");
      expect(await people.locator("dd").first().textContent()).toBe(String(91 + 28));
      expect(await people.locator("dd").nth(1).textContent()).toMatch(/^\d+ the week before \(\+\d+%\)$/);
      expect(await main.textContent()).toContain("came from /locations/irmo-sc via google.com");
      expect(await main.getByRole("img", { name: /^People per day\./ }).count()).toBe(1);
      for (const heading of ["Day by day", "Calls and messages this week", "What brought the work", "Pages people read", "Where visitors came from"]) {
        await expect(main.getByRole("heading", { name: heading, level: 2 }).isVisible(), heading).resolves.toBe(true);
      }
      expect(await main.getByRole("region", { name: "What brought the work" }).getByRole("listitem").filter({ hasText: "Irmo" }).textContent()).toBe("Irmo4 call taps, 1 message");
      for (const [name, size] of [["390", phone], ["1280", desktop]] as const) {
        await page.setViewportSize(size);
        // Nothing wider than the screen: the owner never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(size.width);
        expect(await axeViolations(page), `Visits at ${name} px`).toEqual([]);
        await keepScreenshot(page, `desk-visits-${name}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
