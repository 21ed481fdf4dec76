import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../scripts/build-engine/run-build";
import { listen } from "./test-support";
import { createSiteApp } from "../scripts/site-app";
import { axeViolations } from "./axe";
import { connectBrowser, openPage } from "./chromium";

// A post written the way owners paste things: a wide table, a task list,
// strikethrough, a bare link and footnotes, built and opened on a phone.
const post = `---
title: What Storm Cleanup Costs
publishDate: 2025-06-01
category: Storm Prep
---

Prices vary with access and size.

| Job | Small yard | Large yard | Lakefront | Crane needed | Permit | Haul away | Notes on the job and the usual timing |
|-----|-----------:|-----------:|----------:|--------------|--------|-----------|----------------------------------------|
| Limb on roof | $400 | $650 | $900 | sometimes | no | yes | We tarp the roof the same day whenever possible |

- [x] Photos of the damage
- [ ] Call the insurer

~~$500~~ $400 this month, see https://example.com for the insurer's form.

Insurers often pay for removal from a structure[^roof].

[^roof]: Check your policy for the limit.
`;

let work = "";
let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "markdown-content-"));
  const contentDir = join(work, "content");
  await cp(resolve("content"), contentDir, { recursive: true });
  await writeFile(join(contentDir, "blog", "what-storm-cleanup-costs.md"), post);
  const outDir = join(work, "dist");
  await runBuild({ root: process.cwd(), contentDir, outDir, mode: "production", workers: 2 });
  server = await listen(createSiteApp({ distDir: outDir }));
  browser = await connectBrowser();
});

afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

describe("GitHub-flavoured Markdown in a post, on a phone", () => {
  it("scrolls a wide table sideways inside its box instead of widening the page, and axe finds nothing", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto("/blog/what-storm-cleanup-costs");
      const box = page.getByRole("region", { name: "Table" });
      const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      // Keyboard users reach the box and scroll it with the arrow keys.
      await box.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

      const article = page.locator("article");
      expect(await article.locator("del").textContent()).toBe("$500");
      expect(await article.locator('a[href="https://example.com"]').count()).toBe(1);
      expect(await article.locator('input[type="checkbox"][disabled]').count()).toBe(2);
      await article.locator("a[data-footnote-ref]").click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#user-content-fn-roof");
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
