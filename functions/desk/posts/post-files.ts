import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, realpath, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { readContentFile } from "../../../src/content/content-file";
import { PHOTO_FILE } from "../../../src/content/photo";
import { isSlug } from "../../../src/content/post-slug";
import { syncDirectory } from "../../store/files/jsonl-append";
import { writeFileAtomic } from "../../store/files/atomic-file";

// The desk's reading and writing of content/blog: the same files a person writes
// (content/blog/<slug>.md, or content/blog/<slug>/index.md with its photos beside it),
// and of content/work, the jobs of "Our work" (always a folder: the desk server's work/jobs-desk.ts),
// each replaced atomically (functions/store/files/atomic-file.ts), only inside content/,
// and never over a version the desk did not start from (ConflictError).

/** A photo file the desk writes beside a post: made by the desk, so a plain name with the type's own extension. */
export const PHOTO_NAME = /^[a-z0-9][a-z0-9-]{0,79}\.(?:jpg|png|webp|avif)$/;

export interface PostOnDisk {
  /** The slug its file is named by (a `slug:` line may give the post another address: the caller reads it). */
  fileSlug: string;
  abs: string;
  /** `content/blog/<slug>.md` or `content/blog/<slug>/index.md`, relative to the working folder as the build names it. */
  shown: string;
  /** In a folder of its own (index.md), with its photos beside it. */
  folder: boolean;
  text: string;
  /** SHA-256 of the text: what a save says it started from. */
  sha: string;
  /** Photo files beside it, by name. */
  photos: string[];
}

export const textSha = (text: string): string => createHash("sha256").update(text).digest("hex");

/** A save against a file that changed since the editor opened it: nothing was written. */
export class ConflictError extends Error {
  constructor(readonly current: PostOnDisk | undefined) {
    super(current ? `${current.shown} changed since it was opened` : "the post was deleted since it was opened");
    this.name = "ConflictError";
  }
}

/** A path the desk was asked to write that is not a plain place inside content/ (a link out, a bad name). */
export class UnsafePathError extends Error {}

export interface PhotoToWrite {
  name: string;
  bytes: Uint8Array;
}

export class PostFiles {
  /** content/blog, or the folder named. */
  readonly dir: string;
  private locks = new Map<string, Promise<unknown>>();

  constructor(readonly contentDir: string, folder: "blog" | "work" = "blog") {
    this.dir = path.join(path.resolve(contentDir), folder);
  }

  /** Runs `work` after any other work on these slugs (one process writes content/ through the desk). */
  async exclusive<T>(slugs: readonly string[], work: () => Promise<T>): Promise<T> {
    const keys = [...new Set(slugs)].sort();
    const before = Promise.all(keys.map((k) => this.locks.get(k)?.catch(() => undefined)));
    const run = before.then(work);
    for (const k of keys) this.locks.set(k, run);
    try {
      return await run;
    } finally {
      for (const k of keys) if (this.locks.get(k) === run) this.locks.delete(k);
    }
  }

  private shown(abs: string): string {
    return path.relative(process.cwd(), abs).split(path.sep).join("/");
  }

  /** The post file named by `slug`: its folder's index.md, else `<slug>.md`. */
  async read(slug: string): Promise<PostOnDisk | undefined> {
    if (!isSlug(slug)) return undefined;
    for (const folder of [true, false]) {
      const abs = folder ? path.join(this.dir, slug, "index.md") : path.join(this.dir, `${slug}.md`);
      if (!(await stat(abs).then((s) => s.isFile(), () => false))) continue;
      const shown = this.shown(abs);
      const text = await readContentFile(this.contentDir, abs, shown);
      return { fileSlug: slug, abs, shown, folder, text, sha: textSha(text), photos: folder ? await this.photoNames(slug) : [] };
    }
    return undefined;
  }

