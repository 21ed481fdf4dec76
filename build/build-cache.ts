import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Post } from "../src/content/posts";
import type { Bundles } from "./bundle";

/**
 * What a build can take over from the previous one in the same output folder
 * (its .server/ folder holds the records): the bundles, when no source file
 * changed; parsed posts, when neither the post file, site.json nor the code
 * changed; the output files themselves, which stay as they are when the code,
 * the shared data and the file's own data are the same (build/build-output.ts).
 * Every key is a content hash, so a stale entry cannot match.
 */

export const postRecordName = "posts-cache.json";

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
  /** As made, but with the server entry and worker script as file names in the server folder. */
  bundles: Bundles;
}

export const bundleRecordName = "bundle.json";

/**
 * The previous build's bundles, where it left them, when they were made from
 * the same sources and their files are all still there.
 */
export async function previousBundles(prevServerDir: string, hash: string): Promise<Bundles | undefined> {
  const record = await readJson<BundleRecord>(join(prevServerDir, bundleRecordName));
  if (!record || record.sourceHash !== hash) return undefined;
  const prevOut = join(prevServerDir, "..");
  const bundles = withServerDir(record.bundles, prevServerDir);
  const files = [bundles.serverEntry, bundles.workerEntry, ...bundles.assetFiles.map((url) => join(prevOut, url))];
  const present = await Promise.all(files.map((f) => stat(f).then((s) => s.isFile(), () => false)));
  return present.every(Boolean) ? bundles : undefined;
}

/** Copies bundles from the previous output into a new one (a fresh build made with unchanged code). */
export async function copyBundles(bundles: Bundles, fromOut: string, toOut: string, serverDirName: string): Promise<Bundles> {
  const serverDir = join(toOut, serverDirName);
  const copied = withServerDir(bundles, serverDir);
  const dirs = new Set([serverDir, ...bundles.assetFiles.map((url) => dirname(join(toOut, url)))]);
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all([
    ...bundles.assetFiles.map((url) => copyFile(join(fromOut, url), join(toOut, url))),
    copyFile(bundles.serverEntry, copied.serverEntry),
    copyFile(bundles.workerEntry, copied.workerEntry),
  ]);
  return copied;
}

/** The same bundles with the server entry and worker script in `dir` ("" gives bare file names, as recorded). */
const withServerDir = (bundles: Bundles, dir: string): Bundles => ({
  ...bundles,
  serverEntry: join(dir, basename(bundles.serverEntry)),
  workerEntry: join(dir, basename(bundles.workerEntry)),
});

export const bundleRecordJson = (hash: string, bundles: Bundles) =>
  JSON.stringify({ sourceHash: hash, bundles: withServerDir(bundles, "") } satisfies BundleRecord);

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
  const record = await readJson<PostRecord>(join(prevServerDir, postRecordName));
  if (!record || record.key !== key) return new Map();
  // JSON has no dates: publishDate comes back as text.
  return new Map(Object.entries(record.posts).map(([file, c]) => [file, { sha: c.sha, post: { ...c.post, publishDate: new Date(c.post.publishDate) } }]));
}

export const postCacheJson = (key: string, posts: CachedPost[]) =>
  JSON.stringify({ key, posts: Object.fromEntries(posts.map((c) => [c.post.file, c])) } satisfies PostRecord);

interface OutputRecord {
  /** Code, assets, shared (root) data and mode the output was made with. */
  key: string;
  /** Every file of the output but the bundles and these records: path -> [hash, bytes]. */
  files: Record<string, [sha: string, bytes: number]>;
}

export const outputRecordName = "output.json";

export const renderKey = (codeHash: string, rootJson: string, mode: string) =>
  createHash("sha256").update(codeHash).update("\0").update(rootJson).update("\0").update(mode).digest("hex");

/** The previous build's files when it was made under the same key: the ones whose hash is unchanged are kept as they are. */
export async function readOutputRecord(prevServerDir: string, key: string): Promise<Map<string, [string, number]> | undefined> {
  const record = await readJson<OutputRecord>(join(prevServerDir, outputRecordName));
  return record && record.key === key ? new Map(Object.entries(record.files)) : undefined;
}

export const outputRecordJson = (key: string, files: readonly { file: string; sha: string; bytes: number }[]) =>
  JSON.stringify({ key, files: Object.fromEntries(files.map((f) => [f.file, [f.sha, f.bytes]])) } satisfies OutputRecord);

export const textSha = (data: string | Uint8Array) => createHash("sha1").update(data).digest("hex");

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    // Our own file from the previous build of this code; a mismatch only means a cache miss (checked by key).
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}
