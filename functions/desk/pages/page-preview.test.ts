import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildSession } from "../../../scripts/build-engine/build-session";
import { cachedPhotoFile, processPhoto } from "../../../scripts/build-engine/photos";
import { PostPreviewer } from "../../../scripts/build-engine/post-preview";
import { loadSharp } from "../../../scripts/build-engine/sharp";
import { Publisher } from "../../../scripts/publish/publisher";
import { deskPath } from "../../../src/desk/desk-routes";
import { createFilePostsStore } from "../../store/files/posts-store";
import { pageVersionId, type PostsStore } from "../../store/posts-store";
import { PostsDesk } from "../posts/posts-desk";
import { SitePages } from "./site-pages";

// The preview of the site's own pages with every real part: a copy of content/ built by npm
// start's Publisher, the build's preview worker (its server bundle, in a worker thread), and
// SitePages between them. A preview writes nothing.

const root = path.resolve(import.meta.dirname, "../../..");
let work: string;
let content: string;
let store: PostsStore;
let previewer: PostPreviewer;
let publisher: Publisher;
let pages: SitePages;
/** Where a page's photo goes up (the route of pageUpload calls its addPhoto). */
let posts: PostsDesk;
const session = new BuildSession();

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "page-preview-"));
  content = path.join(work, "content");
  const dist = path.join(work, "dist");
  await cp(path.join(root, "content"), content, { recursive: true });
  previewer = new PostPreviewer(dist);
  publisher = new Publisher({ root, contentDir: content, distDir: dist, session, onPublished: (summary) => previewer.update(summary.rendered), onFailed: () => undefined });
  expect(await publisher.publish("start")).toEqual({ ok: true });
  store = createFilePostsStore(path.join(work, "data"));
  const photoWork = {
    processPhoto: (bytes: Buffer, name: string) => processPhoto(bytes, name, path.join(root, ".cache", "photos")),
    processedPhotoFile: (fileName: string) => cachedPhotoFile(fileName, path.join(root, ".cache", "photos")),
  };
  posts = new PostsDesk({ contentDir: content, store, renderer: previewer, ...photoWork, loadSharp, publish: (reason) => publisher.publish(reason), photoUrlPrefix: `${deskPath.postPhoto}/` });
  pages = new SitePages({
    contentDir: content,
    store,
    publish: (reason) => publisher.publish(reason),
    ...photoWork,
    photoUrlPrefix: "/owner/photos/thumb/",
    renderer: previewer,
  });
}, 180_000);

afterAll(async () => {
  await publisher?.stop();
  await session.close();
  await previewer?.close();
  await store?.close();
  await rm(work, { recursive: true, force: true });
});

const fieldsOf = (file: NonNullable<Awaited<ReturnType<SitePages["read"]>>>) => Object.fromEntries(pages.fields(file).map((f) => [f.name, f.value]));

