import { createHash } from "node:crypto";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSharp } from "../../../scripts/build-engine/sharp";
import { makeTempDir } from "../../../tests/test-support";
import { createFilePostsStore } from "../../store/files/posts-store";
import type { PostsStore } from "../../store/posts-store";
import { PhotoLibrary } from "./photo-library";

// The desk's Photos over a copy of content/ and a real files store: where each photo is used,
// here the jobs of Our work (content/work/<slug>/before.jpg and after.jpg), each opening its job.

let temp: { dir: string; cleanup: () => Promise<void> };
let contentDir: string;
let store: PostsStore;
let library: PhotoLibrary;
let published: string[];

const job = "2025-04-22-tree-removal-chapin";

beforeEach(async () => {
  temp = await makeTempDir();
  contentDir = path.join(temp.dir, "content");
  await cp("content", contentDir, { recursive: true });
  store = createFilePostsStore(path.join(temp.dir, "data"));
  published = [];
  library = new PhotoLibrary({ contentDir, store, loadSharp, publish: async (reason) => (published.push(reason), { ok: true }) });
});
afterEach(async () => {
  await store.close();
  await temp.cleanup();
});

describe("the photo library and the jobs of Our work", () => {
  it("lists each job's before and after photo where the job uses it, with its description, opening the job", async () => {
    const photos = await library.list();
    const uses = (file: string) => photos.find((p) => p.file === file)?.uses;
    expect(uses(`work/${job}/before.jpg`)).toEqual([
      { photo: `work/${job}/before.jpg`, where: "Job: Tree Removal in Chapin, April 22, 2025 (before photo)", alt: "A dead pine leaning toward a house", href: `/owner/our-work/edit/${job}` },
    ]);
    expect(uses(`work/${job}/after.jpg`)).toEqual([
      {
        photo: `work/${job}/after.jpg`,
        where: "Job: Tree Removal in Chapin, April 22, 2025 (after photo)",
        alt: "The same yard with the pine gone and its stump ground into mulch",
        href: `/owner/our-work/edit/${job}`,
      },
    ]);
    // Every photo of every job is used by it: none is offered for removal.
    const jobPhotos = photos.filter((p) => p.file.startsWith("work/"));
    expect(jobPhotos).toHaveLength(6);
    expect(jobPhotos.filter((p) => p.uses.length !== 1)).toEqual([]);
  });

  it("names a job's town and service as written by hand, and a PNG after photo beside it", async () => {
    const file = path.join(contentDir, "work", job, "index.md");
    await writeFile(file, (await readFile(file, "utf8")).replace("town: chapin-sc", "town: Chapin").replace("after: ./after.jpg", "after: ./after.png"));
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#5d8d3c" } }).png().toFile(path.join(contentDir, "work", job, "after.png"));
    const photos = await library.list();
    expect(photos.find((p) => p.file === `work/${job}/after.png`)?.uses.map((u) => u.where)).toEqual(["Job: Tree Removal in Chapin, April 22, 2025 (after photo)"]);
    // The JPEG it named before is used by nothing now.
    expect(photos.find((p) => p.file === `work/${job}/after.jpg`)?.uses).toEqual([]);
  });

  it("refuses to remove a job's photo, naming the job; replaces it everywhere in its own format", async () => {
    const before = path.join(contentDir, "work", job, "before.jpg");
    const was = await readFile(before);
    expect(await library.remove(`work/${job}/before.jpg`)).toEqual({ ok: false, message: "Not removed: Job: Tree Removal in Chapin, April 22, 2025 (before photo) still shows it. Change that first." });
    expect(Buffer.compare(await readFile(before), was)).toBe(0);
    expect(published).toEqual([]);

    const sha = await store.putPhoto(await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8cb6d8" } }).png().toBuffer());
    expect(await library.replace(`work/${job}/before.jpg`, sha)).toEqual({ ok: true, message: "Replaced. The page that shows it has the new photo now." });
    const now = await sharp(before).metadata();
    expect([now.format, now.width, now.height]).toEqual(["jpeg", 1600, 1200]);
    expect(published).toEqual([`content/work/${job}/before.jpg replaced in the owner's desk`]);
    // The old bytes are kept in the store.
    expect(Buffer.compare((await store.photo(createHash("sha256").update(was).digest("hex"))) ?? Buffer.alloc(0), was)).toBe(0);
  });
});
