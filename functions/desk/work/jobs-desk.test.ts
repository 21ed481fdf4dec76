import { cp, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildSession } from "../../../scripts/build-engine/build-session";
import { processPhoto } from "../../../scripts/build-engine/photos";
import { loadSharp } from "../../../scripts/build-engine/sharp";
import { Publisher } from "../../../scripts/publish/publisher";
import type { JobForm } from "../../../src/desk/job-form";
import { createFilePostsStore } from "../../store/files/posts-store";
import type { PostsStore } from "../../store/posts-store";
import { PhotoLibrary } from "../pages/photo-library";
import { prepareUpload } from "../posts/photo-upload";
import { JobsDesk } from "./jobs-desk";

// The desk's jobs with real parts: the site's content copied to a temp folder, npm start's
// Publisher building and publishing it, the uploads' checks and re-encoding (photo-upload.ts), the
// photo pipeline with its cache, and the JSON-lines store keeping the photos until Save.

const root = path.resolve(import.meta.dirname, "../../..");
let work: string;
let content: string;
let store: PostsStore;
let desk: JobsDesk;
const published: string[] = [];
const examples = ["2025-04-22-tree-removal-chapin", "2025-03-11-stump-removal-irmo", "2025-02-06-tree-trimming-pruning-lexington"];
const jobFile = (slug: string) => path.join(content, "work", slug, "index.md");

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "jobs-desk-"));
  content = path.join(work, "content");
  await cp(path.join(root, "content"), content, { recursive: true });
  const publisher = new Publisher({ root, contentDir: content, distDir: path.join(work, "dist"), session: new BuildSession(), onPublished: () => undefined, onFailed: () => undefined });
  store = createFilePostsStore(path.join(work, "data"));
  desk = new JobsDesk({
    contentDir: content,
    publish: async (reason) => {
      published.push(reason);
      return publisher.publish(reason);
    },
    photos: {
      add: async (bytes) => {
        const prepared = await prepareUpload(bytes, await loadSharp());
        return { sha: await store.putPhoto(prepared.bytes), format: prepared.format, thumb: "" };
      },
      bytes: (sha) => store.photo(sha),
      thumb: async (bytes, name) => (await processPhoto(bytes, name, path.join(root, ".cache", "photos"))).photo.variants[0]?.url ?? "",
    },
    clock: () => new Date("2025-06-14T15:00:00Z"),
  });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await rm(work, { recursive: true, force: true });
});

const photo = (format: "jpeg" | "png") => {
  const image = sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 60, g: 120, b: 50 } } });
  return format === "jpeg" ? image.jpeg().toBuffer() : image.png().toBuffer();
};

