import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Express } from "express";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../scripts/build-engine/run-build";
import { createContactFunction, type ContactFunction } from "../functions/contact/app";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { parseMail, startSmtpPeer, waitFor, type SmtpPeer } from "./test-support";
import { createFilesStore } from "../functions/store/files/files-store";
import { DECISIONS_FILE, REVIEWS_FILE } from "../functions/store/files/file-names";
import type { Store } from "../functions/store/store";
import { createFormPages } from "../scripts/contact-form-renderer";
import { Publisher } from "../scripts/publish/publisher";
import { createSiteApp } from "../scripts/site-app";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, drawWholePage, openPage, phone } from "./chromium";
import { pageReady } from "./page-ready";
import { keepScreenshot, screenshotDir } from "./screenshots";

// The reviews flow as a visitor and the owner live it, with `npm start`'s parts: a
// production build, the site app with the functions, a real SMTP peer, and the
// Publisher that npm start rebuilds with when a review is approved. Its own build
// and DATA_DIR, so approvals here do not change the shared test site.

let work: string;
let dataDir: string;
let baseUrl: string;
let server: Server;
let peer: SmtpPeer;
let functions: ContactFunction;
let publisher: Publisher;
let browser: Browser;
let published = 0;
let store: Store;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "reviews-e2e-"));
  dataDir = join(work, "data");
  await mkdir(dataDir);
  const distDir = join(work, "dist");
  const contentDir = resolve("content");
  // As npm start does: the store first, whose approved reviews every build shows.
  store = await createFilesStore({ dataDir });
  const approvedReviews = () => store.reviews.approved();
  const formPages = await createFormPages(distDir, (await runBuild({ root: process.cwd(), contentDir, outDir: distDir, mode: "production", approvedReviews })).rendered);

  // Listening first, so the links in the emails (SITE_URL) point at this server.
  let app: Express | undefined;
  server = createServer((req, res) => (app ? app(req, res) : res.writeHead(503).end()));
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address: AddressInfo | string | null = server.address();
  if (typeof address !== "object" || address === null) throw new Error("the test server has no port");
  baseUrl = `http://127.0.0.1:${address.port}`;

  peer = await startSmtpPeer();
  functions = await createContactFunction(
    { DATA_DIR: dataDir, SMTP_URL: peer.url, CONTACT_RATE_LIMIT: "0", SITE_URL: baseUrl },
    { contentDir, store, formPages: () => formPages },
  );
  publisher = new Publisher({
    root: process.cwd(),
    contentDir,
    distDir,
    approvedReviews,
    onPublished: () => void (published += 1),
    onFailed: (problems) => {
      throw new Error(`rebuild failed: ${JSON.stringify(problems)}`);
    },
  });
  functions.onPublish(() => void publisher.publish("review approved"));
  app = createSiteApp({ distDir, contact: functions.app });
  browser = await connectBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await publisher?.stop();
  await new Promise((ok) => server?.close(ok));
  await functions?.close();
  await store?.close();
  await peer?.close();
  await rm(work, { recursive: true, force: true });
});

const open = (options: Parameters<typeof openPage>[1] = {}) => openPage(browser, { baseURL: baseUrl, ...options });

async function storedReviews(): Promise<Array<{ id: string; name: string; rating: number; text: string; approved: boolean }>> {
  const text = await readFile(join(dataDir, REVIEWS_FILE), "utf8").catch(() => "");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
}
const storedWith = async (text: string) => (await storedReviews()).find((r) => r.text === text);

/** The mail about review `id`, and its links as the owner would click them. */
async function mailFor(id: string): Promise<{ approve: string; reject: string }> {
  await waitFor(() => peer.received.some((m) => parseMail(m.raw).headers.get("x-review-id") === id), 10_000, `the mail about ${id}`);
  const mail = peer.received.map((m) => parseMail(m.raw)).find((m) => m.headers.get("x-review-id") === id);
  const link = (label: string) => new RegExp(`^${label}: (\\S+)$`, "m").exec(mail?.text ?? "")?.[1] ?? "";
  return { approve: link("Approve"), reject: link("Reject") };
}

async function fillReview(page: Page, values: { name: string; town: string; stars: number; text: string }) {
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Your town").fill(values.town);
  await page.locator(`label[for="review-rating-${values.stars}"]`).click();
  await page.getByLabel("Your review").fill(values.text);
}

const unique = (what: string) => `Fast, careful and tidy work on our ${what} (${Date.now()} ${Math.random()}).`;

