import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { splitFrontMatter } from "../../../src/content/front-matter";
import { inThisThread } from "../../../src/content/load-content";
import { loadContent } from "../../../src/content/content-pipeline";
import { cachedPhotoFile, processPhoto } from "../../../scripts/build-engine/photos";
import { makeTempDir } from "../../../tests/test-support";
import { createFilePostsStore } from "../../store/files/posts-store";
import { isPageVersion, type PostsStore } from "../../store/posts-store";
import type { PublishOutcome } from "../publish-outcome";
import { SitePages } from "./site-pages";

// The site's pages as the desk changes them, on a copy of content/ and a real files store: each
// change checked by the build's schemas, written as a person would, kept as a version, published
// (here: the build's own loader reads the folder, as npm start's build would).

let temp: { dir: string; cleanup: () => Promise<void> };
let contentDir: string;
let store: PostsStore;
let pages: SitePages;
let published: string[];

/** npm start's publish, as far as content goes: the whole folder read by the build's loader. */
async function publish(reason: string): Promise<PublishOutcome> {
  published.push(reason);
  try {
    await loadContent(contentDir, { mode: "production", builtAt: new Date().toISOString() }, inThisThread({ photos: await photosIn(contentDir) }));
    return { ok: true };
  } catch (error) {
    const problems = (error as { problems?: PublishOutcome extends { problems: infer P } ? P : never }).problems;
    return { ok: false, problems: Array.isArray(problems) ? problems : [{ file: "(build)", field: "(build)", problem: String(error) }] };
  }
}

/** The photos the build would find, as the loader looks them up (by shown path). */
async function photosIn(dir: string) {
  const found: Record<string, Awaited<ReturnType<typeof processPhoto>>["photo"]> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(jpe?g|png)$/.test(entry.name) || entry.parentPath.includes(`${path.sep}static`)) continue;
    const abs = path.join(entry.parentPath, entry.name);
    found[path.relative(process.cwd(), abs).split(path.sep).join("/")] = (await processPhoto(await readFile(abs), entry.name, path.join(temp.dir, "photo-cache"))).photo;
  }
  return found;
}

beforeEach(async () => {
  temp = await makeTempDir();
  contentDir = path.join(temp.dir, "content");
  await cp("content", contentDir, { recursive: true });
  store = createFilePostsStore(path.join(temp.dir, "data"));
  published = [];
  pages = new SitePages(pagesOptions());
});
afterEach(async () => {
  await store.close();
  await temp.cleanup();
});

/** What the desk gives SitePages (functions/desk/desk-app.ts), with the test's photo cache. */
const pagesOptions = () => {
  const cache = path.join(temp.dir, "photo-cache");
  return {
    contentDir,
    store,
    publish,
    processPhoto: (bytes: Buffer, name: string) => processPhoto(bytes, name, cache),
    processedPhotoFile: (fileName: string) => cachedPhotoFile(fileName, cache),
    photoUrlPrefix: "/owner/photos/thumb/",
    // The preview's own test builds the site (page-preview.test.ts); these never preview.
    renderer: { page: () => Promise.reject(new Error("no build here")) },
  };
};

const fieldsOf = (file: NonNullable<Awaited<ReturnType<SitePages["read"]>>>) => Object.fromEntries(pages.fields(file).map((f) => [f.name, f.value]));

