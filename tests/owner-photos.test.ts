import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cameraJpeg } from "../scripts/build-engine/photo-fixtures";
import { runBuild } from "../scripts/build-engine/run-build";
import { listen } from "./test-support";
import { createSiteApp } from "../scripts/site-app";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage } from "./chromium";
import { keepScreenshot } from "./screenshots";

// A post the way an owner makes one with photos: a folder holding index.md and the
// pictures from their phone, a cover in front matter and two photos in the text.
const post = `---
title: Taking Down a Storm-Split Oak
publishDate: 2025-07-01
category: Storm Prep
image: ./cover.jpg
imageAlt: A split live oak leaning over a house roof
---

The oak split at the fork during the storm.

![The crane lifting the first section](./crane.jpg)

| Step | Time |
|------|------|
| Rigging | 1 hour |

![Stump ground below the lawn](./stump.png "After")
`;

let work = "";
let contentDir = "";
let outDir = "";
let server: { url: string; close: () => Promise<void> };
let browser: Browser;
let coverBytes = 0;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "post-photos-"));
  contentDir = join(work, "content");
  await cp(resolve("content"), contentDir, { recursive: true });
  const folder = join(contentDir, "blog", "storm-split-oak");
  await mkdir(folder);
  await writeFile(join(folder, "index.md"), post);
  const cover = await cameraJpeg(2400, 1600);
  coverBytes = cover.length;
  await writeFile(join(folder, "cover.jpg"), cover);
  await writeFile(join(folder, "crane.jpg"), await cameraJpeg(1000, 1400));
  await writeFile(join(folder, "stump.png"), await sharp({ create: { width: 600, height: 400, channels: 3, background: "#6b4f2a" } }).png().toBuffer());
  // Hero photos: a service and a town name one beside their file, home.json one in content/photos.
  await mkdir(join(contentDir, "services", "photos"));
  await writeFile(join(contentDir, "services", "photos", "crane.jpg"), await cameraJpeg(1800, 900));
  await addFrontMatter(join(contentDir, "services", "tree-removal.md"), "heroImage: ./photos/crane.jpg\nheroImageAlt: Our crane lowering a pine trunk");
  await writeFile(join(contentDir, "locations", "irmo-lake.jpg"), await cameraJpeg(1600, 800));
  await addFrontMatter(join(contentDir, "locations", "irmo-sc.md"), "heroImage: ./irmo-lake.jpg\nheroImageAlt: Lake Murray at Irmo");
  await mkdir(join(contentDir, "photos"));
  await writeFile(join(contentDir, "photos", "crew.jpg"), await cameraJpeg(2000, 1000));
  const home = JSON.parse(await readFile(join(contentDir, "home.json"), "utf8"));
  await writeFile(join(contentDir, "home.json"), JSON.stringify({ ...home, hero: { ...home.hero, image: "./photos/crew.jpg", imageAlt: "Our crew beside a felled oak" } }, null, 2));
  outDir = join(work, "dist");
  await runBuild({ root: process.cwd(), contentDir, outDir, mode: "production", workers: 2 });
  server = await listen(createSiteApp({ distDir: outDir }));
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

async function addFrontMatter(file: string, lines: string) {
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(/^---\n/, `---\n${lines}\n`));
}

const page = () => readFile(join(outDir, "blog", "storm-split-oak", "index.html"), "utf8");

