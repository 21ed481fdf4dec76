// `npx tsx scripts/bench-hydration.ts [RUNS]`: what the form pages cost a phone, the figures
// that chose how a form sent before its island woke is handled (src/client/islands.ts,
// docs/performance.md). A production build served as `npm start` serves it; then RUNS times
// each (default 5, medians): /contact and /reviews in Chromium throttled as a phone
// (scripts/phone-throttle.ts), timing the first paint, the site script's start and the
// island becoming React's when a pointer comes to it at once; and Lighthouse's mobile
// Performance run on /contact (score, Total Blocking Time).
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { createContactFunction } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { runBuild } from "./build-engine/run-build";
import { chromiumArgs, chromiumPath } from "./chromium-flags";
import { throttlePhone } from "./phone-throttle";
import { createSiteApp } from "./site-app";

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a whole number, not "${process.argv[2]}"`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number) => `${Math.round(x)} ms`;

const work = await mkdtemp(join(tmpdir(), "bench-hydration-"));
try {
  const distDir = join(work, "dist");
  await runBuild({ root: process.cwd(), contentDir: resolve("content"), outDir: distDir, mode: "production" });
  const contact = await createContactFunction({ DATA_DIR: join(work, "data") }, { contentDir: resolve("content") });
  const server = createLimitedServer(createSiteApp({ distDir, contact: contact.app })).listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the bench server has no port");
  const base = `http://127.0.0.1:${address.port}`;
  // Warm, as a live server is (scripts/audit.ts does the same).
  for (const path of ["/contact", "/reviews"]) await (await fetch(base + path)).arrayBuffer();

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  for (const path of ["/contact", "/reviews"]) {
    const rows: { paint: number; script: number; ready: number }[] = [];
    for (let n = 0; n < runs; n++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await throttlePhone(page);
      // Times since navigation start, noted by the page itself as the marks appear.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          const html = document.documentElement;
          if (!html.dataset.benchScript && html.hasAttribute("data-nav")) html.dataset.benchScript = String(performance.now());
          if (!html.dataset.benchReady && document.querySelector("[data-hydrated]")) html.dataset.benchReady = String(performance.now());
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-nav", "data-hydrated"] });
      });
      await page.goto(base + path, { waitUntil: "commit" });
      // A pointer on its way to the form, from the moment the page can hear it (tests/page-ready.ts does the same).
      await page.waitForFunction(() => {
        document.querySelector("[data-island]")?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
        return document.documentElement.dataset.benchReady;
      });
      rows.push(
        await page.evaluate(() => ({
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
          script: Number(document.documentElement.dataset.benchScript),
          ready: Number(document.documentElement.dataset.benchReady),
        })),
      );
      await context.close();
    }
    const each = rows.map((r) => `${Math.round(r.paint)}/${Math.round(r.script)}/${Math.round(r.ready)}`).join(" ");
    console.log(`throttled phone ${path}: first paint ${ms(median(rows.map((r) => r.paint)))}, site script ${ms(median(rows.map((r) => r.script)))}, island ready ${ms(median(rows.map((r) => r.ready)))} (each run: ${each})`);
  }
  await browser.close();

  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ["--headless=new", ...chromiumArgs], logLevel: "silent" });
  try {
    const rows: { score: number; tbt: number }[] = [];
    for (let n = 0; n < runs; n++) {
      const once = () => lighthouse(`${base}/contact`, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"], disableFullPageScreenshot: true });
      // A run whose trace lacks its navigation now and then (scripts/audit.ts): once more.
      let run = await once();
      if (run?.lhr.runtimeError) run = await once();
      rows.push({ score: Math.round((run?.lhr.categories.performance?.score ?? 0) * 100), tbt: run?.lhr.audits["total-blocking-time"]?.numericValue ?? NaN });
    }
    console.log(`Lighthouse /contact: Performance ${median(rows.map((r) => r.score))}, Total Blocking Time ${ms(median(rows.map((r) => r.tbt)))} (each run: ${rows.map((r) => `${r.score}/${Math.round(r.tbt)}`).join(" ")})`);
  } finally {
    chrome.kill();
  }
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  await contact.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
