// The largest paint of the pages whose hero is the owner's photo (issue 38), in `npm run bench`:
// a production build of a copy of content/ in which the second service and the second town have a
// camera-sized hero photo as the desk writes one (scripts/audit/hero-photos.ts, as `npm run audit`
// makes them), served as `npm start` serves it, each page opened RUNS times in Chromium throttled
// as a phone (scripts/phone-throttle.ts: 4x CPU, 1.6 Mbit/s, 150 ms), nothing cached. The largest
// contentful paint is read by the page's own PerformanceObserver, with what it was (the photo, or
// text). The home page, whose hero is drawn, beside them. Run alone: `npx tsx scripts/bench-hero.ts [RUNS]`.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { createLimitedServer } from "../functions/http/server-limits";
import { addHeroPhotos } from "./audit/hero-photos";
import { runBuild } from "./build-engine/run-build";
import { chromiumArgs, readyChromium } from "./chromium-flags";
import { throttlePhone } from "./phone-throttle";
import { createSiteApp } from "./site-app";

const root = path.resolve(import.meta.dirname, "..");
/** "Good" largest contentful paint (web.dev's Core Web Vitals threshold), on the throttled phone. */
export const HERO_LCP_TARGET_MS = 2500;

export interface HeroFigures {
  pages: { label: string; path: string; lcpMs: number[]; element: string }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function benchHero(runs: number, log: (line: string) => void = () => {}): Promise<HeroFigures> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-hero-"));
  try {
    const contentDir = path.join(work, "content");
    await cp(path.join(root, "content"), contentDir, { recursive: true });
    const photoPages = await addHeroPhotos(contentDir);
    const distDir = path.join(work, "dist");
    await runBuild({ root, contentDir, outDir: distDir, mode: "production" });
    const server = createLimitedServer(createSiteApp({ distDir })).listen(0, "127.0.0.1");
    await new Promise((ok) => server.once("listening", ok));
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("the bench server has no port");
    const base = `http://127.0.0.1:${address.port}`;
    const browser = await chromium.launch({ executablePath: await readyChromium(), args: chromiumArgs });
    const figures: HeroFigures = { pages: [] };
    try {
      for (const { label, path: pagePath } of [{ label: "home (drawn hero)", path: "/" }, ...photoPages]) {
        const lcpMs: number[] = [];
        let element = "";
        for (let n = 0; n < runs; n++) {
          const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
          const page = await context.newPage();
          await throttlePhone(page);
          await page.addInitScript(() => {
            const seen: { at: number; what: string }[] = [];
            (window as unknown as { lcp: typeof seen }).lcp = seen;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
                const el = entry.element;
                seen.push({ at: entry.startTime, what: el ? `${el.tagName.toLowerCase()}${el.tagName === "IMG" ? ` ${(el as HTMLImageElement).currentSrc.split("/").pop()}` : ""}` : "?" });
              }
            }).observe({ type: "largest-contentful-paint", buffered: true });
          });
          await page.goto(base + pagePath, { waitUntil: "load" });
          // The last entry stands once the page is loaded and quiet a moment (no input ends it here).
          await page.waitForTimeout(500);
          const last = await page.evaluate(() => (window as unknown as { lcp: { at: number; what: string }[] }).lcp.at(-1));
          await context.close();
          if (!last) throw new Error(`${pagePath}: no largest contentful paint was reported`);
          lcpMs.push(last.at);
          element = last.what;
        }
        log(`  ${label} ${pagePath}: ${lcpMs.map((x) => Math.round(x)).join(", ")} ms (${element})`);
        figures.pages.push({ label, path: pagePath, lcpMs, element });
      }
    } finally {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    }
    return figures;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function describeHero(figures: HeroFigures): string[] {
  return figures.pages.map((p) => `  ${p.label} ${p.path}: largest paint ${Math.round(median(p.lcpMs))} ms (median of ${p.lcpMs.length}; ${p.element})`);
}

/** Whether every page with the owner's photo paints it within the target. */
export function heroWithinTarget(figures: HeroFigures): { ok: boolean; slowestMs: number } {
  const photos = figures.pages.filter((p) => p.path !== "/");
  const slowestMs = Math.max(...photos.map((p) => median(p.lcpMs)));
  return { ok: slowestMs <= HERO_LCP_TARGET_MS, slowestMs };
}

if (import.meta.filename === process.argv[1]) {
  const runs = Number(process.argv[2] ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a whole number, not "${process.argv[2]}"`);
  const figures = await benchHero(runs, (line) => console.error(line));
  for (const line of describeHero(figures)) console.log(line);
}
