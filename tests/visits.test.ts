import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createContactFunction } from "../functions/contact/app";
import { VISITS_FILE } from "../functions/store/files/file-names";
import { createSiteApp } from "../scripts/site-app";
import { connectBrowser, openPage } from "./chromium";
import { contentDir, listen, makeTempDir } from "./test-support";

// Issue 30 in the browser: what the site script reports, what the server keeps of it.

/** A phone's browser: headless Chromium names itself HeadlessChrome, which is not counted (a testing browser). */
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a flood of beacons", () => {
  it("10,000 reports of random paths, referrers and buttons leave the stored counts bounded", async () => {
    // The site as npm start serves it, with the per-client limit off so every beacon reaches the counter.
    const { dir, cleanup } = await makeTempDir();
    const contact = await createContactFunction({ DATA_DIR: dir }, { contentDir, distDir: inject("distDir"), eventRateLimit: 0 });
    const server = await listen(createSiteApp({ distDir: inject("distDir"), contact: contact.app }));
    try {
      const random = () => Math.random().toString(36).slice(2);
      const statuses = new Map<number, number>();
      for (let batch = 0; batch < 200; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`${server.url}/api/event`, {
              method: "POST",
              headers: { "content-type": "text/plain", "user-agent": IPHONE, origin: server.url },
              body: JSON.stringify({ kind: i % 5 ? "view" : "call", path: `/${random()}/${random()}`, referrer: `https://${random()}.example`, button: `b${random()}` }),
            }).then((r) => r.status),
          ),
        );
        for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      expect([...statuses]).toEqual([[204, 10_000]]);
      const summary = await contact.visits.summary();
      expect(summary.totals.week.views + summary.totals.week.calls).toBeGreaterThanOrEqual(10_000);
      expect(summary.topPages.map((p) => p.label)).toContain("Other addresses (not pages of the site)");
      const lines = (await readFile(join(dir, VISITS_FILE), "utf8")).trim().split("\n");
      // Paths fold into "other", referring sites stop at 100 a day and buttons at 30: a few hundred lines, a few KB.
      expect(lines.length).toBeLessThan(400);
      expect((await stat(join(dir, VISITS_FILE))).size).toBeLessThan(64 * 1024);
    } finally {
      await server.close();
      await contact.close();
      await cleanup();
    }
  }, 180_000);
});
