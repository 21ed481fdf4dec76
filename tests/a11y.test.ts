import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, desktop, openPage, phone } from "./chromium";
import { pageReady } from "./page-ready";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it is now; returns "rule: help (selectors)" per violation. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the site's CSP refuses inline scripts (functions/http/security-headers.ts).
  await page.evaluate(axeSource);
  const violations: AxeViolation[] = await page.evaluate(async () => {
    const axe = Reflect.get(window, "axe") as { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The first post in the build, so the test follows whatever posts exist. */
async function firstPostPath(page: Page): Promise<string> {
  await page.goto("/blog", { waitUntil: "networkidle" });
  const href = await page.locator('main article a[href^="/blog/"]').first().getAttribute("href");
  if (!href) throw new Error("the blog list links to no post");
  return href;
}

const pageKinds: [kind: string, path: string | ((page: Page) => Promise<string>)][] = [
  ["home", "/"],
  ["service", "/services/emergency-tree-removal"],
  ["town (lake)", "/locations/lake-murray-sc"],
  ["town (historic, with neighbourhoods)", "/locations/west-columbia-sc"],
  ["contact", "/contact"],
  ["services index", "/services"],
  ["service areas index (map)", "/locations"],
  ["privacy", "/privacy"],
  ["blog list", "/blog"],
  ["blog post", firstPostPath],
  ["not found", "/no-such-page"],
];

describe.each([
  ["phone", phone],
  ["desktop", desktop],
])("axe (WCAG 2.1 AA) on a %s", (_name, viewport) => {
  it.each(pageKinds)("%s page has no violations", async (_kind, where) => {
    const { page, close } = await openPage(browser, { viewport });
    const path = typeof where === "string" ? where : await where(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await pageReady(page);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});

describe("keyboard", () => {
  it("reaches the skip link first and it moves focus to the main content", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    await pageReady(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await close();
  });

  it("shows a visible focus outline on links and buttons", async () => {
    const { page, close } = await openPage(browser, { viewport: desktop });
    await page.goto("/locations/irmo-sc", { waitUntil: "networkidle" });
    await pageReady(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "none";
        const style = getComputedStyle(el);
        const after = getComputedStyle(el, "::after");
        return style.outlineStyle !== "none" && style.outlineWidth !== "0px" ? style.outlineStyle : after.outlineStyle;
      });
      expect(outline, `tab stop ${i + 1}`).not.toBe("none");
    }
    await close();
  });
});
