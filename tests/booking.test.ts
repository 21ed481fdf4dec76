import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createContactFunction, type ContactFunction } from "../functions/contact/app";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { createFilesStore } from "../functions/store/files/files-store";
import type { BookedVisit } from "../functions/store/estimate-visit-store";
import { deskRenderer } from "../scripts/build-engine/desk-bundle";
import { throttlePhone } from "../scripts/phone-throttle";
import { createSiteApp } from "../scripts/site-app";
import { formatVisitDay, formatVisitTime, formatVisitWhen, type Slot } from "../src/content/booking";
import { keepScreenshot } from "./screenshots";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, phone, touchPhone } from "./chromium";
import { signInWithCode } from "./desk-browser";
import { OWNER } from "./desk-harness";
import { contentDir, listen, makeTempDir, parseMail, startSmtpPeer, storedMessages, waitFor, type SmtpPeer } from "./test-support";

// Booking a free estimate (issue 40) as people do it: a visitor on a phone at 390 px with touch on
// a throttled connection, through the island and without JavaScript, on the shared server that
// serves the site as npm start does (tests/global-setup.ts: the booking page rendered by its
// function with the free times of now); then the owner cancelling from the desk and a visitor from
// the link in their email, on a server of this file's own with a real SMTP peer.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

const slotsAt = async (base: string): Promise<Slot[]> => ((await (await fetch(`${base}/api/estimate-visits`)).json()) as { slots: Slot[] }).slots;
/** A free time of the `n`th day that has any (each test its own day, so none takes another's). */
async function freeSlot(base: string, n: number): Promise<Slot> {
  const slots = await slotsAt(base);
  const days = [...new Set(slots.map((s) => s.start.slice(0, 10)))];
  const slot = slots.find((s) => s.start.startsWith(days[n] ?? "none"));
  if (!slot) throw new Error(`no free time on day ${n}`);
  return slot;
}

/** The visits a server booked in `dataDir`, read through a files store of their own. */
async function bookedVisits(dataDir: string): Promise<BookedVisit[]> {
  const store = await createFilesStore({ dataDir });
  try {
    return await store.estimateVisits.starting("2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z", { cancelled: true });
  } finally {
    await store.close();
  }
}

/**
 * Taps a day and waits for its times; the time the form was shown from then on. A tap before the
 * island is React's is a client navigation to the day's page (?day=), which shows the form anew:
 * the anti-spam shown-at time (functions/contact/spam.ts) starts again there.
 */
async function pickDay(page: Page, slot: Slot): Promise<number> {
  await page.locator(`a[href*="day=${slot.start.slice(0, 10)}"]`).tap();
  await expect.poll(() => page.getByRole("group", { name: `2 Pick a time on ${formatVisitDay(slot.start.slice(0, 10))}` }).count(), { timeout: 20_000 }).toBe(1);
  return Date.now();
}

/** Waits until a person could have filled the form in: posts sooner are held as spam. */
const pastSpamRule = (page: Page, shownAt: number) => page.waitForTimeout(Math.max(0, MIN_FILL_MS + 300 - (Date.now() - shownAt)));

/** Types who and where, as a visitor does on a phone. */
async function fillDetails(page: Page, who: { name: string; email: string; town?: string }) {
  await page.getByLabel("Full Name").fill(who.name);
  await page.getByLabel("Phone").pressSequentially("8035550142");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Street address").fill("12 Lake Murray Blvd");
  await page.getByLabel("Town").selectOption(who.town ?? "Chapin");
  await page.getByLabel("Service Needed").selectOption("tree-removal");
  await page.getByLabel("What does the tree need?").fill("A dead pine leans over the shed by the fence.");
}

