import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, touchPhone } from "./chromium";
import { codeIn, OWNER, startDesk, type DeskHarness } from "./desk-harness";
import { keepScreenshot } from "./screenshots";
import { waitFor } from "./test-support";
import { addDays, businessDay, instantOfWallTime, isoOnClock } from "../src/format/business-time";

const ZONE = "America/New_York";

// The desk's Messages and Reviews as the owner uses them: Chromium on a phone (390 px, touch)
// and a desktop, against the real desk app, its real bundle and a real files store (tests/desk-harness.ts).

let desk: DeskHarness;
let browser: Browser;

beforeAll(async () => {
  desk = await startDesk();
  browser = await connectBrowser();
  const store = desk.store();
  for (let n = 1; n <= 25; n++) {
    desk.clock.now += 60_000;
    await store.messages.add(
      { name: `Visitor ${n}`, email: `visitor${n}@example.com`, phone: "(803) 555-0142", serviceType: "tree-removal", message: `The pine out back is dead, message ${n}.\nPlease call after 5.` },
      { landingPage: "/locations/chapin-sc" },
    );
  }
  desk.clock.now += 60_000;
  await store.messages.add({ name: "Dana Pruitt", email: "dana@example.com", phone: "(803) 555-0188", serviceType: "emergency-removal", message: "A limb is on the roof after last night's storm." });
  await store.messages.hold({ name: "Hal Busby", email: "hal@example.com", phone: "(803) 555-0177", serviceType: "stump-removal", message: "Two stumps by the fence." }, "too-fast");
  await store.reviews.add({ name: "Alma Shealy", location: "Irmo, SC", rating: 5, text: "They took down a leaning oak without touching the fence." });
  await store.reviews.add({ name: "Bo Derrick", location: "Chapin, SC", rating: 2, text: "Late, but the work was fine." });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await desk?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${desk.url}/owner`);
  await page.getByLabel("Email", { exact: true }).fill(OWNER);
  const before = desk.mail.received.length;
  await page.getByRole("button", { name: "Send sign-in code" }).tap();
  await page.waitForURL("**/owner/sign-in/code");
  await waitFor(() => desk.mail.received.length > before, 15_000, "the sign-in email");
  await page.getByLabel("Code", { exact: true }).fill(codeIn(desk.mail.received.at(-1)?.raw ?? ""));
  await page.getByRole("button", { name: "Sign in" }).tap();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
}

/** Every tappable control in the main part is at least 44 px tall (WCAG 2.5.5's target size, the desk's rule). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator("main a, main button, main summary, main input:not([type=hidden])").evaluateAll((elements) =>
    elements
      .filter((e) => {
        const box = e.getBoundingClientRect();
        return box.width > 0 && box.height < 44;
      })
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 40)}" ${Math.round(e.getBoundingClientRect().height)}px`),
  );
}

/**
 * The names of shared/CONTRACT.md's desk controls that this page shows more than once in one
 * role, found as a check written from the contract finds them: Playwright's default, a case-blind
 * substring ("Publish" finds "Unpublish", "Messages" finds "All messages"). Names shown once per
 * item (Approve, Reject, Not spam) are counted by the tests of those items.
 */
async function ambiguousNames(page: Page): Promise<string[]> {
  const names = ["Messages", "Reviews", "Posts", "Business details", "Visits", "Sign out", "Spam", "Mark handled", "Save", "New post"];
  const found: string[] = [];
  for (const name of names)
    for (const role of ["link", "button", "tab"] as const) {
      const count = await page.getByRole(role, { name }).count();
      if (count > 1) found.push(`${role} "${name}" ${count} times`);
    }
  return found;
}

