import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { inject } from "vitest";

export { chromiumArgs, chromiumPath, readyChromium } from "../scripts/chromium-flags";

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 900 };
/** A phone in the hand: 390 px, touch (taps, not clicks). */
export const touchPhone: BrowserContextOptions = { viewport: phone, hasTouch: true, isMobile: true };

export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserWs"));
}

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
  close: () => Promise<void>;
}

/** A fresh context and page that records every console error, uncaught error and failed request. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: phone, baseURL: inject("baseUrl"), ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ""}`));
  return { page, problems, close: () => context.close() };
}

/**
 * Draws the sections a page leaves undrawn until they come near the viewport (the home page's
 * lower four, src/styles/layout.css.ts: drawnNearViewport, whose attribute this sets), so that
 * a full-page screenshot shows them.
 */
export async function drawWholePage(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute("data-draw-all", ""));
}
