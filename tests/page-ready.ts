import type { Page } from "playwright-core";

/**
 * Resolves once the page's scripts run: the site script has started (it marks
 * <html data-nav>, src/client/navigate.ts) and every island on the page is
 * hydrated (src/client/islands.ts marks each with data-hydrated). An island
 * hydrates when the visitor comes to it (src/client/islands.ts), so each not yet
 * hydrated is sent the pointerover a mouse on its way would send, on every poll
 * until it is (the first may come before the site script listens): no scroll, no
 * focus, nothing else on the page changes.
 */
export function pageReady(page: Page, timeout = 10_000): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const waiting = [...document.querySelectorAll("[data-island]:not([data-hydrated])")];
      for (const island of waiting) island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      return document.documentElement.hasAttribute("data-nav") && waiting.length === 0;
    },
    undefined,
    { timeout },
  );
}
