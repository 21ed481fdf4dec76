import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { SUBMISSIONS_FILE } from "../functions/store/files/file-names";
import { submissionSchema, type Submission } from "../functions/store/records";
import { throttlePhone } from "../scripts/phone-throttle";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, touchPhone } from "./chromium";
import { photo, signInWithCode } from "./desk-browser";
import { pageReady } from "./page-ready";
import { serveCopy, type ServedCopy } from "./repo-copy";
import { keepScreenshot } from "./screenshots";
import { parseMail, waitFor } from "./test-support";

// Photos on the quote request (issue 39), as a visitor and the owner meet them: `npm start` in a
// copy of the checkout with a real SMTP peer; a visitor on a throttled phone (390 px, touch) picks
// photos, sees them, removes one, adds another and sends; the same form without JavaScript; the
// owner's email links the photos; the owner's desk shows them.

let served: ServedCopy;
let browser: Browser;

beforeAll(async () => {
  served = await serveCopy("contact-photos", { CONTACT_RATE_LIMIT: "0", OWNER_EMAILS: "owner@example.com" });
  browser = await connectBrowser();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** A photo file as a phone hands it to the page. */
const file = async (name: string, width: number, height: number) => ({ name, mimeType: "image/jpeg", buffer: await photo("jpeg", width, height) });

/** The messages stored so far. */
async function stored(): Promise<Submission[]> {
  const text = await readFile(join(served.repo.dir, "data", SUBMISSIONS_FILE), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => submissionSchema.parse(JSON.parse(line)));
}

async function fillForm(page: Page, message: string, tap: boolean): Promise<void> {
  const field = (name: string) => page.locator(`form [name="${name}"]`);
  // A tap wakes the form's island (src/client/islands.ts), as the visitor's first touch does.
  if (tap) await field("name").tap();
  await field("name").fill("Pat Shealy");
  await field("email").fill("pat@example.com");
  await field("phone").fill("8035550199");
  await field("serviceType").selectOption("tree-removal");
  await field("message").fill(message);
}

const photosInput = (page: Page) => page.getByLabel("Photos (optional)", { exact: true });
const chosen = (page: Page) => page.getByRole("list", { name: /photos chosen$/ });

describe("photos on the contact form", () => {
  it("a visitor on a slow phone picks two photos, removes one, adds another and sends them; the email links them; the owner sees them in the desk", async () => {
    const visitor = await openPage(browser, { ...touchPhone, baseURL: served.baseUrl });
    const { page } = visitor;
    try {
      await throttlePhone(page);
      await page.goto("/contact");
      await pageReady(page);
      const message = `The oak by the driveway split in the storm (${Date.now()}).`;
      await fillForm(page, message, true);
      await photosInput(page).setInputFiles([await file("IMG_0001.JPG", 3000, 2000), await file("IMG_0002.JPG", 2000, 3000)]);
      await expect.poll(() => chosen(page).getByRole("img").count(), { timeout: 20_000 }).toBe(2);
      expect(await chosen(page).getAttribute("aria-label")).toBe("2 of 5 photos chosen");
      await page.getByRole("button", { name: "Remove photo 1, IMG_0001.JPG" }).tap();
      await expect.poll(() => chosen(page).getByRole("img").count()).toBe(1);
      // The focus stays in the list, on the Remove button that came next.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove photo 1, IMG_0002.JPG");
      await photosInput(page).setInputFiles([await file("IMG_0003.JPG", 4000, 3000)]);
      await expect.poll(() => chosen(page).getByRole("img").count()).toBe(2);
      expect(await chosen(page).getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual(["Photo 1: IMG_0002.JPG", "Photo 2: IMG_0003.JPG"]);
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await keepScreenshot(page.locator("form"), "contact-photos-390");

      await page.waitForTimeout(MIN_FILL_MS + 300);
      await page.getByRole("button", { name: "Send Message" }).tap();
      await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count(), { timeout: 60_000 }).toBe(1);
      expect(visitor.problems).toEqual([]);

      const sent = (await stored()).find((m) => m.message === message);
      // Sent made smaller by the page (at most 2048 pixels), kept upright, in the order chosen.
      expect(sent?.photos?.map((p) => [p.width, p.height])).toEqual([
        [1365, 2048],
        [2048, 1536],
      ]);

      // The owner's email: links, no attachments; each link opens its photo without signing in.
      await waitFor(() => served.mail.received.some((m) => m.raw.includes(sent?.id ?? "-")), 30_000, "the notification");
      const mail = served.mail.received.find((m) => m.raw.includes(sent?.id ?? "-"))?.raw ?? "";
      const links = [...parseMail(mail).text.matchAll(/^Photo \d: (\S+)$/gm)].map((m) => new URL(m[1] ?? ""));
      expect(links).toHaveLength(2);
      for (const link of links) {
        const res = await fetch(`${served.baseUrl}${link.pathname}`);
        expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
      }
      const tampered = `${served.baseUrl}${links[0]?.pathname.replace(/.$/, (c) => (c === "x" ? "y" : "x"))}`;
      expect((await fetch(tampered)).status).toBe(404);
    } finally {
      await visitor.close();
    }

    // The owner, on a phone and at a desk: the message shows its photos; a tap opens one whole.
    for (const [size, options] of [
      ["390", touchPhone],
      ["1280", { viewport: desktop }],
    ] as const) {
      const owner = await openPage(browser, { ...options, baseURL: served.baseUrl });
      try {
        await signInWithCode(owner.page, served.mail, { touch: size === "390" });
        await owner.page.goto("/owner/messages");
        await owner.page.getByRole("link", { name: /Pat Shealy/ }).first().click();
        const strip = owner.page.getByRole("list", { name: "2 photos" });
        await expect.poll(() => strip.getByRole("img").evaluateAll((imgs) => imgs.map((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)))).toEqual([320, 480]);
        expect(await axeViolations(owner.page)).toEqual([]);
        await keepScreenshot(owner.page, `desk-message-photos-${size}`);
        await strip.getByRole("link").first().click();
        await owner.page.waitForURL(/\/photos\/1$/);
        expect(await owner.page.evaluate(() => (document.querySelector("img") instanceof HTMLImageElement ? document.querySelector("img")?.naturalWidth : 0))).toBe(1365);
        expect(owner.problems).toEqual([]);
      } finally {
        await owner.close();
      }
    }
  }, 240_000);

  it("works without JavaScript: the photos go with the form and the visitor lands on the thank-you page", async () => {
    const visitor = await openPage(browser, { ...touchPhone, baseURL: served.baseUrl, javaScriptEnabled: false });
    const { page } = visitor;
    try {
      await page.goto("/contact");
      const message = `Two dead pines by the fence, no script (${Date.now()}).`;
      await fillForm(page, message, false);
      // A GPS position in the camera's EXIF: it must not survive.
      const withGps = await sharp(await photo("jpeg", 1600, 1200))
        .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 9/1 0/1" } })
        .toBuffer();
      await photosInput(page).setInputFiles([
        { name: "pines.jpg", mimeType: "image/jpeg", buffer: withGps },
        { name: "fence.png", mimeType: "image/png", buffer: await photo("png", 800, 600) },
      ]);
      await page.waitForTimeout(MIN_FILL_MS + 300);
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.waitForURL("**/contact/thank-you/");
      expect(await page.locator("h1").textContent()).toBe("Thank You!");
      const sent = (await stored()).find((m) => m.message === message);
      expect(sent?.photos?.map((p) => [p.width, p.height])).toEqual([
        [1600, 1200],
        [800, 600],
      ]);

      // A file that is no photo: the form again, saying which, with what was typed kept.
      await page.goto("/contact");
      await fillForm(page, `${message} again`, false);
      await photosInput(page).setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Call Jim about the oak.\n".repeat(40)) }]);
      await page.waitForTimeout(MIN_FILL_MS + 300);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("notes.jpg is not a photo.");
      expect(await page.locator('form [name="message"]').inputValue()).toBe(`${message} again`);
      await keepScreenshot(page.locator("form"), "contact-photo-refused-no-js-390");
      expect((await stored()).filter((m) => m.message === `${message} again`)).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 120_000);

  it("shows the chosen photos at 1280 px as at 390", async () => {
    const visitor = await openPage(browser, { viewport: desktop, baseURL: served.baseUrl });
    try {
      await visitor.page.goto("/contact");
      await pageReady(visitor.page);
      await fillForm(visitor.page, "The maple leans over the roof of the shed.", false);
      await photosInput(visitor.page).setInputFiles([await file("maple.jpg", 1200, 1600), await file("shed.jpg", 1600, 1200), await file("roof.jpg", 1600, 1200)]);
      await expect.poll(() => chosen(visitor.page).getByRole("img").count(), { timeout: 20_000 }).toBe(3);
      expect(await axeViolations(visitor.page)).toEqual([]);
      await keepScreenshot(visitor.page.locator("form"), "contact-photos-1280");
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 60_000);
});
