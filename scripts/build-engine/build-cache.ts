import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as z from "zod";
import type { Post } from "../../src/content/posts";
import type { Bundles } from "./bundle";
import type { OutputFile, RecordedFile } from "./build-output";
import { serverScript, serverScriptNames } from "./server-scripts";
import { textSha } from "./text-sha";

/**
 * What a build can take over from the previous one in the same output folder
 * (its .server/ folder holds the records): the bundles, when no source file
 * changed; parsed posts, when neither the post file, site.json nor the code
 * changed; the output files themselves, which stay as they are when the code,
 * the shared data and the file's own data are the same (scripts/build-engine/build-output.ts).
 * Every key is a content hash, so a stale entry cannot match.
 */

export const postRecordName = "posts-cache.json";

/**
 * Files that shape the bundles but are not among the modules esbuild reports:
 * the dependencies' versions, the compiler settings, and the esbuild options
 * (written in scripts/build-engine/bundle.ts and server-scripts.ts; they run in the build process, so they are not bundled).
 */
const settingsFiles = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "scripts/build-engine/bundle.ts",
  "scripts/build-engine/server-scripts.ts",
  "scripts/build-engine/vanilla-css.ts",
];

/** Root-relative path -> sha1 of the file's bytes ("" for a file that is not there). */
export type BundleInputs = Record<string, string>;

/**
 * The files to hash for a bundle made from `bundled` (esbuild's metafile inputs,
 * relative to the root), with the settings files. Dependencies are left out
 * (package-lock.json stands for them), and so are virtual modules (`namespace:path`,
 * e.g. the CSS vanilla-extract makes from a .css.ts file that is itself listed).
 */
