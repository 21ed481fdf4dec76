import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, desktop, openPage, phone } from "./chromium";

// The service-area map's names as a visitor sees them (src/components/map/): the
// rendered size of each name shown, and that no two overlap, on a phone and a desktop.
const MIN_PX = 11.5;

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Name {
  town: string;
  px: number;
  box: { left: number; top: number; right: number; bottom: number };
}

async function namesOn(path: string, viewport: { width: number; height: number }) {
  const { page, close } = await openPage(browser, { viewport });
  await page.goto(path, { waitUntil: "networkidle" });
  const map = page.locator("svg[role='group'][aria-label^='Map of']");
  await map.scrollIntoViewIfNeeded();
  const drawn = await map.evaluate((svg) => {
    if (!(svg instanceof SVGSVGElement)) throw new Error("not an svg");
    const outer = svg.getBoundingClientRect();
    const scale = outer.width / svg.viewBox.baseVal.width;
    const names: Name[] = [...svg.querySelectorAll("text")]
      .filter((t) => getComputedStyle(t).display !== "none")
      .map((t) => {
        const { left, top, right, bottom } = t.getBoundingClientRect();
        return { town: t.closest("a")?.getAttribute("data-town") ?? "", px: parseFloat(getComputedStyle(t).fontSize) * scale, box: { left, top, right, bottom } };
      });
    const links = [...svg.querySelectorAll("a")].map((a) => ({ town: a.getAttribute("data-town") ?? "", name: a.getAttribute("aria-label") ?? "", primary: a.hasAttribute("data-primary"), current: a.getAttribute("aria-current") === "page" }));
    return { names, links, outer: { left: outer.left, top: outer.top, right: outer.right, bottom: outer.bottom }, width: outer.width };
  });
  await close();
  return drawn;
}

// A text's box is its line: about 0.1 em of spacing above and below the letters. Boxes may
// overlap by that much (the letters stay apart), and by a pixel of rounding side by side.
const overlap = (a: Name, b: Name) => {
  const spacing = 0.2 * Math.min(a.px, b.px);
  return a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - spacing && b.box.top < a.box.bottom - spacing;
};

describe("service-area map names", () => {
  for (const [viewport, label] of [
    [phone, "a 390 px phone"],
    [desktop, "a 1280 px desktop"],
  ] as const) {
    for (const path of ["/", "/locations", "/locations/irmo-sc"]) {
      it(`on ${path}, ${label}: every name shown is at least ${MIN_PX} px and inside the map; the home town and this page's town are named`, async () => {
        const { names, links, outer } = await namesOn(path, viewport);
        expect(links).toHaveLength(20);
        // Each town's link is named, drawn name or not.
        for (const link of links) expect(link.name).not.toBe("");
        const shown = new Set(names.map((n) => n.town));
        expect(shown.size).toBe(names.length);
        for (const n of names) {
          expect(n.px, n.town).toBeGreaterThanOrEqual(MIN_PX);
          expect(n.box.left, n.town).toBeGreaterThanOrEqual(outer.left);
          expect(n.box.right, n.town).toBeLessThanOrEqual(outer.right);
        }
        // The home town, and the town whose page this is, are always named.
        for (const link of links.filter((l) => l.primary || l.current)) expect(shown.has(link.town), link.town).toBe(true);
        // Most towns are named even on a phone; on a wide map, all of them.
        expect(names.length).toBeGreaterThanOrEqual(viewport === desktop && path !== "/locations/irmo-sc" ? 20 : 10);
      });

      // Known: on a wide map every name is drawn, and around Chapin two (Dutch Fork, White Rock)
      // have no free spot, so they touch. it.fails reports it here, and turns red once it is fixed.
      const crowded = viewport === desktop && path !== "/locations/irmo-sc";
      (crowded ? it.fails : it)(`on ${path}, ${label}: no two names overlap`, async () => {
        const { names } = await namesOn(path, viewport);
        for (const [i, a] of names.entries())
          for (const b of names.slice(i + 1)) expect(overlap(a, b), `${a.town} / ${b.town}`).toBe(false);
      });
    }
  }
});
