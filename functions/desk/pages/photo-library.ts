import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type sharpModule from "sharp";
import { splitFrontMatter } from "../../../src/content/front-matter";
import { photoPath } from "../../../src/content/markdown-photos";
import { PHOTO_FILE } from "../../../src/content/photo";
import { sitePagePath } from "../../../src/desk/desk-routes";
import { writeFileAtomic } from "../../store/files/atomic-file";
import type { PostsStore } from "../../store/posts-store";
import type { PublishOutcome } from "../publish-outcome";

// The photos the owner added, as one library (the desk's Photos): every photo file in content/
// (outside static/), where each is used and with what description, replaced everywhere at once
// (the file's bytes, so every page naming it shows the new one), or removed where nothing uses it.
//
// Where a photo is used comes from finders, one per kind of content: a new kind (jobs, say) adds
// its photos with one entry in `photoUseFinders`, a function that reads its own files and says
// which photo each names (docs/architecture.md, "The photo library").

/** One place a photo is shown. */
export interface PhotoUse {
  /** The photo, as a path inside content/: "services/photos/crane.jpg". */
  photo: string;
  /** What shows it, in the owner's words: "Service: Tree Removal (hero photo)". */
  where: string;
  /** Its description there (alt text). */
  alt: string;
  /** The desk screen that changes it. */
  href: string;
}

/** Reads one kind of content in `contentDir` and lists the photos its files name. */
export type PhotoUseFinder = (contentDir: string) => Promise<PhotoUse[]>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const inner = (file: string, src: string) => photoPath(file, src);
/** Every `![alt](src)` in Markdown text (the photos of a post or a service's intro). */
const markdownImages = (text: string) => [...text.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ alt: m[1] ?? "", src: m[2] ?? "" }));

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith(".md") && !e.name.startsWith(".")).map((e) => path.join(e.parentPath, e.name));
}

async function frontMatterOf(abs: string): Promise<{ data: Record<string, unknown>; body: string } | undefined> {
  try {
    return splitFrontMatter(abs, await readFile(abs, "utf8"));
  } catch {
    return undefined;
  }
}

/** The site's own pages: each service's and town's hero photo and a service's intro photos; the home page's hero. */
const pageUses: PhotoUseFinder = async (contentDir) => {
  const uses: PhotoUse[] = [];
  for (const [folder, kind, label] of [["services", "service", "Service"], ["locations", "town", "Town"]] as const) {
    for (const abs of await markdownFiles(path.join(contentDir, folder))) {
      if (path.dirname(abs) !== path.join(contentDir, folder)) continue;
      const file = `${folder}/${path.basename(abs)}`;
      const parsed = await frontMatterOf(abs);
      if (!parsed) continue;
      const name = String(parsed.data.title ?? parsed.data.name ?? path.basename(abs, ".md"));
      const href = sitePagePath(kind, path.basename(abs, ".md"));
      const hero = typeof parsed.data.heroImage === "string" ? inner(file, parsed.data.heroImage) : undefined;
      if (hero) uses.push({ photo: hero, where: `${label}: ${name} (hero photo)`, alt: String(parsed.data.heroImageAlt ?? ""), href });
      for (const image of markdownImages(parsed.body)) {
        const photo = inner(file, image.src);
        if (photo) uses.push({ photo, where: `${label}: ${name} (in the text)`, alt: image.alt, href });
      }
    }
  }
  const home: unknown = await readFile(path.join(contentDir, "home.json"), "utf8").then(JSON.parse, () => undefined);
  const hero = isRecord(home) && isRecord(home.hero) ? home.hero : undefined;
  const src = typeof hero?.image === "string" ? inner("home.json", hero.image) : undefined;
  if (src) uses.push({ photo: src, where: "Home page (hero photo)", alt: String(hero?.imageAlt ?? ""), href: sitePagePath("home") });
  return uses;
};