export const bundleSourceFiles = (bundled: readonly string[]): string[] =>
  [...new Set([...settingsFiles, ...bundled.filter((f) => !/(^|\/)node_modules\//.test(f) && !/^[\w-]+:/.test(f))])].sort();

/**
 * The hash of each file. `known` holds hashes taken earlier (before esbuild read
 * the files): they win, so a file saved while esbuild was reading it is recorded
 * with its older hash and the next build bundles again instead of trusting
 * bundles that may hold the old text.
 */
export async function hashFiles(root: string, files: readonly string[], known: BundleInputs = {}): Promise<BundleInputs> {
  const hashes = await Promise.all(files.map(async (file) => known[file] ?? (await readFile(join(root, file)).then(textSha, () => ""))));
  return Object.fromEntries(files.map((file, i) => [file, hashes[i] ?? ""]));
}

/** One key for the code: what the post cache and the output record are keyed by, with their own data. */
export const inputsKey = (inputs: BundleInputs): string => {
  const hash = createHash("sha256");
  for (const file of Object.keys(inputs).sort()) hash.update(file).update("\0").update(inputs[file] ?? "").update("\0");
  return hash.digest("hex");
};

interface BundleRecord {
  /** Every file the bundles were made from (bundleSourceFiles), as it was then. */
  inputs: BundleInputs;
  /** As made, but with no server folder ("": the record's own folder). */
  bundles: Bundles;
}

/** Records written before the inputs were listed have none: they never match. */
const recordedInputs = z.object({ inputs: z.record(z.string(), z.string()) });

export const bundleRecordName = "bundle.json";

/**
 * The previous build's bundles, where it left them, when every file they were made
 * from is as it was then and their files are all still there. A file added to the
 * code can only join the bundles through an import in a file that changed, so the
 * recorded list is all there is to check. `hashes` are those files now (empty when
 * there was no record), for hashFiles to reuse when the code is bundled again.
 */
export async function previousBundles(prevServerDir: string, root: string): Promise<{ bundles?: Bundles; hashes: BundleInputs }> {
  const record = await readJson<BundleRecord>(join(prevServerDir, bundleRecordName));
  const recorded = recordedInputs.safeParse(record).data?.inputs;
  if (!record || !recorded) return { hashes: {} };
  const hashes = await hashFiles(root, Object.keys(recorded));
  if (Object.entries(recorded).some(([file, sha]) => hashes[file] !== sha)) return { hashes };
  const prevOut = join(prevServerDir, "..");
  const bundles = withServerDir(record.bundles, prevServerDir);
  const files = [...serverScriptNames.map((name) => serverScript(prevServerDir, name)), ...bundles.assetFiles.map((url) => join(prevOut, url))];
  const present = await Promise.all(files.map((f) => stat(f).then((s) => s.isFile(), () => false)));
  return present.every(Boolean) ? { bundles, hashes } : { hashes };
}

/** The root-relative files the bundles in this server folder were made from (none without a record): what `npm run dev` watches. */
export async function bundledFiles(serverDir: string): Promise<string[]> {
  const recorded = recordedInputs.safeParse(await readJson<BundleRecord>(join(serverDir, bundleRecordName))).data?.inputs;
  return Object.keys(recorded ?? {});
}

/**
 * Copies bundles from the previous output into a new one (a fresh build made with unchanged code):
 * the assets and every script of the server bundle (scripts/build-engine/server-scripts.ts).
 */
export async function copyBundles(bundles: Bundles, fromOut: string, toOut: string, serverDirName: string): Promise<Bundles> {
  const copied = withServerDir(bundles, join(toOut, serverDirName));
  const dirs = new Set([copied.serverDir, ...bundles.assetFiles.map((url) => dirname(join(toOut, url)))]);
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all([
    ...bundles.assetFiles.map((url) => copyFile(join(fromOut, url), join(toOut, url))),
    ...serverScriptNames.map((name) => copyFile(serverScript(bundles.serverDir, name), serverScript(copied.serverDir, name))),
  ]);
  return copied;
}

/** The same bundles with their server scripts in `dir` ("" as recorded: the record's own folder). */
const withServerDir = (bundles: Bundles, dir: string): Bundles => ({ ...bundles, serverDir: dir });

export const bundleRecordJson = (inputs: BundleInputs, bundles: Bundles) =>
  JSON.stringify({ inputs, bundles: withServerDir(bundles, "") } satisfies BundleRecord);

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

/** Posts encoded per turn of the event loop by postCacheBytes: about 0.75 MB of JSON. */
const POST_CACHE_SLICE = 250;

/**
 * The post cache file: JSON.stringify of a PostRecord, as bytes. Made a slice of posts at a
 * time with a turn of the event loop between slices: it is made while the render workers
 * work, and 12 MB of JSON (4,000 posts) in one go kept this thread from handing them their
 * next pages for 0.1-0.2 s.
 */
export async function postCacheBytes(key: string, posts: readonly CachedPost[]): Promise<Buffer> {
  const parts = [Buffer.from(`{"key":${JSON.stringify(key)},"posts":{`)];
  for (let i = 0; i < posts.length; i += POST_CACHE_SLICE) {
    if (i > 0) await new Promise((turn) => setImmediate(turn));
    const entries = posts.slice(i, i + POST_CACHE_SLICE).map((c) => `${JSON.stringify(c.post.file)}:${JSON.stringify(c)}`);
    parts.push(Buffer.from((i > 0 ? "," : "") + entries.join(",")));
  }
  parts.push(Buffer.from("}}"));
  return Buffer.concat(parts);
}

interface OutputRecord {
  /** Code, assets, shared (root) data and mode the output was made with. */
  key: string;
  /** Every file of the output but the bundles and these records: path -> [hash, bytes, islands?]. */
  files: Record<string, RecordedFile>;
}

export const outputRecordName = "output.json";

export const renderKey = (codeHash: string, rootJson: string, mode: string) =>
  createHash("sha256").update(codeHash).update("\0").update(rootJson).update("\0").update(mode).digest("hex");

/** The previous build's files when it was made under the same key: the ones whose hash is unchanged are kept as they are. */
export async function readOutputRecord(prevServerDir: string, key: string): Promise<Map<string, RecordedFile> | undefined> {
  const record = await readJson<OutputRecord>(join(prevServerDir, outputRecordName));
  return record && record.key === key ? new Map(Object.entries(record.files)) : undefined;
}

/** What the output record keeps of a file. */
export const recordedFile = (f: OutputFile): RecordedFile => (f.islands ? [f.sha, f.bytes, f.islands] : [f.sha, f.bytes]);

export const outputRecordJson = (key: string, files: readonly OutputFile[]) =>
  JSON.stringify({ key, files: Object.fromEntries(files.map((f) => [f.file, recordedFile(f)])) } satisfies OutputRecord);

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    // Our own file from the previous build of this code; a mismatch only means a cache miss (checked by key).
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}