describe("a post in a folder with its photos", () => {
  it("is published at the folder's name, its cover first and eager, the photos in the text lazy", async () => {
    const html = await page();
    const pictures = [...html.matchAll(/<picture[^>]*>(.*?)<\/picture>/g)].map((m) => m[1] ?? "");
    expect(pictures).toHaveLength(3);
    const [cover, crane, stump] = pictures as [string, string, string];
    expect(cover).toMatch(/<source type="image\/avif" srcSet="\/assets\/photos\/cover-\w{10}-480\.avif 480w, [^"]*-1600\.avif 1600w"/i);
    expect(cover).toMatch(/<img[^>]*alt="A split live oak leaning over a house roof"[^>]*>/);
    expect(cover).toMatch(/fetchPriority="high"/i);
    expect(cover).toMatch(/loading="eager"/);
    expect(cover).toMatch(/width="1600" height="1067"/);
    expect(crane).toMatch(/loading="lazy" decoding="async"|decoding="async"[^>]*loading="lazy"|loading="lazy"/);
    expect(crane).toMatch(/alt="The crane lifting the first section"/);
    expect(crane).toMatch(/width="1000" height="1400"/);
    expect(stump).toMatch(/-600\.png/);
    expect(stump).toMatch(/title="After"/);
  });

  it("writes every variant under dist/assets/photos with hashed names, each smaller than the original", async () => {
    const files = await readdir(join(outDir, "assets", "photos"));
    expect(files.filter((f) => f.startsWith("cover-"))).toHaveLength(12);
    for (const file of files.filter((f) => f.startsWith("cover-"))) {
      expect((await stat(join(outDir, "assets", "photos", file))).size).toBeLessThan(coverBytes);
      expect((await sharp(join(outDir, "assets", "photos", file)).metadata()).exif).toBeUndefined();
    }
  });

  it("shares its cover: og:image, the blog card and the API", async () => {
    const html = await page();
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\/assets\/photos\/cover-\w{10}-1200\.jpg">/);
    expect(html).toContain('<meta property="og:image:alt" content="A split live oak leaning over a house roof">');
    const api = JSON.parse(await readFile(join(outDir, "api", "blog", "storm-split-oak.json"), "utf8"));
    expect(api.cover.alt).toBe("A split live oak leaning over a house roof");
  });

  it("looks right on a phone and a desktop: no layout shift, nothing wider than the screen, axe finds nothing", async () => {
    for (const viewport of [{ width: 390, height: 844 }, desktop]) {
      const { page, problems, close } = await openPage(browser, { baseURL: server.url, viewport });
      try {
        await page.goto("/blog/storm-split-oak");
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        // The browser picked AVIF from the sources.
        expect(await page.locator("article picture img").first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
        expect(await axeViolations(page)).toEqual([]);
        await keepScreenshot(page, `post-photos-${viewport.width}`);
        // A hero photo fills its band on both screens (screenshots with SCREENSHOT_DIR).
        await page.goto("/services/tree-removal");
        const hero = page.locator("section picture img").first();
        await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await hero.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        await keepScreenshot(page, `hero-photo-${viewport.width}`, { fullPage: false });
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe("hero photos named in content", () => {
  it.each([
    ["services/tree-removal/index.html", "Our crane lowering a pine trunk", "crane-"],
    ["locations/irmo-sc/index.html", "Lake Murray at Irmo", "irmo-lake-"],
    ["index.html", "Our crew beside a felled oak", "crew-"],
  ])("%s shows its photo in the hero, first and eager, instead of the drawn scenery", async (file, alt, name) => {
    const html = await readFile(join(outDir, file), "utf8");
    const hero = html.slice(html.indexOf("<section"), html.indexOf("</section>"));
    expect(hero).toContain(`alt="${alt}"`);
    expect(hero).toContain(`/assets/photos/${name}`);
    expect(hero).toMatch(/fetchPriority="high"/i);
    expect(hero).not.toContain("data-scene");
  });

  it("keeps the drawn scenery where no photo is named", async () => {
    const html = await readFile(join(outDir, "locations", "chapin-sc", "index.html"), "utf8");
    expect(html).toContain("data-scene");
  });
});

describe("photo mistakes", () => {
  const buildWith = async (name: string, text: string) => {
    const dir = join(work, name);
    await cp(contentDir, join(dir, "content"), { recursive: true });
    await writeFile(join(dir, "content", "blog", "storm-split-oak", "index.md"), text);
    return runBuild({ root: process.cwd(), contentDir: join(dir, "content"), outDir: join(dir, "dist"), mode: "production", workers: 2 });
  };

  it("names a photo that is not there", async () => {
    await expect(buildWith("missing", post.replace("./crane.jpg", "./crain.jpg"))).rejects.toThrow(
      "content/blog/storm-split-oak/index.md: photo ./crain.jpg: is not there (looked for",
    );
  });

  it("asks for a description of a photo without alt text, and of a cover without imageAlt", async () => {
    await expect(buildWith("no-alt", post.replace("![The crane lifting the first section]", "![]"))).rejects.toThrow(
      /storm-split-oak\/index\.md: photo \.\/crane\.jpg: has no description: write what it shows between the brackets/,
    );
    await expect(buildWith("no-cover-alt", post.replace(/imageAlt: .*\n/, ""))).rejects.toThrow(
      /storm-split-oak\/index\.md: imageAlt: is required with image: describe what the photo shows/,
    );
  });

  it("names a hero photo that is not there, and one without its description", async () => {
    const dir = join(work, "hero-missing");
    await cp(contentDir, join(dir, "content"), { recursive: true });
    const service = join(dir, "content", "services", "tree-removal.md");
    await writeFile(service, (await readFile(service, "utf8")).replace("./photos/crane.jpg", "./photos/crain.jpg").replace(/heroImageAlt: .*\n/, ""));
    await expect(runBuild({ root: process.cwd(), contentDir: join(dir, "content"), outDir: join(dir, "dist"), mode: "production", workers: 2 })).rejects.toThrow(
      /content\/services\/tree-removal\.md: heroImage: is not there \(looked for [^)]*photos\/crain\.jpg\)/,
    );
  });

  it("refuses a photo from another website (the site's policy would not show it)", async () => {
    await expect(buildWith("remote", post.replace("./crane.jpg", "https://example.com/crane.jpg"))).rejects.toThrow(
      /photo https:\/\/example\.com\/crane\.jpg: is on another website; save the photo beside the post/,
    );
  });
});
