import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cameraJpeg } from "./build-engine/photo-fixtures";
import { runBuild } from "./build-engine/run-build";
import type { FormPages } from "../functions/contact/app";
import { createFormPages } from "./contact-form-renderer";

// The pages a refused no-JavaScript post gets, from a real build of the real content
// with a service hero photo added (the renderer once refused such a build, which
// stopped npm start: it checked a file the build wrote against a second copy of the schema).
let work = "";
let pages: FormPages;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "form-pages-"));
  const contentDir = join(work, "content");
  await cp(resolve("content"), contentDir, { recursive: true });
  await writeFile(join(contentDir, "services", "crane.jpg"), await cameraJpeg(800, 400));
  const service = join(contentDir, "services", "tree-removal.md");
  await writeFile(service, (await readFile(service, "utf8")).replace(/^---\n/, "---\nheroImage: ./crane.jpg\nheroImageAlt: Our crane lowering a pine trunk\n"));
  const distDir = join(work, "dist");
  pages = await createFormPages(distDir, (await runBuild({ root: process.cwd(), contentDir, outDir: distDir, mode: "production", workers: 1 })).rendered);
}, 180_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The site script, as every page of the site loads it. */
const siteScript = /<script type="module" src="\/assets\/site-[A-Z0-9]+\.js"><\/script>/;

describe("the form pages of a build", () => {
  it("answer a refused contact post with the contact page: each message, the visitor's values kept, the site script, its address named", async () => {
    const html = pages.contact({ name: "J", email: "jane@example.com", serviceType: "tree-doctor", message: "Oak <leaning>" }, { name: "Name must be at least 2 characters" });
    expect(html).toMatch(/<title>Error: Contact /);
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain("Name must be at least 2 characters");
    expect(html).toContain('value="jane@example.com"');
    expect(html).toContain("Oak &lt;leaning&gt;</textarea>");
    // The options are the services' titles (content/services), the visitor's choice kept.
    expect(html).toMatch(/<option value="tree-doctor" selected="">Tree Doctor &amp; Tree Health<\/option>/);
    // A page of the site (served at /api/contact): the site script shows /contact in the address bar.
    expect(html).toMatch(siteScript);
    expect(html).toContain('<html lang="en" data-address="/contact">');
    expect(html).toContain('data-island="contact-panel"');
  });

  it("answer a refused review with /reviews, likewise", async () => {
    const html = pages.reviews({ name: "Morgan", location: "Irmo", rating: "4", text: "short" }, { text: "Review must be at least 10 characters" });
    expect(html).toMatch(/<title>Error: /);
    expect(html).toContain("Review must be at least 10 characters");
    expect(html).toContain('value="Morgan"');
    expect(html).toMatch(siteScript);
    expect(html).toContain('data-address="/reviews"');
  });

  it("frame a function's short page as a page of the site, the section it belongs to marked", async () => {
    const html = pages.notice("Review approved", "<h1>Review approved</h1><p>It is on the reviews page.</p>", "/reviews");
    expect(html).toContain("<title>Review approved | Cedar Ridge Tree Service</title>");
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toMatch(siteScript);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site-[^"]+\.css">/);
    expect(html).toMatch(/<main id="main"[^>]*>.*<h1>Review approved<\/h1><p>It is on the reviews page.<\/p>/);
    expect(html).toContain('<nav aria-label="Main"');
    expect(html).not.toContain("data-address");
  });
});