/** Posts: a cover (`image`) and every photo in the text. */
const postUses: PhotoUseFinder = async (contentDir) => {
  const uses: PhotoUse[] = [];
  for (const abs of await markdownFiles(path.join(contentDir, "blog"))) {
    const file = path.relative(contentDir, abs).split(path.sep).join("/");
    const parsed = await frontMatterOf(abs);
    if (!parsed) continue;
    const slug = path.basename(abs) === "index.md" ? path.basename(path.dirname(abs)) : path.basename(abs, ".md");
    const where = `Post: ${String(parsed.data.title ?? slug)}`;
    const href = `/owner/posts/edit/${slug}`;
    const cover = typeof parsed.data.image === "string" ? inner(file, parsed.data.image) : undefined;
    if (cover) uses.push({ photo: cover, where: `${where} (cover)`, alt: String(parsed.data.imageAlt ?? ""), href });
    for (const image of markdownImages(parsed.body)) {
      const photo = inner(file, image.src);
      if (photo) uses.push({ photo, where, alt: image.alt, href });
    }
  }
  return uses;
};

/** Every kind of content that shows photos: one entry each. */
export const photoUseFinders: PhotoUseFinder[] = [pageUses, postUses];

export interface LibraryPhoto {
  /** Inside content/: "services/photos/crane.jpg". */
  file: string;
  uses: PhotoUse[];
}

export class PhotoLibrary {
  private readonly contentDir: string;

  constructor(
    private readonly opts: { contentDir: string; store: PostsStore; publish: (reason: string) => Promise<PublishOutcome>; loadSharp: () => Promise<typeof sharpModule>; finders?: readonly PhotoUseFinder[] },
  ) {
    this.contentDir = path.resolve(opts.contentDir);
  }

  /** Every photo file in content/ with its uses: unused ones first (they are what to tidy), then by where they are. */
  async list(): Promise<LibraryPhoto[]> {
    const entries = await readdir(this.contentDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile() && PHOTO_FILE.test(e.name))
      .map((e) => path.relative(this.contentDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .filter((f) => !f.split("/").some((part, i) => (i === 0 && part === "static") || part.startsWith(".")));
    const uses = (await Promise.all((this.opts.finders ?? photoUseFinders).map((find) => find(this.contentDir)))).flat();
    return files
      .map((file) => ({ file, uses: uses.filter((u) => u.photo === file) }))
      .sort((a, b) => Number(a.uses.length > 0) - Number(b.uses.length > 0) || a.file.localeCompare(b.file));
  }

  private async find(file: string): Promise<LibraryPhoto | undefined> {
    return (await this.list()).find((p) => p.file === file);
  }

  /**
   * Puts the photo `sha` (uploaded and re-encoded in the desk, kept in the store) in place of
   * `file`, in that file's own format, so every page that shows it shows the new one. The old
   * bytes stay in the store.
   */
  async replace(file: string, sha: string): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
    const photo = await this.find(file);
    const bytes = await this.opts.store.photo(sha);
    if (!photo || !bytes) return { ok: false, message: "Not replaced: that photo is not there any more, or the new one was lost. Try again." };
    const abs = path.join(this.contentDir, photo.file);
    const old = await readFile(abs);
    await this.opts.store.putPhoto(old);
    const sharp = await this.opts.loadSharp();
    const ext = path.extname(abs).toLowerCase();
    const image = sharp(bytes);
    const encoded = await (ext === ".png" ? image.png() : ext === ".webp" ? image.webp({ quality: 88 }) : ext === ".avif" ? image.avif({ quality: 60 }) : image.jpeg({ quality: 88, mozjpeg: true })).toBuffer();
    await writeFileAtomic(abs, encoded);
    const outcome = await this.opts.publish(`content/${photo.file} replaced in the owner's desk`);
    const n = photo.uses.length;
    return outcome.ok
      ? { ok: true, message: `Replaced. ${n === 0 ? "Nothing shows it yet." : n === 1 ? "The page that shows it has the new photo now." : `All ${n} places that show it have the new photo now.`}` }
      : { ok: true, message: "Replaced, but the site could not be rebuilt yet (see the other screens' problems)." };
  }

  /** Removes a photo nothing uses (checked again now); its bytes stay in the store. */
  async remove(file: string): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
    const photo = await this.find(file);
    if (!photo) return { ok: false, message: "That photo is not there any more." };
    if (photo.uses.length > 0) return { ok: false, message: `Not removed: ${photo.uses.map((u) => u.where).join(", ")} still shows it. Change that first.` };
    await this.opts.store.putPhoto(await readFile(path.join(this.contentDir, photo.file)));
    await rm(path.join(this.contentDir, photo.file));
    await this.opts.publish(`content/${photo.file} removed in the owner's desk`);
    return { ok: true, message: `Removed ${path.posix.basename(photo.file)}.` };
  }
}