describe("SitePages.preview", () => {
  it("renders a service, a town and the home page with the typed heading, and leaves each file as it was", async () => {
    const cases = [
      { kind: "service", slug: "tree-removal", field: "hero.heading" },
      { kind: "town", slug: "irmo-sc", field: "heading" },
      { kind: "home", slug: "", field: "hero.heading" },
    ] as const;
    for (const { kind, slug, field } of cases) {
      const file = (await pages.read(kind, slug))!;
      const heading = `Typed ${kind} heading, not saved`;
      const result = await pages.preview(kind, slug, { baseSha: file.sha, fields: { ...fieldsOf(file), [field]: heading } });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      const html = result.ok ? result.html : "";
      expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading}`));
      // No script runs in the frame (only the structured data, as the site has it).
      expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
      expect(await readFile(file.abs, "utf8")).toBe(file.text);
    }
    expect(await store.history(pageVersionId("services/tree-removal.md"))).toEqual([]);
  });

  it("answers a field with a mistake in the build's words, beside that field, and renders nothing", async () => {
    const file = (await pages.read("service", "tree-removal"))!;
    const result = await pages.preview("service", "tree-removal", { baseSha: file.sha, fields: { ...fieldsOf(file), "hero.heading": "" } });
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? {} : result.errors).toHaveProperty(["hero.heading"]);
    expect(await readFile(file.abs, "utf8")).toBe(file.text);
  });
});

describe("SitePages.preview of a hero photo not saved yet", () => {
  const photoPrefix = "/owner/photos/thumb/";
  /** A photo as the owner's phone sends it, uploaded as the editor's pageUpload route does. */
  const upload = async (color: string, description: string) => {
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: color } }).jpeg().toBuffer();
    return posts.addPhoto(jpeg, description, []);
  };
  /** The hero's <img> (the only one with this description) and every address its <picture> names. */
  const hero = (html: string, alt: string) => {
    const picture = new RegExp(`<picture[^>]*>(?:(?!</picture>).)*alt="${alt}"(?:(?!</picture>).)*</picture>`, "s").exec(html)?.[0];
    const urls = picture ? [...picture.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)].flatMap((m) => m[1]!.split(", ").map((s) => s.split(" ")[0]!)) : [];
    return { picture, urls };
  };

  // A service with a hero photo saved (and published): the one a preview must not show.
  const alt = "The crew lowering a limb with a rope";
  let file: NonNullable<Awaited<ReturnType<SitePages["read"]>>>;
  let savedFiles: string[];
  beforeAll(async () => {
    const saved = await upload("#6a4", "The crew by a big oak");
    const before = (await pages.read("service", "tree-removal"))!;
    const result = await pages.save("service", "tree-removal", { baseSha: before.sha, fields: { ...fieldsOf(before), heroImageAlt: alt }, photo: { sha: saved.sha, name: saved.name } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    file = (await pages.read("service", "tree-removal"))!;
    savedFiles = (await processPhoto((await store.photo(saved.sha))!, "x", path.join(root, ".cache", "photos"))).photo.variants.map((v) => path.posix.basename(v.url));
  }, 60_000);

  it("shows a service's new photo from the desk's photo files, not the saved one", async () => {
    const added = await upload("#a64", "A crane over a roof");
    const previewed = await pages.preview("service", "tree-removal", { baseSha: file.sha, fields: fieldsOf(file), photo: { sha: added.sha, name: added.name } });
    expect(previewed.ok, JSON.stringify(previewed)).toBe(true);
    const shown = hero(previewed.ok ? previewed.html : "", alt);
    expect(shown.picture).toBeDefined();
    // Every file of the new photo where the desk serves it (the upload's thumbnail is one of them), each there to be served.
    expect(shown.urls.length).toBeGreaterThan(2);
    for (const url of shown.urls) {
      expect(url.startsWith(photoPrefix), url).toBe(true);
      expect(await pages.servableThumb(url.slice(photoPrefix.length)), url).toBeDefined();
    }
    expect(shown.urls).toContain(photoPrefix + path.posix.basename(added.thumb));
    for (const name of savedFiles) expect(previewed.ok ? previewed.html : "").not.toContain(name);
    expect((await pages.read("service", "tree-removal"))!.text).toBe(file.text);
  });

  it("shows a service without its photo when the form takes it out", async () => {
    const removed = await pages.preview("service", "tree-removal", { baseSha: file.sha, fields: fieldsOf(file), photo: "remove" });
    expect(removed.ok, JSON.stringify(removed)).toBe(true);
    const html = removed.ok ? removed.html : "";
    expect(hero(html, alt).picture).toBeUndefined();
    for (const name of savedFiles) expect(html).not.toContain(name);
    // The preview wrote nothing: the saved photo is still the page's.
    expect((await pages.read("service", "tree-removal"))!.text).toBe(file.text);
  });

  it("shows the home page's new photo from the desk's photo files", async () => {
    const added = await upload("#46a", "The truck at sunrise");
    const file = (await pages.read("home"))!;
    const alt = "Our truck outside a house at sunrise";
    const previewed = await pages.preview("home", "", { baseSha: file.sha, fields: { ...fieldsOf(file), "hero.imageAlt": alt }, photo: { sha: added.sha, name: added.name } });
    expect(previewed.ok, JSON.stringify(previewed)).toBe(true);
    const shown = hero(previewed.ok ? previewed.html : "", alt);
    expect(shown.urls).toContain(photoPrefix + path.posix.basename(added.thumb));
    for (const url of shown.urls) expect(url.startsWith(photoPrefix), url).toBe(true);
    expect(await readFile(file.abs, "utf8")).toBe(file.text);
  });

  it("answers an upload that is not in the store beside the photo, as Save does", async () => {
    const file = (await pages.read("service", "tree-removal"))!;
    const result = await pages.preview("service", "tree-removal", { baseSha: file.sha, fields: fieldsOf(file), photo: { sha: "0".repeat(64), name: "lost.jpg" } });
    expect(result).toEqual({ ok: false, errors: { heroPhoto: "This photo's upload was lost: add the photo again." }, other: [] });
  });
});