describe("reviews", () => {
  let approvedText = "";

  it("a review sent with JavaScript is stored pending and mailed to the owner", async () => {
    const { page, problems, close } = await open();
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname)));
    await page.goto("/reviews", { waitUntil: "networkidle" });
    await pageReady(page);
    // The schema (src/content/review.ts, with zod) loads on the first send, not with the page.
    const schemaChunk = /^\/assets\/review-[A-Z0-9]+\.js$/;
    expect(scripts.filter((s) => schemaChunk.test(s))).toEqual([]);
    const text = unique("willow oak");
    await fillReview(page, { name: "Jamie T.", town: "Irmo, SC", stars: 4, text });
    // Faster than 3 s after the form was shown counts as a bot (functions/contact/spam.ts).
    await page.waitForTimeout(MIN_FILL_MS + 300);
    await page.getByRole("button", { name: "Send Review" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank you for your review!" }).isVisible()).toBe(true);
    expect(scripts.filter((s) => schemaChunk.test(s))).toHaveLength(1);

    const stored = await storedWith(text);
    expect(stored).toMatchObject({ name: "Jamie T.", location: "Irmo, SC", rating: 4, approved: false });
    const links = await mailFor(stored?.id ?? "");
    expect(links.approve).toMatch(new RegExp(`^${baseUrl}/api/reviews/moderate\\?token=`));
    expect(problems).toEqual([]);
    await close();
  });

  it("a review sent without JavaScript (the star radio group as it is) is stored pending and mailed", async () => {
    const { page, close } = await open({ javaScriptEnabled: false });
    await page.goto("/reviews");
    const text = unique("red maple");
    await fillReview(page, { name: "Robin K.", town: "Chapin, SC", stars: 5, text });
    expect(await page.locator('input[name="rating"]:checked').getAttribute("value")).toBe("5");
    await page.getByRole("button", { name: "Send Review" }).click();
    await page.waitForURL("**/reviews/thank-you/");
    expect(await page.locator("h1").textContent()).toBe("Thank you for your review!");
    const stored = await storedWith(text);
    expect(stored).toMatchObject({ name: "Robin K.", rating: 5, approved: false });
    await mailFor(stored?.id ?? "");
    await close();
  });

  it("refuses bad input with its messages and stores nothing, with and without JavaScript", async () => {
    const before = (await storedReviews()).length;
    const { page, close } = await open();
    await page.goto("/reviews", { waitUntil: "networkidle" });
    await pageReady(page);
    await page.getByLabel("Your name").fill("J");
    await page.getByLabel("Your review").fill("Too short");
    await page.getByRole("button", { name: "Send Review" }).click();
    const name = page.getByLabel("Your name");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await name.getAttribute("aria-describedby")}"]`).textContent()).toBe("Name must be at least 2 characters");
    expect(await page.locator("#review-location-error").textContent()).toBe("Town is required");
    expect(await page.locator("#review-text-error").textContent()).toBe("Review must be at least 10 characters");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("review-name");
    await close();

    const noJs = await open({ javaScriptEnabled: false });
    await noJs.page.goto("/reviews");
    await noJs.page.getByLabel("Your review").fill("Too short");
    const [answer] = await Promise.all([noJs.page.waitForResponse("**/api/reviews"), noJs.page.getByRole("button", { name: "Send Review" }).click()]);
    expect(answer.status()).toBe(400);
    const body = (await noJs.page.textContent("body")) ?? "";
    expect(body).toContain("Name is required");
    expect(body).toContain("Review must be at least 10 characters");
    // The real /reviews page, the problems listed and linked, what was typed kept.
    expect(await noJs.page.locator("#review-problems-title").textContent()).toContain("Your review was not sent");
    expect(await noJs.page.getByLabel("Your review", { exact: true }).inputValue()).toBe("Too short");
    await noJs.close();
    // axe needs script in the page: the same answer, reached by a native submit in a browser with JavaScript.
    const checked = await open();
    await checked.page.goto("/reviews", { waitUntil: "networkidle" });
    await checked.page.getByLabel("Your review", { exact: true }).fill("Too short");
    await Promise.all([
      checked.page.waitForURL("**/api/reviews"),
      checked.page.evaluate(() => document.querySelector<HTMLFormElement>('form[action="/api/reviews"]')?.submit()),
    ]);
    expect(await checked.page.locator("#review-problems-title").count()).toBe(1);
    expect(await axeViolations(checked.page)).toEqual([]);
    await keepScreenshot(checked.page, "reviews-refused-390");
    await checked.close();
    expect((await storedReviews()).length).toBe(before);
  });

  it("the mail's approve link shows a confirm page; only its button approves, and the review appears on /reviews and home", async () => {
    const { page, problems, close } = await open();
    await page.goto("/reviews", { waitUntil: "networkidle" });
    await pageReady(page);
    approvedText = unique("post oak");
    await fillReview(page, { name: "Morgan Lee", town: "Lexington, SC", stars: 5, text: approvedText });
    await page.waitForTimeout(MIN_FILL_MS + 300);
    await page.getByRole("button", { name: "Send Review" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank you for your review!" }).isVisible()).toBe(true);
    const { approve } = await mailFor((await storedWith(approvedText))?.id ?? "");

    // Opening the link, as a person or a mail scanner would: nothing changes.
    await page.goto(approve);
    expect(await page.locator("h1").textContent()).toBe("Approve this review?");
    // A page of the site (header, styles, site script), noindex, with one button.
    expect(await page.locator('header nav[aria-label="Main"]').count()).toBe(1);
    expect(await page.locator('script[type="module"][src^="/assets/site-"]').count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator("main button").count()).toBe(1);
    await keepScreenshot(page, "review-confirm-390");
    await page.waitForTimeout(500);
    expect(await readFile(join(dataDir, DECISIONS_FILE), "utf8").catch(() => "")).toBe("");
    expect(published).toBe(0);
    expect(await (await fetch(`${baseUrl}/reviews`)).text()).not.toContain(approvedText);

    await page.getByRole("button", { name: "Approve review" }).click();
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-nav"));
    expect(await page.locator("h1").textContent()).toBe("Review approved");
    // Its address only answers a POST: back from another page shows the page as it was, in place.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('header nav a[href="/services"]').click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Our Tree Services");
    await page.goBack();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Review approved");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // npm start's rebuild publishes it within seconds.
    await expect.poll(async () => (await fetch(`${baseUrl}/reviews`)).text(), { timeout: 30_000 }).toContain(approvedText);
    await page.goto("/reviews", { waitUntil: "networkidle" });
    const card = page.getByRole("article", { name: "Review by Morgan Lee" });
    expect(await card.textContent()).toContain("Lexington, SC");
    expect(await card.getByRole("img", { name: "Rated 5 out of 5 stars" }).count()).toBe(1);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
    expect(ld).toContain('"@type":"Review"');
    expect(ld).toContain(approvedText);

    await page.goto("/", { waitUntil: "networkidle" });
    const testimonials = page.locator("#testimonials");
    expect(await testimonials.locator("li").count()).toBe(2);
    expect(await testimonials.locator("li").first().textContent()).toContain(approvedText);
    expect(await testimonials.locator("li").first().textContent()).toContain("ML");
    expect(await testimonials.locator('a[href="/reviews"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it("a used, forged or altered link gets a clear page and changes nothing", async () => {
    const id = (await storedWith(approvedText))?.id ?? "";
    const { approve, reject } = await mailFor(id);
    const decisions = await readFile(join(dataDir, DECISIONS_FILE), "utf8");
    const { page, close } = await open();
    const reused = await page.goto(approve);
    expect(reused?.status()).toBe(410);
    expect(await page.locator("h1").textContent()).toBe("This link was already used");
    const altered = await page.goto(reject.replace(".reject.", ".approve."));
    expect(altered?.status()).toBe(400);
    expect(await page.locator("h1").textContent()).toBe("This link is not valid");
    const forged = await page.goto(`${baseUrl}/api/reviews/moderate?token=${id}.reject.9999999999.${"A".repeat(43)}`);
    expect(forged?.status()).toBe(400);
    expect(await readFile(join(dataDir, DECISIONS_FILE), "utf8")).toBe(decisions);
    await close();
  });

  it("axe finds nothing on /reviews on a phone and a desktop", async () => {
    for (const viewport of [phone, desktop]) {
      const { page, close } = await open({ viewport });
      await page.goto("/reviews", { waitUntil: "networkidle" });
      await pageReady(page);
      expect(await axeViolations(page), `${viewport.width} px`).toEqual([]);
      // With the form's messages showing, too.
      await page.getByRole("button", { name: "Send Review" }).click();
      await expect.poll(() => page.locator("#review-name-error").count()).toBe(1);
      expect(await axeViolations(page), `${viewport.width} px with errors`).toEqual([]);
      if (screenshotDir()) {
        for (const path of ["/reviews", "/"]) {
          await page.goto(path, { waitUntil: "networkidle" });
          const name = path === "/" ? "home" : "reviews";
          await drawWholePage(page);
          await keepScreenshot(page, `${name}-${viewport.width}`);
          if (path === "/") await keepScreenshot(page.locator("#testimonials"), `testimonials-${viewport.width}`);
        }
      }
      await close();
    }
  });
});
