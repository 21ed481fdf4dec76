import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildSession } from "../../../scripts/build-engine/build-session";
import { cachedPhotoFile, processPhoto } from "../../../scripts/build-engine/photos";
import { PostPreviewer } from "../../../scripts/build-engine/post-preview";
import { loadSharp } from "../../../scripts/build-engine/sharp";
import { Publisher } from "../../../scripts/publish/publisher";
import { createSiteApp } from "../../../scripts/site-app";
import { listen } from "../../../tests/test-support";
import type { PostForm } from "../../../src/content/post-form";
import { createFilePostsStore } from "../../store/files/posts-store";
import type { PostsStore } from "../../store/posts-store";
import { PostsDesk } from "./posts-desk";
import { deskPath } from "../../../src/desk/desk-routes";

// The desk's posts with every real part: the site's content copied to a temp folder, the
// build publishing it (npm start's Publisher and BuildSession), the build's preview worker, the
// photo pipeline with its cache, and the JSON-lines store.

const root = path.resolve(import.meta.dirname, "../../..");
let work: string;
let content: string;
let dist: string;
let store: PostsStore;
let desk: PostsDesk;
let previewer: PostPreviewer;
let publisher: Publisher;
const session = new BuildSession();
const published: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "posts-desk-"));
  content = path.join(work, "content");
  dist = path.join(work, "dist");
  await cp(path.join(root, "content"), content, { recursive: true });
  previewer = new PostPreviewer(dist);
  publisher = new Publisher({
    root,
    contentDir: content,
    distDir: dist,
    session,
    onPublished: (summary, reason) => {
      previewer.update(summary.rendered);
      published.push(reason);
    },
    onFailed: () => undefined,
  });
  expect(await publisher.publish("start")).toEqual({ ok: true });
  store = createFilePostsStore(path.join(work, "data"));
  desk = new PostsDesk({ ...deskOptions(), store });
}, 180_000);

const deskOptions = () => ({
  contentDir: content,
  renderer: previewer,
  processPhoto: (bytes: Buffer, name: string) => processPhoto(bytes, name, path.join(root, ".cache", "photos")),
  processedPhotoFile: (fileName: string) => cachedPhotoFile(fileName, path.join(root, ".cache", "photos")),
  loadSharp,
  publish: (reason: string) => publisher.publish(reason),
  photoUrlPrefix: `${deskPath.postPhoto}/`,
});

afterAll(async () => {
  await publisher?.stop();
  await session.close();
  await previewer?.close();
  await store?.close();
  await rm(work, { recursive: true, force: true });
});

const blog = (...parts: string[]) => path.join(content, "blog", ...parts);
const builtPage = (slug: string) => readFile(path.join(dist, "blog", slug, "index.html"), "utf8");
const apiList = async () => JSON.parse(await readFile(path.join(dist, "api", "blog.json"), "utf8")) as { slug: string; title: string }[];

const table = "| Job | Typical cost |\n|-----|-------------:|\n| Trimming a small tree | $300 |\n";

