import type { Page } from "playwright-core";

/**
 * Holds every request whose URL matches `which` (a glob or a test of the URL) until `release` is
 * called (those made after it go through at once): a script or page that has not arrived yet,
 * for as long as a test needs.
 */
export async function hold(page: Page, which: string | ((url: URL) => boolean)): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((ok) => (release = ok));
  await page.route(which, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * Marks the document on screen; `sameDocument` is true while no page load replaced it
 * (a client navigation keeps the document, a full load makes a new one).
 */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { firstSecondMark: true }));
export const sameDocument = (page: Page) => page.evaluate(() => "firstSecondMark" in window);
