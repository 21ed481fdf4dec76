import { chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { readyChromium, chromiumArgs } from "./scripts/chromium-flags";
const out = "/tmp/shots/site-pages";
const base = "http://127.0.0.1:4317";
const browser = await chromium.launch({ executablePath: await readyChromium(), args: chromiumArgs });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
const page = await ctx.newPage();
page.on("console", (m) => (m.type() === "error" ? console.log("console:", m.text()) : undefined));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
const shot = async (p: Page, name: string) => {
  await p.screenshot({ path: `${out}/${name}.png`, fullPage: true, timeout: 60_000 });
};
const h1 = () => page.getByRole("heading", { level: 1 }).textContent();
await page.goto(process.argv[2]!);
await page.getByRole("button").first().tap();
await page.waitForURL("**/owner");
// A service: heading and hero photo.
await page.getByRole("link", { name: "Services" }).tap();
await page.getByRole("link", { name: "Stump Removal" }).tap();
console.log("opened", await h1());
await page.getByLabel("Heading", { exact: true }).fill("Stumps Gone in an Afternoon");
const jpeg = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: "#4a7a3a" } }).composite([{ input: Buffer.from('<svg width="2400" height="1350"><circle cx="1200" cy="700" r="400" fill="#8b5a2b"/></svg>'), top: 0, left: 0 }]).jpeg().toBuffer();
await page.getByLabel("Hero photo", { exact: true }).setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: jpeg });
await page.getByLabel("Hero photo description", { exact: true }).fill("A freshly ground stump beside a lawn");
await page.waitForFunction(() => document.querySelector("[data-hero-status]")?.textContent?.includes("Photo sent"), null, { timeout: 30_000 });
await page.getByRole("button", { name: "Save" }).tap();
await page.waitForSelector("[data-notice]", { timeout: 60_000 });
console.log("notice:", await page.locator("[data-notice]").textContent());
await shot(page, "service-saved-390");
// Reorder.
await page.getByRole("link", { name: "Services" }).tap();
await page.getByRole("button", { name: "Move Stump Removal & Grinding up" }).tap();
await page.waitForSelector("[data-notice]");
console.log("notice:", await page.locator("[data-notice]").textContent());
await shot(page, "services-moved-390");
// A town.
await page.getByRole("link", { name: "Service areas" }).tap();
await page.getByRole("button", { name: "Add a town" }).tap();
await page.getByLabel("Town", { exact: true }).fill("Pelion");
const map = page.getByRole("img", { name: "Map of the towns you serve" });
const box = (await map.boundingBox())!;
await page.touchscreen.tap(box.x + box.width * 0.55, box.y + box.height * 0.92);
console.log("placed:", await page.locator('input[name="latitude"]').inputValue(), await page.locator('input[name="longitude"]').inputValue());
await shot(page, "town-add-390");
await page.getByRole("button", { name: "Add", exact: true }).tap();
await page.waitForSelector("[data-notice]", { timeout: 60_000 });
console.log("notice:", await page.locator("[data-notice]").textContent(), await h1());
await shot(page, "town-390");
await page.getByRole("link", { name: "Photos" }).tap();
await shot(page, "photos-390");
await page.getByRole("link", { name: "Home page" }).tap();
await shot(page, "home-page-390");
await page.goto(base + "/services/stump-removal");
await shot(page, "site-service-photo-390");
await page.goto(base + "/locations/pelion-sc");
await shot(page, "site-pelion-390");
const wide = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await ctx.storageState() });
const w = await wide.newPage();
for (const [p, name] of [["/owner", "home"], ["/owner/services", "services"], ["/owner/services/stump-removal", "service"], ["/owner/service-areas", "towns"], ["/owner/service-areas/add", "town-add"], ["/owner/service-areas/pelion-sc", "town"], ["/owner/home-page", "home-page"], ["/owner/photos", "photos"], ["/owner/services/stump-removal/history", "history"], ["/services/stump-removal", "site-service-photo"]]) {
  await w.goto(base + p);
  await shot(w, `${name}-1280`);
}
await page.goto(base + "/owner/services/stump-removal/history");
await shot(page, "history-390");
await browser.close();