describe("the desk's Messages and Reviews in Chromium", () => {
  it("finds each of the contract's names once on every screen, as a check written from it finds them", async () => {
    const { page, close } = await openPage(browser, touchPhone);
    try {
      await signIn(page);
      const screens: Record<string, string> = { home: "/owner", account: "/owner/account", business: "/owner/business", visits: "/owner/visits", messages: "/owner/messages", spam: "/owner/messages/spam" };
      for (const [screen, path] of Object.entries(screens)) {
        await page.goto(desk.url + path);
        expect(await ambiguousNames(page), screen).toEqual([]);
      }
      // The boxes' tabs by keyboard: one stop for Tab, the arrow keys between them, Enter opens one.
      await page.goto(`${desk.url}/owner/messages`);
      await expect.poll(() => page.getByRole("tab", { name: "Spam" }).getAttribute("tabindex")).toBe("-1");
      await page.getByRole("tab", { name: "Inbox" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Spam");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Spam");
      await page.goto(`${desk.url}/owner/messages`);
      await page.getByRole("link", { name: "Dana Pruitt" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dana Pruitt");
      expect(await ambiguousNames(page), "a message").toEqual([]);
      await page.goto(`${desk.url}/owner/reviews`);
      // Two pending reviews: "Approve" and "Reject" once per review.
      expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(2);
      expect(await page.getByRole("button", { name: "Reject" }).count()).toBe(2);
      expect(await ambiguousNames(page), "reviews").toEqual([]);
    } finally {
      await close();
    }
  });

  it("lists messages on a phone, opens one with Call and Email back, marks it handled, pages, searches; axe finds nothing at 390 and 1280 px", async () => {
    const { page, problems, close } = await openPage(browser, touchPhone);
    try {
      await signIn(page);
      await page.getByRole("link", { name: "Messages" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Messages");
      const items = page.getByRole("main").getByRole("list").last().getByRole("listitem");
      await expect(items.count()).resolves.toBe(20);
      await expect(items.first().textContent()).resolves.toMatch(/^Dana Pruitt/);
      await expect(items.nth(1).textContent()).resolves.toContain("Tree Removal · Chapin");
      expect(await smallTargets(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: /^Dana Pruitt/ }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dana Pruitt");
      await expect(page.getByRole("link", { name: "Call (803) 555-0188" }).getAttribute("href")).resolves.toBe("tel:8035550188");
      await expect(page.getByRole("link", { name: "Email back" }).getAttribute("href")).resolves.toMatch(/^mailto:dana@example\.com\?subject=/);
      expect(await smallTargets(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Mark handled" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toBe("Marked handled.");
      await expect(page.getByRole("button", { name: "Not handled" }).isVisible()).resolves.toBe(true);
      expect((await desk.store().messages.list({ handled: true })).items.map((m) => m.name)).toEqual(["Dana Pruitt"]);

      await page.getByRole("link", { name: "← Back to the inbox" }).tap();
      await page.getByRole("link", { name: "Show older" }).tap();
      await expect.poll(() => items.count()).toBe(6);
      await expect(items.last().textContent()).resolves.toMatch(/^Visitor 1[^0-9]/);
      await page.getByRole("link", { name: "Back to the newest" }).tap();
      await page.getByLabel("Search messages").fill("555-0188");
      await page.getByRole("button", { name: "Search", exact: true }).tap();
      await expect.poll(() => items.count()).toBe(1);

      await page.goto(`${desk.url}/owner/messages/spam`);
      expect(await smallTargets(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(desktop);
      for (const path of ["/owner/messages", "/owner/messages/spam", "/owner/messages?handled=yes"]) {
        await page.goto(`${desk.url}${path}`);
        expect(await axeViolations(page), path).toEqual([]);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("rescues a held post from the Spam tab with Not spam, without JavaScript too", async () => {
    const { page, problems, close } = await openPage(browser, { ...touchPhone, javaScriptEnabled: false });
    try {
      await signIn(page);
      await page.goto(`${desk.url}/owner/messages`);
      await page.getByRole("tab", { name: "Spam" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Spam");
      await page.getByRole("button", { name: "Not spam: Hal Busby" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Not spam: it is in the inbox now/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Hal Busby");
      const held = (await desk.store().messages.list({ box: "inbox", search: "Hal Busby" })).items[0];
      expect(held?.rescued?.by).toBe(OWNER);
      await waitFor(() => desk.mail.received.some((m) => m.raw.includes("Two stumps by the fence.")), 15_000, "the rescued message's email");
      // With JavaScript off, Chromium refuses the desk script's preloaded chunks (reported as "csp"): nothing else may fail.
      expect(problems.filter((p) => !/^request failed: \S+\/owner\/assets\/[\w-]+\.js csp$/.test(p))).toEqual([]);
    } finally {
      await close();
    }
  });

  it("approves and rejects reviews on a phone; axe finds nothing at 390 and 1280 px", async () => {
    const { page, problems, close } = await openPage(browser, touchPhone);
    try {
      await signIn(page);
      await page.getByRole("link", { name: "Reviews" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Reviews");
      expect(await smallTargets(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Approve: Alma Shealy, Irmo, SC" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toBe("Approved Alma Shealy's review. It is on the site within a minute.");
      await page.getByRole("button", { name: "Reject: Bo Derrick, Chapin, SC" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toBe("Rejected Bo Derrick's review: it is not on the site.");
      expect((await desk.store().reviews.approved())?.map((r) => r.name)).toEqual(["Alma Shealy"]);
      await page.getByText("Rejected (1)").tap();
      await expect(page.getByRole("button", { name: "Approve: Bo Derrick, Chapin, SC" }).isVisible()).resolves.toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(desktop);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
  it("deletes a message for good after asking once more, on a phone without JavaScript too; axe finds nothing at 390 and 1280 px", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, problems, close } = await openPage(browser, { ...touchPhone, javaScriptEnabled });
      try {
        const name = javaScriptEnabled ? "Erin Erased" : "Walt Waiting";
        // A quarter of an hour later each time: this file's sign-ins stay within five codes per address in 15 minutes.
        desk.clock.now += 16 * 60_000;
        const message = await desk.store().messages.add({ name, email: "erin@example.com", phone: "(803) 555-0166", serviceType: "tree-removal", message: "Please delete what I sent." });
        await signIn(page);
        await page.goto(`${desk.url}/owner/messages/${message.id}`);
        expect(await page.getByRole("button", { name: "Delete message" }).count()).toBe(1);
        if (javaScriptEnabled) await keepScreenshot(page, "message-with-delete-390");
        await page.getByRole("button", { name: "Delete message" }).tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Delete message");
        await expect(page.getByRole("main").textContent()).resolves.toContain("Delete this message and its photos for good? This cannot be undone.");
        // The page is the same HTML either way; axe and the target sizes run in the page's JavaScript.
        if (javaScriptEnabled) {
          expect(await smallTargets(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        }
        await keepScreenshot(page, `message-delete-390${javaScriptEnabled ? "" : "-no-js"}`);
        // "Keep it" goes back to the message, which is still there.
        await page.getByRole("button", { name: "Keep it" }).tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
        await page.getByRole("button", { name: "Delete message" }).tap();
        // The step's page, loaded, before axe reads it (axe on the page being left failed under load).
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Delete message");
        await page.waitForLoadState("load");
        if (javaScriptEnabled) {
          await page.setViewportSize(desktop);
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "message-delete-1280");
        }
        await page.getByRole("button", { name: "Delete for good" }).tap();
        await expect.poll(() => page.getByRole("status").textContent()).toBe("Message deleted.");
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Messages");
        expect(await page.getByRole("link", { name: new RegExp(`^${name}`) }).count()).toBe(0);
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
        expect(await desk.store().messages.get(message.id)).toBeUndefined();
        // With JavaScript off, Chromium refuses the desk script's preloaded chunks (reported as "csp"): nothing else may fail.
        expect(problems.filter((p) => !/^request failed: \S+\/owner\/assets\/[\w-]+\.js csp$/.test(p))).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it("deletes a booking for good after asking once more, on a phone without JavaScript too; axe finds nothing at 390 and 1280 px", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, problems, close } = await openPage(browser, { ...touchPhone, javaScriptEnabled });
      try {
        const name = javaScriptEnabled ? "Erin Erased" : "Walt Waiting";
        desk.clock.now += 16 * 60_000;
        const day = addDays(businessDay(desk.clock.now, ZONE), 3);
        const start = instantOfWallTime(ZONE, { date: day, time: javaScriptEnabled ? "08:00" : "10:00" });
        const visit = await desk.store().estimateVisits.book(
          { start, end: isoOnClock(ZONE, Date.parse(start) + 3_600_000), name, email: "erin@example.com", phone: "(803) 555-0166", address: "12 Lake Murray Blvd", town: "Chapin", serviceType: "tree-removal", message: "Please delete my booking." },
          1,
        );
        await signIn(page);
        await page.goto(`${desk.url}/owner/bookings/day/${day}`);
        const ask = page.getByRole("button", { name: `Delete booking: ${name}` });
        expect(await ask.count()).toBe(1);
        if (javaScriptEnabled) {
          expect(await smallTargets(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "booking-day-with-delete-390", { fullPage: true });
        }
        await ask.tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Delete booking");
        await expect(page.getByRole("main").textContent()).resolves.toContain("Delete this booking and what they wrote for good? This cannot be undone.");
        if (javaScriptEnabled) {
          expect(await smallTargets(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        }
        await keepScreenshot(page, `booking-delete-390${javaScriptEnabled ? "" : "-no-js"}`);
        // "Keep it" goes back to the visit's day, where it still is.
        await page.getByRole("button", { name: "Keep it" }).tap();
        await expect.poll(() => page.getByRole("button", { name: `Delete booking: ${name}` }).count()).toBe(1);
        await page.getByRole("button", { name: `Delete booking: ${name}` }).tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Delete booking");
        if (javaScriptEnabled) {
          await page.setViewportSize(desktop);
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "booking-delete-1280");
        }
        await page.getByRole("button", { name: "Delete for good" }).tap();
        await expect.poll(() => page.getByRole("status").textContent()).toBe("Booking deleted.");
        expect(await page.getByText(name).count()).toBe(0);
        if (javaScriptEnabled) {
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "booking-deleted-1280");
        }
        expect(await desk.store().estimateVisits.get(visit?.id ?? "")).toBeUndefined();
        expect(problems.filter((p) => !/^request failed: \S+\/owner\/assets\/[\w-]+\.js csp$/.test(p))).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it("deletes a review for good after asking once more, on a phone without JavaScript too; axe finds nothing at 390 and 1280 px", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, problems, close } = await openPage(browser, { ...touchPhone, javaScriptEnabled });
      try {
        const name = javaScriptEnabled ? "Erin Erased" : "Walt Waiting";
        desk.clock.now += 16 * 60_000;
        const review = await desk.store().reviews.add({ name, location: "Chapin, SC", rating: 4, text: "Please take my review down." });
        // One on the site, one pending: the step says what happens to each.
        if (javaScriptEnabled) await desk.store().reviews.decide({ id: review.id, approved: true, via: "desk", by: OWNER });
        await signIn(page);
        await page.goto(`${desk.url}/owner/reviews`);
        const ask = page.getByRole("button", { name: `Delete review: ${name}, Chapin, SC` });
        // "On the site" is folded unless nothing waits for a decision.
        if (javaScriptEnabled && (await ask.count()) === 0) await page.getByText(/^On the site/).tap();
        expect(await ask.count()).toBe(1);
        if (javaScriptEnabled) {
          expect(await smallTargets(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "reviews-with-delete-390", { fullPage: true });
        }
        await ask.tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Delete review");
        await expect(page.getByRole("main").textContent()).resolves.toContain("Delete this review for good? This cannot be undone.");
        if (javaScriptEnabled) {
          await expect(page.getByRole("main").textContent()).resolves.toContain("It comes off the site within a minute.");
          expect(await smallTargets(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        }
        await keepScreenshot(page, `review-delete-390${javaScriptEnabled ? "" : "-no-js"}`);
        // "Keep it" goes back to the reviews, where it still is.
        await page.getByRole("button", { name: "Keep it" }).tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Reviews");
        await page.goto(`${desk.url}/owner/reviews/${review.id}/delete`);
        if (javaScriptEnabled) {
          await page.setViewportSize(desktop);
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "review-delete-1280");
        }
        await page.getByRole("button", { name: "Delete for good" }).tap();
        await expect.poll(() => page.getByRole("status").textContent()).toBe(javaScriptEnabled ? "Review deleted. It is off the site within a minute." : "Review deleted.");
        expect(await page.getByText(name).count()).toBe(0);
        if (javaScriptEnabled) {
          expect(await axeViolations(page)).toEqual([]);
          await keepScreenshot(page, "review-deleted-1280");
        }
        expect(await desk.store().reviews.get(review.id)).toBeUndefined();
        // With JavaScript off, Chromium refuses the desk script's preloaded chunks (reported as "csp"): nothing else may fail.
        expect(problems.filter((p) => !/^request failed: \S+\/owner\/assets\/[\w-]+\.js csp$/.test(p))).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  // Last: it adds reviews the tests above do not expect.
  it("shows a flood of waiting reviews a page at a time: Show more on a phone, without JavaScript too; axe finds nothing at 390 and 1280 px", async () => {
    const store = desk.store();
    for (let n = 1; n <= 30; n++) {
      desk.clock.now += 60_000;
      await store.reviews.add({ name: `Visitor ${String(n).padStart(2, "0")}`, location: "Chapin, SC", rating: 5, text: `Review number ${n} of a busy week.` });
    }
    for (const [javaScript, oldest] of [[true, "Visitor 01"], [false, "Visitor 02"]] as const) {
      const waiting = (await store.reviews.list({ state: "pending" })).length;
      expect(waiting).toBeGreaterThan(20);
      const { page, problems, close } = await openPage(browser, { ...touchPhone, javaScriptEnabled: javaScript });
      try {
        await signIn(page);
        await page.goto(`${desk.url}/owner/reviews`);
        await expect.poll(() => page.getByRole("heading", { level: 2, name: `Waiting for you (${waiting})` }).count()).toBe(1);
        await expect.poll(() => page.getByRole("button", { name: /^Approve: / }).count()).toBe(20);
        await expect.poll(() => page.getByText(`Showing the newest 20 of ${waiting} waiting reviews.`).count()).toBe(1);
        // The page is the same HTML either way; axe and the target sizes run in the page's JavaScript.
        if (javaScript) expect(await smallTargets(page)).toEqual([]);
        if (javaScript) await keepScreenshot(page, "desk-reviews-more-390");
        await page.getByRole("link", { name: "Show more" }).first().tap();
        await page.waitForURL("**/owner/reviews?pending=40");
        await expect.poll(() => page.getByRole("button", { name: /^Approve: / }).count()).toBe(waiting);
        await expect.poll(() => page.getByText("waiting reviews.").count()).toBe(0);
        if (javaScript) {
          expect(await axeViolations(page)).toEqual([]);
          await page.setViewportSize(desktop);
          await keepScreenshot(page, "desk-reviews-more-1280");
          expect(await axeViolations(page)).toEqual([]);
        }
        // The oldest waiting review, beyond the first page, is decided as any other.
        await page.getByRole("button", { name: `Approve: ${oldest}, Chapin, SC` }).click();
        await expect.poll(() => page.getByRole("status").textContent()).toBe(`Approved ${oldest}'s review. It is on the site within a minute.`);
        // With JavaScript off, Chromium refuses the desk script's preloaded chunks (reported as "csp"): nothing else may fail.
        expect(problems.filter((p) => !/^request failed: \S+\/owner\/assets\/[\w-]+\.js csp$/.test(p))).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
