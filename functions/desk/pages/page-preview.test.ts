import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildSession } from "../../../scripts/build-engine/build-session";
import { cachedPhotoFile, processPhoto } from "../../../scripts/build-engine/photos";
import { PostPreviewer } from "../../../scripts/build-engine/post-preview";
import { Publisher } from "../../../scripts/publish/publisher";
import { createFilePostsStore } from "../../store/files/posts-store";
import { pageVersionId, type PostsStore } from "../../store/posts-store";
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
  pages = new SitePages({
    contentDir: content,
    store,
    publish: (reason) => publisher.publish(reason),
    processPhoto: (bytes, name) => processPhoto(bytes, name, path.join(root, ".cache", "photos")),
    processedPhotoFile: (fileName) => cachedPhotoFile(fileName, path.join(root, ".cache", "photos")),
    thumbUrlPrefix: "/owner/photos/thumb/",
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