  /** Photo files in the post's folder. */
  async photoNames(slug: string): Promise<string[]> {
    const entries = await readdir(path.join(this.dir, slug), { withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile() && !e.name.startsWith(".") && PHOTO_FILE.test(e.name)).map((e) => e.name).sort();
  }

  async photoBytes(slug: string, name: string): Promise<Buffer> {
    const file = path.join(this.dir, slug, path.basename(name));
    await this.checkInside(path.dirname(file));
    return readFile(file);
  }

  /**
   * Writes the post `slug` as `text`, with `photos` beside it (a post with photos is
   * moved into a folder of its own first, the same file renamed, so its history follows it).
   * `baseSha` is the text the editor started from (null: a new post, so no file may exist).
   * Refuses with ConflictError, writing nothing, when the file is not that text any more.
   */
  async write(slug: string, baseSha: string | null, text: string, photos: readonly PhotoToWrite[] = []): Promise<PostOnDisk> {
    if (!isSlug(slug)) throw new UnsafePathError(`not a post address: ${JSON.stringify(slug)}`);
    for (const p of photos) if (!PHOTO_NAME.test(p.name)) throw new UnsafePathError(`not a photo name the desk writes: ${JSON.stringify(p.name)}`);
    await mkdir(this.dir, { recursive: true });
    await this.checkInside(this.dir);
    let current = await this.read(slug);
    if ((current?.sha ?? null) !== baseSha) throw new ConflictError(current);
    if (current && !current.folder && photos.length > 0) current = await this.moveIntoFolder(current);
    const folder = current?.folder ?? photos.length > 0;
    const dir = folder ? path.join(this.dir, slug) : this.dir;
    if (folder) await mkdir(dir, { recursive: true });
    await this.checkInside(dir);
    for (const photo of photos) {
      const file = path.join(dir, photo.name);
      const same = await readFile(file).then((b) => Buffer.compare(b, Buffer.from(photo.bytes)) === 0, () => false);
      if (!same) await writeFileAtomic(file, photo.bytes);
    }
    const abs = folder ? path.join(dir, "index.md") : path.join(dir, `${slug}.md`);
    await writeFileAtomic(abs, text, {
      // The file may have been saved by someone else since it was read: the last moment to refuse.
      beforeRename: async () => {
        const now = await readFile(abs, "utf8").then(textSha, () => null);
        if (now !== baseSha) throw new ConflictError(await this.read(slug));
      },
    });
    return { fileSlug: slug, abs, shown: this.shown(abs), folder, text, sha: textSha(text), photos: folder ? await this.photoNames(slug) : [] };
  }

  /** content/blog/<slug>.md becomes content/blog/<slug>/index.md: the same file, renamed. */
  private async moveIntoFolder(post: PostOnDisk): Promise<PostOnDisk> {
    const dir = path.join(this.dir, post.fileSlug);
    await mkdir(dir, { recursive: true });
    await this.checkInside(dir);
    const abs = path.join(dir, "index.md");
    if (await stat(abs).then(() => true, () => false)) throw new ConflictError(post);
    await rename(post.abs, abs);
    await Promise.all([syncDirectory(dir), syncDirectory(this.dir)]);
    return { ...post, abs, shown: this.shown(abs), folder: true, photos: await this.photoNames(post.fileSlug) };
  }

  /** Gives the post (its file, or its folder with the photos) the name `to`; refuses when that name is taken. */
  async rename(from: string, to: string): Promise<void> {
    if (!isSlug(from) || !isSlug(to)) throw new UnsafePathError(`not a post address: ${JSON.stringify(to)}`);
    const post = await this.read(from);
    if (!post) throw new ConflictError(undefined);
    const target = post.folder ? path.join(this.dir, to) : path.join(this.dir, `${to}.md`);
    if ((await this.read(to)) || (await stat(target).then(() => true, () => false))) throw new ConflictError(await this.read(to));
    await rename(post.folder ? path.dirname(post.abs) : post.abs, target);
    await syncDirectory(this.dir);
  }

  /**
   * Removes the post's file, or its whole folder (first renamed to a dot name, which the build passes over, so it goes at once).
   * `keepPhotos`: only the folder's index.md goes, its photos stay (a job's: the desk's Photos lists them unused, to remove there).
   */
  async remove(slug: string, baseSha: string, { keepPhotos = false } = {}): Promise<void> {
    const post = await this.read(slug);
    if (!post || post.sha !== baseSha) throw new ConflictError(post);
    if (post.folder && keepPhotos) {
      await rm(post.abs);
      await syncDirectory(path.dirname(post.abs));
    } else if (post.folder) {
      const gone = path.join(this.dir, `.deleted-${slug}-${randomBytes(4).toString("hex")}`);
      await rename(path.dirname(post.abs), gone);
      await syncDirectory(this.dir);
      await rm(gone, { recursive: true, force: true });
    } else {
      await rm(post.abs);
      await syncDirectory(this.dir);
    }
  }

  /** Refuses a folder that resolves outside content/ (a link planted in content/blog). */
  private async checkInside(dir: string): Promise<void> {
    const [root, real] = await Promise.all([realpath(this.contentDir), realpath(dir)]);
    const inner = path.relative(root, real);
    if (inner.startsWith("..") || path.isAbsolute(inner)) throw new UnsafePathError(`${this.shown(dir)} leads outside the content folder`);
  }
}