describe("booking a free estimate on a phone", () => {
  const base = inject("baseUrl");
  const dataDir = inject("dataDir");

  it("books a visit through the island on a throttled phone: a day, a time, who and where", async () => {
    const slot = await freeSlot(base, 1);
    const { page, problems, close } = await openPage(browser, touchPhone);
    try {
      await throttlePhone(page);
      await page.goto("/book-estimate");
      const shownAt = await pickDay(page, slot);
      await page.getByRole("radio", { name: formatVisitTime(slot.start) }).tap();
      await fillDetails(page, { name: "Island Visitor", email: "island@example.com" });
      // Formatted as typed, as on the contact form.
      await expect.poll(() => page.getByLabel("Phone").inputValue()).toBe("(803) 555-0142");
      await pastSpamRule(page, shownAt);
      await page.getByRole("button", { name: "Book my free estimate" }).tap();
      await expect.poll(() => page.getByRole("heading", { name: "You're booked!" }).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await page.locator("main").textContent()).toContain(formatVisitWhen(slot.start));
      // Focus follows the outcome, for a screen reader.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("You're booked!");
      const visit = (await bookedVisits(dataDir)).find((v) => v.name === "Island Visitor");
      expect(visit).toMatchObject({ start: slot.start, end: slot.end, phone: "(803) 555-0142", town: "Chapin", serviceType: "tree-removal", landingPage: "/book-estimate", referrer: "direct" });
      expect((await slotsAt(base)).map((s) => s.start)).not.toContain(slot.start);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("books a visit without JavaScript: the day's free times as radio buttons, then the thank-you page", async () => {
    const slot = await freeSlot(base, 2);
    const { page, close } = await openPage(browser, { ...touchPhone, javaScriptEnabled: false });
    try {
      await throttlePhone(page);
      await page.goto("/book-estimate");
      await page.locator(`a[href*="day=${slot.start.slice(0, 10)}"]`).tap();
      await page.waitForURL(`**/book-estimate?day=${slot.start.slice(0, 10)}#booking-times`);
      await page.getByRole("radio", { name: formatVisitTime(slot.start) }).tap();
      await fillDetails(page, { name: "Plain Visitor", email: "plain@example.com" });
      await page.waitForTimeout(MIN_FILL_MS + 300);
      await page.getByRole("button", { name: "Book my free estimate" }).tap();
      await page.waitForURL("**/book-estimate/thank-you/");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("You're booked!");
      expect((await bookedVisits(dataDir)).find((v) => v.name === "Plain Visitor")).toMatchObject({ start: slot.start, phone: "8035550142" });
    } finally {
      await close();
    }
  });

  it("tells a visitor whose town is not visited so at once, and sends the details as a message instead", async () => {
    const slot = await freeSlot(base, 3);
    const { page, problems, close } = await openPage(browser, touchPhone);
    try {
      await page.goto("/book-estimate");
      const shownAt = await pickDay(page, slot);
      await page.getByRole("radio", { name: formatVisitTime(slot.start) }).tap();
      await fillDetails(page, { name: "Faraway Visitor", email: "faraway@example.com", town: "other" });
      await expect.poll(() => page.getByRole("status").filter({ hasText: "We don't come out to that town for free estimates yet" }).isVisible()).toBe(true);
      await pastSpamRule(page, shownAt);
      await page.getByRole("button", { name: "Send as a message instead" }).tap();
      await expect.poll(() => page.getByRole("heading", { name: "Message sent" }).isVisible()).toBe(true);
      const message = (await storedMessages(dataDir)).find((m) => m.name === "Faraway Visitor");
      expect(message?.message).toBe("A dead pine leans over the shed by the fence.\n\nAsked for a free estimate visit at 12 Lake Murray Blvd.");
      expect((await bookedVisits(dataDir)).some((v) => v.name === "Faraway Visitor")).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("says at once when the time was just taken by someone else, and shows the times still free", async () => {
    const slot = await freeSlot(base, 4);
    const { page, problems, close } = await openPage(browser, touchPhone);
    try {
      await page.goto("/book-estimate");
      const shownAt = await pickDay(page, slot);
      await page.getByRole("radio", { name: formatVisitTime(slot.start) }).tap();
      await fillDetails(page, { name: "Second Visitor", email: "second@example.com" });
      // Someone else books that time meanwhile.
      const other = await fetch(`${base}/api/estimate-visits`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ start: slot.start, name: "First Visitor", email: "first@example.com", phone: "(803) 555-0100", address: "1 Oak St", town: "Irmo", serviceType: "tree-trimming", message: "Limbs over the roof." }),
      });
      expect(other.status).toBe(201);
      await pastSpamRule(page, shownAt);
      await page.getByRole("button", { name: "Book my free estimate" }).tap();
      const taken = `${formatVisitWhen(slot.start)} was just taken. Please pick another time.`;
      await expect.poll(() => page.getByRole("alert").filter({ hasText: taken }).isVisible()).toBe(true);
      expect(await page.getByRole("radio", { name: formatVisitTime(slot.start) }).count()).toBe(0);
      expect(await page.getByLabel("Full Name").inputValue()).toBe("Second Visitor");
      expect((await bookedVisits(dataDir)).filter((v) => v.start === slot.start).map((v) => v.name)).toEqual(["First Visitor"]);
      // The 409 shows in the console as a failed request; nothing else went wrong.
      expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    } finally {
      await close();
    }
  });

  it("has nothing axe finds, and nothing wider than the screen, at 390 and 1280 px", async () => {
    for (const [name, options] of [
      ["390", touchPhone],
      ["1280", { viewport: desktop }],
    ] as const) {
      const { page, close } = await openPage(browser, options);
      try {
        await page.goto("/book-estimate");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual((options.viewport ?? phone).width);
        expect(await axeViolations(page), `/book-estimate at ${name} px`).toEqual([]);
        await keepScreenshot(page, `book-estimate-${name}`, { fullPage: true });
        // A refused post's answer too: the problems listed, each by its field.
        await page.getByRole("button", { name: "Book my free estimate" }).click();
        await expect.poll(() => page.getByRole("alert").first().isVisible()).toBe(true);
        expect(await axeViolations(page), `/book-estimate with problems at ${name} px`).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe("cancelling a visit", () => {
  let contact: ContactFunction;
  let peer: SmtpPeer;
  let url = "";
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const { dir, cleanup } = await makeTempDir();
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
    for (const stop of stops.reverse()) await stop();
  });

  const book = async (slot: Slot, who: { name: string; email: string }) => {
    const res = await fetch(`${url}/api/estimate-visits`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ start: slot.start, ...who, phone: "(803) 555-0142", address: "12 Lake Murray Blvd", town: "Chapin", serviceType: "tree-removal", message: "A dead pine leans over the shed." }),
    });
    expect(res.status).toBe(201);
  };
  const mailsTo = (to: string) => peer.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw));

  it("lets the owner cancel a visit from the desk on a phone: the visitor is told, the time is free again", async () => {
    const slot = await freeSlot(url, 1);
    await book(slot, { name: "Jane Doe", email: "jane@example.com" });
    const { page, problems, close } = await openPage(browser, { baseURL: url, ...touchPhone });
    try {
      await signInWithCode(page, peer);
      await page.getByRole("link", { name: "Bookings" }).tap();
      await page.waitForURL("**/owner/bookings");
      const main = page.locator("main");
      expect(await main.textContent()).toContain("Jane Doe");
      expect(await main.getByRole("link", { name: "Call Jane Doe, (803) 555-0142" }).getAttribute("href")).toBe("tel:8035550142");
      expect(await main.getByRole("link", { name: "Text Jane Doe" }).getAttribute("href")).toBe("sms:8035550142");
      expect(await main.getByRole("link", { name: "Directions to 12 Lake Murray Blvd, Chapin" }).getAttribute("href")).toContain("https://www.google.com/maps/search/");
      for (const [name, size] of [["390", phone], ["1280", desktop]] as const) {
        await page.setViewportSize(size);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(size.width);
        expect(await axeViolations(page), `Bookings at ${name} px`).toEqual([]);
        await keepScreenshot(page, `desk-bookings-${name}`, { fullPage: true });
      }
      await page.setViewportSize(phone);
      await main.getByRole("link", { name: formatVisitDay(slot.start.slice(0, 10)) }).tap();
      await page.waitForURL(`**/owner/bookings/day/${slot.start.slice(0, 10)}`);
      expect(await axeViolations(page), "the day's page").toEqual([]);
      await keepScreenshot(page, "desk-booking-day-390", { fullPage: true });
      page.once("dialog", (dialog) => void dialog.accept());
      await main.getByRole("button", { name: `Cancel Jane Doe's visit at ${formatVisitTime(slot.start)}` }).tap();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Cancelled: Jane Doe" }).isVisible()).toBe(true);
      expect(await main.textContent()).toContain("Cancelled by you (owner@example.com)");
      expect((await slotsAt(url)).map((s) => s.start)).toContain(slot.start);
      await waitFor(() => mailsTo("jane@example.com").length === 2, 15_000, "the visitor's cancellation");
      expect(mailsTo("jane@example.com")[1]?.headers.get("subject")).toBe(`Cancelled: your estimate visit on ${formatVisitWhen(slot.start)}`);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("lets the visitor cancel from the link in their email: one button, then the time is free again", async () => {
    const slot = await freeSlot(url, 2);
    await book(slot, { name: "Sam Roe", email: "sam@example.com" });
    await waitFor(() => mailsTo("sam@example.com").length === 1, 15_000, "the invitation");
    const link = /(https?:\/\/\S+\/api\/estimate-visits\/cancel\?token=\S+)/.exec(mailsTo("sam@example.com")[0]?.text ?? "")?.[1] ?? "";
    const { pathname, search } = new URL(link);
    const { page, problems, close } = await openPage(browser, { baseURL: url, ...touchPhone });
    try {
      await page.goto(pathname + search);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Cancel your estimate visit?");
      expect(await page.locator("body").textContent()).toContain(formatVisitWhen(slot.start));
      expect(await axeViolations(page), "the cancel link's page").toEqual([]);
      await keepScreenshot(page, "cancel-link-390", { fullPage: true });
      await page.getByRole("button", { name: "Cancel the visit" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your visit is cancelled");
      expect((await slotsAt(url)).map((s) => s.start)).toContain(slot.start);
      await waitFor(() => mailsTo("sam@example.com").length === 2 && mailsTo(OWNER).some((m) => m.headers.get("subject")?.startsWith("Estimate visit cancelled by Sam Roe")), 15_000, "both cancellations");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
