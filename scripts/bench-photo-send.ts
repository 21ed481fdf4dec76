// `npx tsx scripts/bench-photo-send.ts [RUNS]`: what sending two photos from the contact form
// costs a phone (src/components/photo-picker.tsx makes each a smaller JPEG before it goes). A
// production build served as `npm start` serves it, Chromium throttled as a phone
// (scripts/phone-throttle.ts); two 12-megapixel JPEGs (4032 × 3024, blurred noise: a worst case
// for JPEG) picked, then Send tapped at once, and again 12 s later (the visitor still typing):
// the bytes that go, and the time from the tap to the request (the post itself is answered by
// the bench, so the upload's time is not in it). RUNS times each (default 3, medians).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { createContactFunction } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { runBuild } from "./build-engine/run-build";
import { chromiumArgs, chromiumPath } from "./chromium-flags";
import { throttlePhone } from "./phone-throttle";
import { createSiteApp } from "./site-app";

const runs = Number(process.argv[2] ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a whole number, not "${process.argv[2]}"`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const [width, height] = [4032, 3024];
const photo = await sharp(randomBytes((width / 4) * (height / 4) * 3), { raw: { width: width / 4, height: height / 4, channels: 3 } })
  .resize(width, height, { kernel: "cubic" })
  .jpeg({ quality: 92 })
  .toBuffer();

const work = await mkdtemp(join(tmpdir(), "bench-photo-send-"));
try {
  const distDir = join(work, "dist");
  await runBuild({ root: process.cwd(), contentDir: resolve("content"), outDir: distDir, mode: "production" });
  const contact = await createContactFunction({ DATA_DIR: join(work, "data"), CONTACT_RATE_LIMIT: "0" }, { contentDir: resolve("content") });
  const server = createLimitedServer(createSiteApp({ distDir, contact: contact.app })).listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the bench server has no port");
  const base = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

  /** One visit: the form filled, two photos picked, Send tapped `typingMs` later; the bytes sent and the tap's wait. */
  async function visit(typingMs: number): Promise<{ sent: number; waitMs: number }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page: Page = await context.newPage();
    await page.goto(`${base}/contact`);
    await throttlePhone(page);
    let sent = 0;
    let requestedAt = 0;
    await page.route("**/api/contact", async (route) => {
      sent = route.request().postDataBuffer()?.length ?? 0;
      requestedAt = Date.now();
      await route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true,"id":"bench"}' });
    });
    const field = (name: string) => page.locator(`form [name="${name}"]`);
    await field("name").tap();
    await field("name").fill("Pat Shealy");
    await field("email").fill("pat@example.com");
    await field("phone").fill("8035550199");
    await field("serviceType").selectOption("tree-removal");
    await field("message").fill("The oak by the driveway split in the storm.");
    await page.getByLabel("Photos (optional)", { exact: true }).setInputFiles([1, 2].map((n) => ({ name: `IMG_000${n}.JPG`, mimeType: "image/jpeg", buffer: photo })));
    await page.waitForSelector("ul[aria-label='2 of 5 photos chosen'] img");
    await page.waitForTimeout(Math.max(typingMs, MIN_FILL_MS + 100));
    const tapped = Date.now();
    await page.getByRole("button", { name: "Send Message" }).tap();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor({ timeout: 120_000 });
    await context.close();
    return { sent, waitMs: requestedAt - tapped };
  }

  console.log(`two photos of ${mb(photo.byteLength)} each (${width} × ${height}), ${runs} run(s) each, medians, CPU 4x slower:`);
  for (const typingMs of [0, 12_000]) {
    const rows: Array<{ sent: number; waitMs: number }> = [];
    for (let n = 0; n < runs; n++) rows.push(await visit(typingMs));
    console.log(
      `  Send tapped ${typingMs === 0 ? "at once" : `${typingMs / 1000} s after picking`}: ${mb(median(rows.map((r) => r.sent)))} sent (of ${mb(2 * photo.byteLength)}), ${median(rows.map((r) => r.waitMs))} ms from the tap to the request`,
    );
  }
  await browser.close();
  server.close();
  await contact.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
