import { chromium } from "playwright-core";
import { readyChromium, chromiumArgs } from "./scripts/chromium-flags";
const browser = await chromium.launch({ executablePath: await readyChromium(), args: chromiumArgs });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
const page = await ctx.newPage();
page.on("console", (m) => (m.type() === "error" ? console.log("console:", m.text()) : undefined));
await page.goto(process.argv[2]!);
await page.getByRole("button").first().tap();
await page.waitForURL("**/owner");
await ctx.storageState({ path: "/tmp/sp/state.json" });
for (const p of process.argv.slice(3)) {
  await page.goto("http://127.0.0.1:4317" + p);
  const wide = await page.evaluate(() => [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > 392).slice(0, 30).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`));
  console.log(p, wide);
}
await browser.close();
