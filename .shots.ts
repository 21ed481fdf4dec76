// Throwaway (not committed): screenshots of built pages at 390 (touch) and 1280.
import { chromium } from "playwright-core";
import { resolve } from "node:path";
import { readyChromium, chromiumArgs } from "./scripts/chromium-flags";
import { createSiteApp } from "./scripts/site-app";

const [dist = "dist", ...paths] = process.argv.slice(2);
const app = createSiteApp({ distDir: resolve(dist) });
const server = app.listen(0, "127.0.0.1");
await new Promise((ok) => server.once("listening", ok));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: await readyChromium(), args: chromiumArgs });
for (const [w, h, touch] of (process.env.WIDTHS ? process.env.WIDTHS.split(",").map((x) => [Number(x), 700, false] as const) : [[390, 844, true], [1280, 900, false]] as const)) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: touch, isMobile: touch });
  const page = await ctx.newPage();
  for (const p of paths) {
    await page.goto(`http://127.0.0.1:${port}${p}`);
    await page.evaluate(() => document.documentElement.setAttribute("data-draw-all", ""));
    await page.evaluate(async () => { for (const img of document.images) img.loading = "eager"; await Promise.all([...document.images].map((i) => i.decode().catch(() => {}))); });
    const name = (p === "/" ? "home" : p.replace(/^\//, "").replace(/[/#]/g, "_")) + `-${w}.png`;
    await page.screenshot({ path: `/tmp/shots/our-work/${name}`, fullPage: true });
    console.log(name, await page.evaluate(() => document.documentElement.scrollWidth));
  }
  await ctx.close();
}
await browser.close();
server.close();