describe("SitePages", () => {
  it("saves a service's heading as one changed line, keeps both versions, and restores the first", async () => {
    const file = (await pages.read("service", "tree-removal"))!;
    const unchanged = await pages.save("service", "tree-removal", { baseSha: file.sha, fields: fieldsOf(file) });
    expect(unchanged).toMatchObject({ ok: true, changed: false });
    expect(await readFile(file.abs, "utf8")).toBe(file.text);

    const result = await pages.save("service", "tree-removal", { baseSha: file.sha, fields: { ...fieldsOf(file), "hero.heading": "Tree Removal Done Right" } }, "owner@example.com");
    expect(result).toMatchObject({ ok: true, changed: true });
    const after = await readFile(file.abs, "utf8");
    const [a, b] = [file.text.split("\n"), after.split("\n")];
    expect(b.filter((line, i) => line !== a[i])).toEqual(["  heading: Tree Removal Done Right"]);
    expect(published).toHaveLength(1);

    const history = await pages.history((await pages.read("service", "tree-removal"))!);
    expect(history.map((v) => v.event)).toEqual(["saved", "found"]);
    expect(history.every(isPageVersion)).toBe(true);
    const restored = await pages.restore("service", "tree-removal", history[1]!.id, (await pages.read("service", "tree-removal"))!.sha);
    expect(restored).toMatchObject({ ok: true });
    expect(await readFile(file.abs, "utf8")).toBe(file.text);
  });

  it("refuses a save over a change made elsewhere, showing both, and writes nothing", async () => {
    const file = (await pages.read("town", "irmo-sc"))!;
    await writeFile(file.abs, file.text.replace("intro:\n  heading:", "intro:\n  heading: Irmo Trees #"));
    const result = await pages.save("town", "irmo-sc", { baseSha: file.sha, fields: { ...fieldsOf(file), subtitle: "Mine" } });
    expect(result).toMatchObject({ ok: false, conflict: [{ label: "Subheading", yours: "Mine" }, { label: "Intro title", saved: "Irmo Trees" }] });
    expect(await readFile(file.abs, "utf8")).not.toContain("Mine");
  });

  it("refuses a value the build refuses, in its words, beside its field", async () => {
    const file = (await pages.read("service", "stump-removal"))!;
    const result = await pages.save("service", "stump-removal", { baseSha: file.sha, fields: { ...fieldsOf(file), "hero.heading": "  ", metaDescription: "x".repeat(160) } });
    expect(result).toEqual({ ok: false, errors: { "hero.heading": "must not be empty", metaDescription: "must be at most 155 characters so search results do not cut it off, got 160" }, other: [] });
    expect(await readFile(file.abs, "utf8")).toBe(file.text);
    expect(published).toEqual([]);
  });

  it("puts a hero photo beside the page and names it in two lines; the description is required", async () => {
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a7" } }).jpeg().toBuffer();
    const sha = await store.putPhoto(bytes);
    const file = (await pages.read("service", "tree-removal"))!;
    const missing = await pages.save("service", "tree-removal", { baseSha: file.sha, fields: fieldsOf(file), photo: { sha, name: "crane-lift.jpg" } });
    expect(missing).toMatchObject({ ok: false, errors: { heroImageAlt: expect.stringContaining("is required with heroImage") } });
    const saved = await pages.save("service", "tree-removal", { baseSha: file.sha, fields: { ...fieldsOf(file), heroImageAlt: "A crane lifting a pine" }, photo: { sha, name: "crane-lift.jpg" } });
    expect(saved).toMatchObject({ ok: true, changed: true });
    const text = await readFile(file.abs, "utf8");
    expect(text.split("\n").filter((line) => !file.text.split("\n").includes(line))).toEqual(["heroImage: ./photos/crane-lift.jpg", "heroImageAlt: A crane lifting a pine"]);
    expect(await readFile(path.join(contentDir, "services", "photos", "crane-lift.jpg"))).toEqual(bytes);
    expect(pages.heroPhoto((await pages.read("service", "tree-removal"))!)).toEqual({ inner: "services/photos/crane-lift.jpg", alt: "A crane lifting a pine" });
  });

  it("serves a hero photo's thumbnail from any instance on the same photo cache (behind nginx, after a restart); a made-up name or a path is not served", async () => {
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a7" } }).jpeg().toBuffer();
    await mkdir(path.join(contentDir, "services", "photos"), { recursive: true });
    await writeFile(path.join(contentDir, "services", "photos", "crane-lift.jpg"), bytes);
    const url = await pages.thumb("services/photos/crane-lift.jpg");
    expect(url).toMatch(/^\/owner\/photos\/thumb\/crane-lift-[0-9a-f]{10}-\d+\.jpg$/);
    const name = path.posix.basename(url!);
    const served = await pages.servableThumb(name);
    expect(await readFile(served!)).toBeTruthy();
    // The other instance never made it: it finds it in the cache all the same.
    const another = new SitePages(pagesOptions());
    expect(await another.servableThumb(name)).toBe(served);
    expect(await another.servableThumb(name.replace(/-(\d+)\./, "-9$1."))).toBeUndefined();
    expect(await another.servableThumb("../../package.json")).toBeUndefined();
  });

  it("moves a service up: only the two files whose order changed are written", async () => {
    const before = await pages.list("service");
    const third = before[2]!;
    const result = await pages.moveService(third.slug, "up", SitePages.orderVersion(before));
    expect(result.ok).toBe(true);
    const after = await pages.list("service");
    expect(after.map((s) => s.slug)).toEqual([before[0]!.slug, third.slug, before[1]!.slug, ...before.slice(3).map((s) => s.slug)]);
    for (const [i, s] of before.entries()) expect((await readFile(s.abs, "utf8")) === s.text, s.slug).toBe(i !== 1 && i !== 2);
    // The same list again is refused: it is older than what is saved now.
    expect(await pages.moveService(third.slug, "up", SitePages.orderVersion(before))).toMatchObject({ ok: false });
  });

  it("adds a town by its name, with its place, a page the build takes; removes another with a redirect to the nearest", async () => {
    const added = await pages.addTown("Pelion", { latitude: 33.7835, longitude: -81.2465 });
    expect(added).toMatchObject({ ok: true });
    const text = await readFile(path.join(contentDir, "locations", "pelion-sc.md"), "utf8");
    const data = splitFrontMatter("pelion", text).data;
    expect(data).toMatchObject({ name: "Pelion", order: 21, map: { latitude: 33.7835, longitude: -81.2465, label: "right" } });
    expect(await pages.addTown("pelion, SC", undefined)).toMatchObject({ ok: false, error: "Pelion is on the site already: open it in the list." });
    const unplaced = await pages.addTown("Gaston", undefined);
    expect(unplaced).toMatchObject({ ok: true });
    expect(splitFrontMatter("gaston", await readFile(path.join(contentDir, "locations", "gaston-sc.md"), "utf8")).data.map).toBeUndefined();

    const offerFile = path.join(contentDir, "estimate-visits.json");
    const offerBefore = await readFile(offerFile, "utf8");
    expect(JSON.parse(offerBefore).towns).toContain("cayce-sc");
    const cayce = (await pages.read("town", "cayce-sc"))!;
    const removed = await pages.removeTown("cayce-sc", cayce.sha);
    expect(removed).toMatchObject({ ok: true, message: "Cayce is off the site. Its old address now leads to West Columbia." });
    // No longer offered estimate visits: only the town's entry left the file.
    const offerAfter = await readFile(offerFile, "utf8");
    expect(JSON.parse(offerAfter).towns).not.toContain("cayce-sc");
    expect(offerAfter.split("\n").filter((line) => !offerBefore.split("\n").includes(line))).toEqual([]);

    // A town a job of Our work names stays until the job moves: the build would refuse the job.
    const irmo = (await pages.read("town", "irmo-sc"))!;
    expect(await pages.removeTown("irmo-sc", irmo.sha)).toEqual({ ok: false, error: "Not removed: a job in Our work is in Irmo (2025-03-11-stump-removal-irmo). Change their town or remove them in Our work first." });
    expect((await pages.read("town", "irmo-sc"))!.sha).toBe(irmo.sha);
    expect(JSON.parse(await readFile(path.join(contentDir, "redirects.json"), "utf8"))).toContainEqual({ from: "/locations/cayce-sc", to: "/locations/west-columbia-sc" });
    expect(await pages.removeTown("chapin-sc", (await pages.read("town", "chapin-sc"))!.sha)).toMatchObject({ ok: false });
    expect(published.at(-1)).toContain("removed");
    expect(await publish("again")).toEqual({ ok: true });
  });
});