describe("the desk's posts, end to end", () => {
  let form: PostForm;
  let firstVersionText: string;

  it("saves a new post as a draft, as a person would write it", async () => {
    form = (await desk.newPost()).form;
    form = { ...form, title: "Fall Leaf Cleanup", category: "Seasonal Maintenance", summary: "What to rake and what to leave.", text: `Rake **early**.\n\n${table}` };
    const saved = await desk.save(form, "draft", "owner@example.com");
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    firstVersionText = await readFile(blog("fall-leaf-cleanup.md"), "utf8");
    expect(firstVersionText).toBe(
      `---\ntitle: Fall Leaf Cleanup\npublishDate: ${form.publishDate.date}\ncategory: Seasonal Maintenance\nexcerpt: What to rake and what to leave.\ndraft: true\n---\n\nRake **early**.\n\n${table}`,
    );
    const listed = await desk.list("leaf");
    expect(listed.posts).toEqual([expect.objectContaining({ slug: "fall-leaf-cleanup", status: "draft", title: "Fall Leaf Cleanup" })]);
    if (saved.ok) form = saved.opened.form;
  });

  it("adds two photos, shows the page as it will be, and publishes it within a second", async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#6a4" } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#47a" } }).png().toBuffer();
    const a = await desk.addPhoto(jpeg, "The crew raking leaves", []);
    const b = await desk.addPhoto(png, "A map of the yard", [a.name]);
    expect([a.name, b.name]).toEqual(["the-crew-raking-leaves.jpg", "a-map-of-the-yard.png"]);
    form = {
      ...form,
      text: `${form.text}\n![The crew raking leaves](./${a.name})\n\n![A map of the yard](./${b.name})\n`,
      photos: [...form.photos, { name: a.name, sha: a.sha }, { name: b.name, sha: b.sha }],
      cover: { name: `./${a.name}`, alt: "The crew raking leaves" },
    };
    const preview = await desk.preview(form);
    expect(preview.problems).toEqual([]);
    expect(preview.html).toContain("<table>");
    expect(preview.html).toContain('alt="A map of the yard"');
    const photoUrl = /src="(\/owner\/posts\/photo\/[^"]+)"/.exec(preview.html ?? "")?.[1];
    expect(photoUrl).toBeDefined();
    const served = await desk.servablePhoto(path.posix.basename(photoUrl!));
    expect(served && (await readFile(served)).byteLength).toBeGreaterThan(0);
    // Found in the photo cache, not in this desk's memory: another instance (or this one restarted) serves it too.
    const another = new PostsDesk({ ...deskOptions(), store });
    expect(await another.servablePhoto(path.posix.basename(photoUrl!))).toBe(served);
    expect(await another.servablePhoto(path.posix.basename(photoUrl!).replace(/-(\d+)\./, "-9$1."))).toBeUndefined();
    expect(await another.servablePhoto("../../package.json")).toBeUndefined();

    const started = performance.now();
    const saved = await desk.save(form, "publish", "owner@example.com");
    const ms = performance.now() - started;
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    expect(ms).toBeLessThan(5_000);
    expect((await readdir(blog("fall-leaf-cleanup"))).sort()).toEqual(["a-map-of-the-yard.png", "index.md", "the-crew-raking-leaves.jpg"]);
    expect(await readdir(blog())).not.toContain("fall-leaf-cleanup.md");
    expect(await builtPage("fall-leaf-cleanup")).toContain('alt="A map of the yard"');
    expect((await apiList()).map((p) => p.slug)).toContain("fall-leaf-cleanup");
    if (saved.ok) form = saved.opened.form;
  });

  it("refuses a save against a file changed since it was opened, showing both versions", async () => {
    const stale = form;
    const edited = (await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8")).replace("Rake **early**.", "Rake early, edited on the server.");
    await writeFile(blog("fall-leaf-cleanup", "index.md"), edited);
    const refused = await desk.save({ ...stale, title: "Fall Leaf Cleanup Around Lake Murray" }, "publish");
    expect(refused).toMatchObject({ ok: false, conflict: { theirs: edited } });
    expect(refused.ok === false && "conflict" in refused && refused.conflict.yours).toContain("title: Fall Leaf Cleanup Around Lake Murray");
    expect(await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8")).toBe(edited);
  });

  it("says what the build would refuse beside the field, in the build's words, and writes nothing", async () => {
    const opened = (await desk.open("fall-leaf-cleanup"))!;
    const before = await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8");
    const refused = await desk.save({ ...opened.form, category: "Gardening" }, "publish");
    expect(refused).toMatchObject({ ok: false, problems: [{ field: "category", message: expect.stringContaining("Gardening") }] });
    const noAlt = await desk.save({ ...opened.form, text: `${opened.form.text}\n![](./the-crew-raking-leaves.jpg)\n` }, "publish");
    expect(noAlt).toMatchObject({ ok: false, problems: [{ field: "text", message: expect.stringMatching(/^has no description/) }] });
    expect(await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8")).toBe(before);
  });

  it("keeps every version: the change made on the server, and the first version restored", async () => {
    const opened = (await desk.open("fall-leaf-cleanup"))!;
    const saved = await desk.save({ ...opened.form, title: "Fall Leaf Cleanup Around Lake Murray" }, "publish");
    expect(saved.ok).toBe(true);
    expect((await apiList()).find((p) => p.slug === "fall-leaf-cleanup")?.title).toBe("Fall Leaf Cleanup Around Lake Murray");
    const history = await desk.history("fall-leaf-cleanup");
    expect(history.map((h) => h.event)).toEqual(["published", "found", "published", "saved"]);
    const first = history.at(-1)!;
    const now = (await desk.open("fall-leaf-cleanup"))!;
    const restored = await desk.restore(first.id, { slug: "fall-leaf-cleanup", baseSha: now.form.baseSha! });
    expect(restored.ok, JSON.stringify(restored)).toBe(true);
    expect(await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8")).toBe(firstVersionText);
  });

  it("deletes a post with its photos, and brings it back", async () => {
    const opened = (await desk.open("fall-leaf-cleanup"))!;
    const before = await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8");
    const deleted = await desk.delete("fall-leaf-cleanup", opened.form.baseSha!);
    expect(deleted.ok).toBe(true);
    expect(await readdir(blog())).not.toContain("fall-leaf-cleanup");
    expect((await desk.gone()).map((d) => [d.slug, d.deletedInDesk])).toEqual([["fall-leaf-cleanup", true]]);
    const back = await desk.bringBack(opened.form.postId);
    expect(back.ok, JSON.stringify(back)).toBe(true);
    expect(await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8")).toBe(before);
    expect((await readdir(blog("fall-leaf-cleanup"))).sort()).toEqual(["a-map-of-the-yard.png", "index.md", "the-crew-raking-leaves.jpg"]);
    expect(await desk.gone()).toEqual([]);
  });

  it("keeps a post that vanished from content/ outside the desk (a git reset on the server), and brings it back", async () => {
    const opened = (await desk.open("fall-leaf-cleanup"))!;
    const before = await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8");
    await rm(blog("fall-leaf-cleanup"), { recursive: true });
    expect((await desk.gone()).map((d) => [d.slug, d.deletedInDesk])).toEqual([["fall-leaf-cleanup", false]]);
    expect((await desk.bringBack(opened.form.postId)).ok).toBe(true);
    expect(await readFile(blog("fall-leaf-cleanup", "index.md"), "utf8")).toBe(before);
  });

  it("finds the autosaved work of a hand-written post never saved in the desk when it is opened again", async () => {
    const opened = (await desk.open("signs-a-tree-is-dying-or-dangerous"))!;
    expect(opened.unsaved).toBeUndefined();
    await desk.autosave({ ...opened.form, summary: "Typed between jobs." });
    const again = (await desk.open("signs-a-tree-is-dying-or-dangerous"))!;
    expect(again.form.postId).toBe(opened.form.postId);
    expect(again.unsaved?.form.summary).toBe("Typed between jobs.");
    expect((await desk.open("stump-grinding-vs-stump-removal"))!.form.postId).not.toBe(opened.form.postId);
    await desk.discardUnsaved(again.form.postId);
  });

  it("opens every hand-written post and saves it unchanged, byte for byte", async () => {
    for (const slug of ["preparing-trees-for-hurricane-season", "protecting-lakeside-trees-on-lake-murray", "signs-a-tree-is-dying-or-dangerous", "stump-grinding-vs-stump-removal", "when-to-prune-oaks-in-the-midlands"]) {
      const before = await readFile(blog(`${slug}.md`), "utf8");
      const opened = (await desk.open(slug))!;
      expect(opened.status).toBe("published");
      const form: PostForm = JSON.parse(JSON.stringify(opened.form));
      const saved = await desk.save({ ...form, text: form.text.replaceAll("\r\n", "\n") }, "publish");
      expect(saved).toMatchObject({ ok: true, message: "Nothing had changed: the post is as it was." });
      expect(await readFile(blog(`${slug}.md`), "utf8")).toBe(before);
    }
  });

  it("schedules a post on the business clock, and refuses a time already past", async () => {
    const opened = await desk.newPost();
    const form = { ...opened.form, title: "Winter Pruning Day", text: "Soon.\n" };
    const past = await desk.save({ ...form, publishDate: { date: "2020-01-01", time: "09:00" } }, "schedule");
    expect(past).toMatchObject({ ok: false, problems: [{ field: "publishDate" }] });
    const later = await desk.save({ ...form, publishDate: { date: "2099-01-05", time: "09:30" } }, "schedule");
    expect(later).toMatchObject({ ok: true, message: "Scheduled: it goes live 2099-01-05 at 09:30." });
    expect(await readFile(blog("winter-pruning-day.md"), "utf8")).toContain('publishDate: "2099-01-05T09:30:00-05:00"');
    expect((await desk.list("pruning day")).posts).toEqual([expect.objectContaining({ status: "scheduled" })]);
  });

  it("keeps a published post's old address working when its address changes", async () => {
    const opened = (await desk.open("stump-grinding-vs-stump-removal"))!;
    const saved = await desk.save({ ...opened.form, slug: "stump-grinding-or-removal" }, "publish");
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    expect(await readdir(blog())).toContain("stump-grinding-or-removal.md");
    expect(JSON.parse(await readFile(path.join(content, "redirects.json"), "utf8"))).toEqual([{ from: "/blog/stump-grinding-vs-stump-removal", to: "/blog/stump-grinding-or-removal" }]);
    const taken = await desk.save({ ...(await desk.newPost()).form, title: "Stump grinding vs stump removal", slug: "stump-grinding-vs-stump-removal", text: "x\n" }, "draft");
    expect(taken).toMatchObject({ ok: false, problems: [{ field: "slug" }] });
    // Static hosts read _redirects; any other host serves the page at the old address, which sends the visitor on.
    expect(await readFile(path.join(dist, "_redirects"), "utf8")).toContain("/blog/stump-grinding-vs-stump-removal /blog/stump-grinding-or-removal 301\n");
    expect(await builtPage("stump-grinding-vs-stump-removal")).toContain('<meta http-equiv="refresh" content="0; url=/blog/stump-grinding-or-removal">');
    const site = await listen(createSiteApp({ distDir: dist }));
    try {
      const moved = await fetch(`${site.url}/blog/stump-grinding-vs-stump-removal/?from=mail`, { redirect: "manual" });
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe("/blog/stump-grinding-or-removal?from=mail");
      expect((await fetch(`${site.url}/blog/stump-grinding-or-removal`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });
});
