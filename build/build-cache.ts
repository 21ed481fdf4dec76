import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Post } from "../src/content/posts";
import type { Bundles } from "./bundle";

/**
 * What a build can take over from the previous one in the same output folder
 * (its .server/ folder holds the records): the bundles, when no source file
 * changed; parsed posts, when neither the post file, site.json nor the code
 * changed; rendered pages, when the code, the shared data and the page's own
 * data are the same. Every key is a content hash, so a stale entry cannot match.
 */

const bundleRecord = "bundle.json";
const postRecord = "posts-cache.json";

/** Files whose change can change a bundle: the code, the dependencies, the compiler settings. */
export async function sourceHash(root: string): Promise<string> {
  const hash = createHash("sha256");
  const files: string[] = ["package-lock.json", "tsconfig.json"];
  for (const dir of ["src", "build"]) {
    const names = await readdir(join(root, dir), { recursive: true });
    files.push(...names.map((n) => join(dir, n)));
  }
  for (const file of files.sort()) {
    const abs = join(root, file);
    if (!(await stat(abs)).isFile()) continue;
    hash.update(file).update("\0").update(await readFile(abs)).update("\0");
  }
  return hash.digest("hex");
}

interface BundleRecord {
  sourceHash: string;
  bundles: Bundles;
}

/** Copies the previous build's bundles into the new folder when the sources are the same. */
export async function reuseBundles(prevServerDir: string, outDir: string, serverDir: string, hash: string): Promise<Bundles | undefined> {
  const record = await readJson<BundleRecord>(join(prevServerDir, bundleRecord));
  if (!record || record.sourceHash !== hash) return undefined;
  const prevOut = join(prevServerDir, "..");
  try {
    await Promise.all([
      cp(join(prevOut, "assets"), join(outDir, "assets"), { recursive: true }),
      mkdir(serverDir, { recursive: true }).then(() =>
        Promise.all(["entry-server.mjs", "render-worker.mjs"].map((f) => cp(join(prevServerDir, f), join(serverDir, f)))),
      ),
    ]);
  } catch {
    return undefined;
  }
  const { bundles } = record;
  return { ...bundles, serverEntry: join(serverDir, bundles.serverEntry), workerEntry: join(serverDir, bundles.workerEntry) };
}

export async function recordBundles(serverDir: string, hash: string, bundles: Bundles) {
  const stored: Bundles = { ...bundles, serverEntry: relative(serverDir, bundles.serverEntry), workerEntry: relative(serverDir, bundles.workerEntry) };
  await writeJson(join(serverDir, bundleRecord), { sourceHash: hash, bundles: stored } satisfies BundleRecord);
}

export interface CachedPost {
  /** sha1 of the post file's text. */
  sha: string;
  post: Post;
}

interface PostRecord {
  /** Code and site.json the posts were parsed with. */
  key: string;
  posts: Record<string, CachedPost>;
}

export const postCacheKey = (bundleHash: string, siteJson: string) => createHash("sha256").update(bundleHash).update("\0").update(siteJson).digest("hex");

/** The previous build's parsed posts by file, when they were parsed by the same code with the same site.json. */
export async function readPostCache(prevServerDir: string, key: string): Promise<Map<string, CachedPost>> {
  const record = await readJson<PostRecord>(join(prevServerDir, postRecord));
  if (!record || record.key !== key) return new Map();
  // JSON has no dates: publishDate comes back as text.
  return new Map(Object.entries(record.posts).map(([file, c]) => [file, { sha: c.sha, post: { ...c.post, publishDate: new Date(c.post.publishDate) } }]));
}

export async function writePostCache(serverDir: string, key: string, posts: CachedPost[]) {
  await writeJson(join(serverDir, postRecord), { key, posts: Object.fromEntries(posts.map((c) => [c.post.file, c])) } satisfies PostRecord);
}

interface PageRecord {
  /** Code, assets, shared (root) data and mode the pages were rendered with. */
  key: string;
  files: Record<string, [sha: string, bytes: number]>;
}

const pageRecord = "pages.json";

export const renderKey = (codeHash: string, rootJson: string, mode: string) =>
  createHash("sha256").update(codeHash).update("\0").update(rootJson).update("\0").update(mode).digest("hex");

/** The previous build's pages when they were rendered under the same key: unchanged ones are linked, not rendered. */
export async function readPageRecord(prevServerDir: string, key: string): Promise<Map<string, [string, number]> | undefined> {
  const record = await readJson<PageRecord>(join(prevServerDir, pageRecord));
  return record && record.key === key ? new Map(Object.entries(record.files)) : undefined;
}

export async function writePageRecord(serverDir: string, key: string, files: readonly { file: string; sha: string; htmlBytes: number }[]) {
  const record: PageRecord = { key, files: Object.fromEntries(files.map((f) => [f.file, [f.sha, f.htmlBytes]])) };
  await writeJson(join(serverDir, pageRecord), record);
}

export const textSha = (text: string) => createHash("sha1").update(text).digest("hex");

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    // Our own file from the previous build of this code; a mismatch only means a cache miss (checked by key).
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

async function writeJson(file: string, value: unknown) {
  await writeFile(file, JSON.stringify(value));
}
