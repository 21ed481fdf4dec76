import type { Page } from "playwright-core";

/**
 * Resolves once the page's scripts run: the site script has started (it marks
 * <html data-nav>, src/client/navigate.ts) and every island on the page is
 * hydrated (src/client/hydrate.ts marks each with data-hydrated).
 */
export function pageReady(page: Page, timeout = 10_000): Promise<unknown> {
  return page.waitForFunction(
    () => document.documentElement.hasAttribute("data-nav") && [...document.querySelectorAll("[data-island]")].every((island) => island.hasAttribute("data-hydrated")),
    undefined,
    { timeout },
  );
}
