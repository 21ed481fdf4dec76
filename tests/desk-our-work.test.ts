import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "../src/format/format-date";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, drawWholePage, openPage, touchPhone } from "./chromium";
import { ambiguous, deskSession } from "./desk-browser";
import { serveCopy, type RepoCopy, type ServedCopy } from "./repo-copy";
import { keepScreenshot } from "./screenshots";
import type { SmtpPeer } from "./test-support";

// "Our work" as the owner uses it (issue 38): `npm start` in a fresh copy of the checkout, Chromium on a
// phone (390 px, touch), a job added with a before and an after photo made by sharp, then the live
// site checked: /our-work, the job's service and town pages and the home page, its photos in every
// size and format, and no layout shift.

const OWNER = "owner@example.com";
let served: ServedCopy;
let repo: RepoCopy;
let mail: SmtpPeer;
let browser: Browser;
let baseUrl = "";

beforeAll(async () => {
  served = await serveCopy("desk-our-work", { OWNER_EMAILS: OWNER });
  ({ repo, mail, baseUrl } = served);
  browser = await connectBrowser();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

const signedIn = deskSession(() => ({ browser, baseUrl, mail }));

/** A yard as a phone photographs it: a real JPEG (or PNG) with a scene in it, in the phone's size. */
async function yardPhoto(format: "jpeg" | "png", stump: boolean): Promise<Buffer> {
  const [width, height] = [2400, 1800];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="60%" fill="#8cb6d8"/><rect y="60%" width="100%" height="40%" fill="#5d8d3c"/>${
    stump ? `<ellipse cx="1200" cy="1300" rx="300" ry="90" fill="#7a5230"/>` : `<rect x="1150" y="500" width="100" height="800" fill="#5a3e2a"/><circle cx="1200" cy="500" r="380" fill="#2f6a32"/>`
  }</svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "jpeg" ? image.jpeg({ quality: 85 }).withExifMerge({ IFD0: { Make: "TestPhone" } }).toBuffer() : image.png().toBuffer();
}

const html = async (path: string) => (await fetch(baseUrl + path)).text();

/** The sum of layout shifts the page had without input (CLS as Chromium counts each shift). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!Reflect.get(entry, "hadRecentInput")) total += Number(Reflect.get(entry, "value"));
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );

describe("Our work in the owner's desk under npm start", () => {
  let slug = "";

  it("adds a job on a phone with two photos: on /our-work, its service and town pages and the home page within seconds, in every size and format", async () => {
    const { page, problems, close } = await signedIn();
    try {
      await page.goto("/owner");
      await page.getByRole("link", { name: "Our work" }).first().tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Our work");
      // The three examples the site came with, newest first, and the note to replace them.
      await expect.poll(() => page.getByRole("list", { name: "Jobs" }).getByRole("listitem").count()).toBe(3);
      expect(await page.getByRole("heading", { name: "Examples" }).count()).toBe(1);
      expect(await axeViolations(page), "jobs list").toEqual([]);
      expect(await ambiguous(page), "jobs list").toEqual([]);
      await keepScreenshot(page, "desk-our-work-list-390");

      await page.getByRole("button", { name: "Add a job" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Add a job");
      // The contract's names, one control each, found by a case-blind part of the name as by their label.
      for (const name of ["Before photo", "After photo", "What we did", "Town", "Service"]) expect(await page.getByLabel(name).count(), name).toBe(1);
      expect(await ambiguous(page), "new job").toEqual([]);
      await page.getByLabel("Before photo", { exact: true }).setInputFiles({ name: "IMG_0101.jpg", mimeType: "image/jpeg", buffer: await yardPhoto("jpeg", false) });
      await page.getByLabel("After photo", { exact: true }).setInputFiles({ name: "IMG_0102.png", mimeType: "image/png", buffer: await yardPhoto("png", true) });
      await page.getByLabel("What we did", { exact: true }).fill("Took down a leaning oak over the driveway and ground its stump.");
      await page.getByLabel("Town", { exact: true }).selectOption({ label: "Newberry" });
      await page.getByLabel("Service", { exact: true }).selectOption({ label: "Cabling & Bracing" });
      await keepScreenshot(page, "desk-job-new-390");
      // Save while the photos may still be on their way: it waits for them.
      await page.getByRole("button", { name: "Save" }).tap();
      await page.waitForURL("**/owner/our-work", { timeout: 60_000 });
      const notice = await page.getByRole("status").first().textContent();
      expect(notice).toContain("Added. The site shows it now at /our-work.");
      expect(await page.getByRole("list", { name: "Jobs" }).getByRole("listitem").count()).toBe(4);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }

    // The job's folder, written as a person would write it.
    const folders = await readdir(join(repo.dir, "content", "work"));
    slug = folders.find((f) => f.endsWith("-cabling-bracing-newberry")) ?? "";
    expect(slug).toMatch(/^\d{4}-\d{2}-\d{2}-cabling-bracing-newberry$/);
    const file = await readFile(join(repo.dir, "content", "work", slug, "index.md"), "utf8");
    expect(file).toBe(
      `---\ndate: ${slug.slice(0, 10)}\ntown: newberry-sc\nservice: cabling-bracing\nbefore: ./before.jpg\nbeforeAlt: "Before the job: Cabling & Bracing in Newberry"\n` +
        `after: ./after.png\nafterAlt: "After the job: Cabling & Bracing in Newberry"\n---\n\nTook down a leaning oak over the driveway and ground its stump.\n`,
    );
    // Re-encoded: nothing but pixels (the camera's EXIF is gone), at most 2400 px.
    const before = await sharp(join(repo.dir, "content", "work", slug, "before.jpg")).metadata();
    expect(before.exif).toBeUndefined();
    expect(before.width).toBe(2400);

    // On the site: the gallery (first: the newest), its service's and town's pages, the home page.
    const gallery = await html("/our-work");
    expect(gallery.indexOf(`id="${slug}"`)).toBeGreaterThan(0);
    expect(gallery.indexOf(`id="${slug}"`)).toBeLessThan(gallery.indexOf('id="2025-04-22-tree-removal-chapin"'));
    for (const path of ["/services/cabling-bracing", "/locations/newberry-sc", "/"]) expect(await html(path), path).toContain(`href="/our-work#${slug}"`);
    expect(await html("/services/tree-removal")).not.toContain(`#${slug}"`);
    const article = gallery.slice(gallery.indexOf(`id="${slug}"`), gallery.indexOf("</article>", gallery.indexOf(`id="${slug}"`)));
    const pictures = [...article.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1] ?? "");
    expect(pictures).toHaveLength(2);
    for (const [picture, fallback] of [[pictures[0] ?? "", "jpg"], [pictures[1] ?? "", "png"]] as const) {
      expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]*-480\.avif 480w, [^"]*-800\.avif 800w, [^"]*-1200\.avif 1200w, [^"]*-1600\.avif 1600w"/);
      expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*-480\.webp 480w/);
      expect(picture).toMatch(new RegExp(`<img src="[^"]*-1600\\.${fallback}" srcSet="[^"]*-480\\.${fallback} 480w`));
      expect(picture).toMatch(/width="1600" height="1200"/);
      for (const [, url] of picture.matchAll(/(\/assets\/photos\/[^\s",]+)/g)) {
        const response = await fetch(baseUrl + url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("content-type"), url).toMatch(/^image\/(avif|webp|jpeg|png)/);
      }
    }
    expect(gallery).toContain('<meta property="og:image"');
    expect(await html("/sitemap.xml")).toContain("/our-work</loc>");
  }, 240_000);

  it("shows the gallery on a phone and a desktop without a layout shift, nothing wider than the screen, axe finding nothing", async () => {
    for (const options of [touchPhone, { viewport: desktop }]) {
      const { page, problems, close } = await openPage(browser, { baseURL: baseUrl, ...options });
      const width = options.viewport?.width ?? 0;
      try {
        await page.goto("/our-work");
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)), { timeout: 20_000 }).toBe(true);
        expect(await layoutShift(page)).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        // The first job's photos come first; the others wait until they are near.
        expect(await page.locator("article").first().locator("img").first().getAttribute("loading")).toBe("eager");
        expect(await page.locator("article").nth(1).locator("img").first().getAttribute("loading")).toBe("lazy");
        expect(await page.locator("article").first().locator("img").first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
        expect(await axeViolations(page)).toEqual([]);
        await keepScreenshot(page, `our-work-${width}`);
        await page.goto("/services/cabling-bracing");
        await drawWholePage(page);
        expect(await axeViolations(page)).toEqual([]);
        await keepScreenshot(page, `service-with-jobs-${width}`);
        await page.goto("/");
        await drawWholePage(page);
        expect(await layoutShift(page)).toBe(0);
        await keepScreenshot(page, `home-with-jobs-${width}`);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
  }, 120_000);

  it("opens the job from Photos, changes what was done and the after photo: the file changes in those lines only, and the site shows it", async () => {
    const folder = join(repo.dir, "content", "work", slug);
    const file = join(folder, "index.md");
    const was = await readFile(file, "utf8");
    const { page, problems, close } = await signedIn();
    try {
      // Photos lists where each of the job's photos shows; its link opens the job.
      await page.goto("/owner");
      await page.getByRole("link", { name: "Photos" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Photos");
      const where = `Job: Cabling & Bracing in Newberry, ${formatLongDate(slug.slice(0, 10))}`;
      expect(await page.getByRole("link", { name: `${where} (after photo)` }).getAttribute("href")).toBe(`/owner/our-work/edit/${slug}`);
      // Replaced there, in its own format (the library's upload is photo-send.ts, as a job's).
      const before = await readFile(join(folder, "before.jpg"));
      const replace = page.locator(`form:has(input[name="file"][value="work/${slug}/before.jpg"])`);
      await replace.locator("input[type=file]").setInputFiles({ name: "IMG_0104.png", mimeType: "image/png", buffer: await yardPhoto("png", false) });
      await expect.poll(() => page.locator("[data-notice]").textContent(), { timeout: 60_000 }).toBe("Replaced. The page that shows it has the new photo now.");
      expect(Buffer.compare(await readFile(join(folder, "before.jpg")), before)).not.toBe(0);
      expect((await sharp(join(folder, "before.jpg")).metadata()).format).toBe("jpeg");
      await replace.scrollIntoViewIfNeeded();
      // Its card shows it small (the new one).
      const thumb = replace.locator("xpath=..").locator("img");
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
      await keepScreenshot(page, "desk-photos-job-390", { fullPage: false });
      await page.getByRole("link", { name: `${where} (before photo)` }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Edit job");
      expect(await page.locator("img[alt='The before photo']").isVisible()).toBe(true);
      expect(await ambiguous(page), "a job").toEqual([]);
      await page.getByLabel("What we did", { exact: true }).fill("Cabled the oak's two leaders so it stays standing.");
      // A JPEG after photo in place of the PNG: the new one shows small where the old one was once it is sent.
      const oldThumb = await page.locator("img[alt='The after photo']").getAttribute("src");
      await page.getByLabel("After photo", { exact: true }).setInputFiles({ name: "IMG_0103.jpg", mimeType: "image/jpeg", buffer: await yardPhoto("jpeg", true) });
      await expect.poll(() => page.locator("#job-after-status").textContent(), { timeout: 60_000 }).toBe("Photo ready.");
      expect(await page.locator("img[alt='The after photo']").getAttribute("src")).not.toBe(oldThumb);
      expect(await axeViolations(page), "editor").toEqual([]);
      await keepScreenshot(page, "desk-job-editor-390");
      await page.getByRole("button", { name: "Save" }).tap();
      await page.waitForURL("**/owner/our-work");
      expect(await page.getByRole("status").first().textContent()).toContain("Saved.");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    expect(await readFile(file, "utf8")).toBe(
      was.replace("Took down a leaning oak over the driveway and ground its stump.", "Cabled the oak's two leaders so it stays standing.").replace("after: ./after.png", "after: ./after.jpg"),
    );
    expect(await readdir(folder)).toEqual(["after.jpg", "before.jpg", "index.md"]);
    const gallery = await html("/our-work");
    expect(gallery).toContain("Cabled the oak's two leaders");
    const article = gallery.slice(gallery.indexOf(`id="${slug}"`), gallery.indexOf("</article>", gallery.indexOf(`id="${slug}"`)));
    expect([...article.matchAll(/<img src="[^"]*-1600\.(\w+)"/g)].map((m) => m[1])).toEqual(["jpg", "jpg"]);
  }, 180_000);

  it("keeps an example's hand-written file byte for byte when saved unchanged, removes a job from every page, and its photos then in Photos", async () => {
    const example = "2025-03-11-stump-removal-irmo";
    const folder = join(repo.dir, "content", "work", example);
    const file = join(folder, "index.md");
    const was = await readFile(file);
    // Where it shows before: the gallery, its service's and town's pages, the home page (one of the newest three).
    const pages = ["/our-work", "/services/stump-removal", "/locations/irmo-sc", "/"];
    const shows = async (path: string) => (await html(path)).includes(path === "/our-work" ? `id="${example}"` : `href="/our-work#${example}"`);
    for (const path of pages) expect(await shows(path), path).toBe(true);
    const { page, problems, close } = await signedIn({ viewport: desktop });
    try {
      await page.goto("/owner/our-work/new");
      expect(await axeViolations(page), "new job at 1280").toEqual([]);
      await keepScreenshot(page, "desk-job-new-1280");
      await page.goto(`/owner/our-work/edit/${example}`);
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL("**/owner/our-work");
      expect(Buffer.compare(await readFile(file), was)).toBe(0);
      await keepScreenshot(page, "desk-our-work-list-1280");

      await page.goto(`/owner/our-work/edit/${example}`);
      await keepScreenshot(page, "desk-job-editor-1280");
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Remove" }).click();
      await page.waitForURL("**/owner/our-work");
      expect(await page.getByRole("status").first().textContent()).toContain("Removed. It is off the site now; its photos stay in Photos until you remove them there.");
      expect(await page.getByRole("list", { name: "Jobs" }).getByRole("listitem").count()).toBe(3);
      await keepScreenshot(page, "desk-our-work-removed-1280");

      // Off every page it was on, at once.
      expect(await stat(file).catch(() => undefined)).toBeUndefined();
      for (const path of pages) expect(await shows(path), path).toBe(false);
      expect(await html("/locations/irmo-sc")).not.toContain("Recent Jobs in Irmo");

      // Its photos are still in the library, used nowhere now, and go with one tap each.
      await page.goto("/owner/photos");
      for (const role of ["before", "after"]) {
        const card = page.locator("section").filter({ has: page.locator(`input[name="file"][value="work/${example}/${role}.jpg"]`) }).last();
        expect(await card.getByText("Not used on any page.").count(), role).toBe(1);
        // Every job has a before.jpg: the card says whose.
        expect(await card.getByRole("heading").textContent()).toBe(`${example}/${role}.jpg`);
        page.once("dialog", (dialog) => void dialog.accept());
        await card.getByRole("button", { name: "Remove" }).click();
        await expect.poll(() => page.locator("[data-notice], [role=status]").first().textContent()).toContain(`Removed ${role}.jpg.`);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    expect(await stat(folder).catch(() => undefined)).toBeUndefined();
  }, 120_000);
});
