import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles } from "../scripts/build-engine/build-output";
import { ogImagePng } from "../scripts/build-engine/og-image";
import { runBuild } from "../scripts/build-engine/run-build";
import { loadSite } from "../src/content/load-content";

// The owner changes the phone number in content/site.json, once, and rebuilds.
let work = "";
let outDir = "";
let contentDir = "";

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-facts-"));
  contentDir = join(work, "content");
  await cp(resolve("content"), contentDir, { recursive: true });
  const siteFile = join(contentDir, "site.json");
  const site = JSON.parse(await readFile(siteFile, "utf8"));
  await writeFile(siteFile, JSON.stringify({ ...site, phone: "(803) 555-0199" }, null, 2));
  outDir = join(work, "dist");
  await runBuild({ root: process.cwd(), contentDir, outDir, mode: "production", workers: 2 });
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe("a phone number written once in site.json", () => {
  it("is what every call button on every page dials, and what every page shows", async () => {
    const pages = (await listFiles(outDir)).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(30);
    let telLinks = 0;
    for (const page of pages) {
      const html = await readFile(join(outDir, page), "utf8");
      const dialled = [...html.matchAll(/href="tel:([^"]*)"/g)].map((m) => m[1]);
      telLinks += dialled.length;
      expect(new Set(dialled), page).toEqual(new Set(dialled.length ? ["+18035550199"] : []));
      expect(html, page).not.toContain("555-0142");
    }
    expect(telLinks).toBeGreaterThan(pages.length);
  });

  it("is painted into the share image", async () => {
    const built = await readFile(join(outDir, "og-image.png"));
    expect(built.equals(await ogImagePng(await loadSite(contentDir, {})))).toBe(true);
    expect(built.equals(await ogImagePng(await loadSite("content", {})))).toBe(false);
  });
});