describe("jobs in the desk", () => {
  it("lists the jobs newest first with their titles, and opens one as its form", async () => {
    const list = await desk.list();
    expect(list.map((j) => [j.slug, j.title, j.date])).toEqual([
      [examples[0], "Tree Removal in Chapin", "2025-04-22"],
      [examples[1], "Stump Removal & Grinding in Irmo", "2025-03-11"],
      [examples[2], "Tree Trimming & Pruning in Lexington", "2025-02-06"],
    ]);
    expect(list.every((j) => j.thumb?.startsWith("/assets/photos/"))).toBe(true);
    const opened = await desk.open(examples[1]!);
    expect(opened?.form).toMatchObject({ date: "2025-03-11", town: "irmo-sc", service: "stump-removal", beforeAlt: "A large oak stump with its roots on a fenced back lawn" });
    expect(opened?.form.what).toMatch(/^An old oak stump was in the way of a new play set\.\nWe ground it|^An old oak stump was in the way of a new play set\. We ground it/);
    expect(await desk.open("no-such-job")).toBeUndefined();
  });

  it("saves every example unchanged byte for byte, and a changed field rewrites only its line", async () => {
    for (const slug of examples) {
      const before = await readFile(jobFile(slug));
      const opened = await desk.open(slug);
      const result = await desk.save(opened!.form);
      expect(result, slug).toMatchObject({ ok: true, slug });
      expect(Buffer.compare(await readFile(jobFile(slug)), before), slug).toBe(0);
    }
    const was = await readFile(jobFile(examples[0]!), "utf8");
    const opened = await desk.open(examples[0]!);
    expect(await desk.save({ ...opened!.form, town: "irmo-sc" })).toMatchObject({ ok: true });
    expect(await readFile(jobFile(examples[0]!), "utf8")).toBe(was.replace("town: chapin-sc", "town: irmo-sc"));
  }, 120_000);

  it("keeps a town and a service written by name as written while they are the ones chosen", async () => {
    const file = jobFile(examples[2]!);
    const text = (await readFile(file, "utf8")).replace("town: lexington-sc", "town: Lexington").replace("service: tree-trimming-pruning", "service: Tree Trimming & Pruning");
    await writeFile(file, text);
    const opened = await desk.open(examples[2]!);
    expect(opened?.form).toMatchObject({ town: "lexington-sc", service: "tree-trimming-pruning" });
    expect(await desk.save({ ...opened!.form, date: "2025-02-07" })).toMatchObject({ ok: true });
    expect(await readFile(file, "utf8")).toBe(text.replace("date: 2025-02-06", "date: 2025-02-07"));
  }, 60_000);

  it("adds a new job with its photos beside its file, named by its day, service and town", async () => {
    const before = await desk.photos.add(await photo("jpeg"));
    const after = await desk.photos.add(await photo("png"));
    const form: JobForm = { slug: "", version: "", date: "2025-06-14", town: "chapin-sc", service: "stump-removal", what: "Ground two stumps.", before: before.sha, after: after.sha, beforeAlt: "", afterAlt: "Smooth lawn" };
    const first = await desk.save(form);
    expect(first).toMatchObject({ ok: true, slug: "2025-06-14-stump-removal-chapin", published: { ok: true } });
    // The same day, service and town again: a folder of its own.
    expect(await desk.save(form)).toMatchObject({ ok: true, slug: "2025-06-14-stump-removal-chapin-2" });
    const dir = path.join(content, "work", "2025-06-14-stump-removal-chapin");
    expect(await readFile(path.join(dir, "index.md"), "utf8")).toBe(
      "---\ndate: 2025-06-14\ntown: chapin-sc\nservice: stump-removal\nbefore: ./before.jpg\nbeforeAlt: \"Before the job: Stump Removal & Grinding in Chapin\"\nafter: ./after.png\nafterAlt: Smooth lawn\n---\n\nGround two stumps.\n",
    );
    expect((await sharp(path.join(dir, "before.jpg")).metadata()).format).toBe("jpeg");
    expect((await desk.list())[0]?.slug).toBe("2025-06-14-stump-removal-chapin-2");
    // A new photo of another type replaces the old file, and the description the desk wrote follows the new town.
    const opened = await desk.open("2025-06-14-stump-removal-chapin");
    const png = await desk.photos.add(await photo("png"));
    expect(await desk.save({ ...opened!.form, before: png.sha, town: "irmo-sc" })).toMatchObject({ ok: true });
    const text = await readFile(path.join(dir, "index.md"), "utf8");
    expect(text).toContain("before: ./before.png\nbeforeAlt: \"Before the job: Stump Removal & Grinding in Irmo\"\n");
    expect(text).toContain("afterAlt: Smooth lawn\n");
    expect(await stat(path.join(dir, "before.jpg")).catch(() => undefined)).toBeUndefined();
  }, 120_000);

  it("says what is missing or wrong beside each field, and writes nothing", async () => {
    const count = published.length;
    const empty: JobForm = { slug: "", version: "", date: "", town: "", service: "", what: "", before: "", after: "", beforeAlt: "", afterAlt: "" };
    expect(await desk.save(empty)).toEqual({
      ok: false,
      errors: {
        date: "Choose the day of the job.",
        town: "Choose the town.",
        service: "Choose the service.",
        what: "Say what you did, in a sentence or two.",
        before: "Add the before photo.",
        after: "Add the after photo.",
      },
    });
    const wrong = await desk.save({ ...empty, date: "2025-02-30", town: "atlanta-ga", service: "mowing", what: "x".repeat(1501), before: "f".repeat(64), after: "not-a-hash" });
    expect(wrong).toEqual({
      ok: false,
      errors: {
        date: "2025-02-30 is not a real date (February has 28 days in 2025); write it like 2025-02-28",
        town: "Choose one of the towns in the list.",
        service: "Choose one of the services in the list.",
        what: "Keep it under 1500 characters (it has 1501): a longer story makes a good blog post.",
        before: "The before photo did not arrive: add it again.",
        after: "The after photo did not arrive: add it again.",
      },
    });
    expect(published.length).toBe(count);
  });

  it("refuses a save or a removal over a change made elsewhere, showing what differs, and removes a job", async () => {
    const slug = examples[1]!;
    const opened = await desk.open(slug);
    const file = jobFile(slug);
    const changed = (await readFile(file, "utf8")).replace("An old oak stump", "A big old oak stump");
    await writeFile(file, changed);
    const result = await desk.save({ ...opened!.form, date: "2025-03-12" });
    expect(result).toMatchObject({ ok: false, conflict: [{ label: "Day of the job", saved: "2025-03-11", yours: "2025-03-12" }, { label: "What we did" }] });
    expect(await readFile(file, "utf8")).toBe(changed);
    expect(await desk.remove(slug, opened!.form.version)).toEqual({ ok: false });
    const now = await desk.open(slug);
    expect(await desk.remove(slug, now!.form.version)).toEqual({ ok: true, published: { ok: true } });
    expect(await stat(jobFile(slug)).catch(() => undefined)).toBeUndefined();
    expect((await desk.list()).map((j) => j.slug)).not.toContain(slug);
    expect(await desk.open(slug)).toBeUndefined();
    // Its photos stay, used by nothing now: the desk's Photos lists them first and removes them.
    const library = new PhotoLibrary({ contentDir: content, store, publish: async () => ({ ok: true }), loadSharp });
    const unused = (await library.list()).filter((p) => p.file.startsWith(`work/${slug}/`));
    expect(unused.map((p) => [p.file, p.uses])).toEqual([
      [`work/${slug}/after.jpg`, []],
      [`work/${slug}/before.jpg`, []],
    ]);
    for (const p of unused) expect(await library.remove(p.file)).toMatchObject({ ok: true });
    expect(await stat(path.join(content, "work", slug)).catch(() => undefined)).toBeUndefined();
  }, 60_000);

  it("changes What we did alone: only the text below the front matter is rewritten", async () => {
    const slug = examples[2]!;
    const was = await readFile(jobFile(slug), "utf8");
    const opened = await desk.open(slug);
    const what = "We cut the long limbs back to side branches,\nand thinned the crown.";
    expect(await desk.save({ ...opened!.form, what })).toMatchObject({ ok: true, slug });
    const frontMatter = was.slice(0, was.indexOf("\n---\n") + 5);
    expect(await readFile(jobFile(slug), "utf8")).toBe(`${frontMatter}\n${what}\n`);
    expect((await desk.open(slug))?.form.what).toBe(what);
  }, 60_000);

  it("lists a job whose file has a mistake with the build's words", async () => {
    const file = jobFile(examples[0]!);
    await writeFile(file, (await readFile(file, "utf8")).replace("town: irmo-sc", "town: chapn-sc"));
    const item = (await desk.list()).find((j) => j.slug === examples[0]);
    expect(item?.problem).toMatch(/index\.md: town: "chapn-sc" is not a town of the site \(the files in content\/locations\): did you mean chapin-sc\?/);
  });
});
