import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join, relative, resolve } from "node:path";
import { ContentError, type ContentProblem } from "../src/content/content-error";
import { readContentFile, readStaticFiles } from "../src/content/content-file";
import { FILE_PARSE_LIMIT_MS } from "../src/content/content-limits";
import type { AssetManifest } from "../src/app/document";
import type { SiteContent } from "../src/content/site-content";
import { blogApiFiles, rssXml } from "./blog-files";
import type { Bundles } from "./bundle";
import {
  bundleRecordJson,
  bundleRecordName,
  bundleSourceFiles,
  copyBundles,
  hashFiles,
  inputsKey,
  outputRecordJson,
  outputRecordName,
  postCacheJson,
  postCacheKey,
  postRecordName,
  previousBundles,
  readOutputRecord,
  readPostCache,
  renderKey,
  type CachedPost,
} from "./build-cache";
import { BuildOutput, removeAbandoned, stagingDirFor } from "./build-output";
import { OG_IMAGE_FILE, ogImagePng } from "./og-image";
import { preparePhotos, type PreparedPhotos } from "./photos";
import { placeholderReminder } from "./placeholders";
import { headersFile, redirectsFile, robotsTxt, sitemapXml } from "./site-files";
import { findBrokenLinks } from "./site-links";
import { BudgetError, overBudget } from "./budgets";
import { measureAssets, summarize, type BuildSummary } from "./summary";
import { ParseTimeout, WorkerPool } from "./worker-pool";
import type { RenderedFile } from "./worker-protocol";

export interface BuildOptions {
  root: string;
  contentDir: string;
  outDir: string;
  mode: "production" | "development";
  /** "Now" for leaving out future posts; tests pin it. */
  now?: Date;
  workers?: number;
  onProgress?: (line: string) => void;
  /** Links to pages of this site that do not exist are build errors, not warnings (`npm run build -- --strict`; CI). */
  strict?: boolean;
  /** Problems that do not stop the build (links to missing pages, unless strict). */
  onWarning?: (problems: ContentProblem[]) => void;
}

/** Server-side files the servers read from the output folder (never served). */
export const serverDirName = ".server";
/**
 * A build's summary, and what its pages were rendered from: a server renders the
 * no-JavaScript form answers from it with the same bundle (scripts/contact-form-renderer.ts).
 * Posts are left out: those pages do not show them, and a big blog would hold megabytes.
 */
export interface BuildResult extends BuildSummary {
  rendered: { content: SiteContent; assets: AssetManifest };
}

/**
 * The whole build: bundle, load content, render every path in worker threads,
 * write feeds and API files, then put the result in place (build/build-output.ts:
 * a new folder swapped in, or only the changed files moved into the live one).
 * Anything that throws leaves the previous output folder untouched.
 */
export async function runBuild(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const outDir = resolve(opts.outDir);
  const stageDir = stagingDirFor(outDir);
  const progress = opts.onProgress ?? (() => {});
  let pool: WorkerPool | undefined;
  try {
    await removeAbandoned(outDir);
    await mkdir(stageDir, { recursive: true });
    progress("bundling");
    const prevServerDir = join(outDir, serverDirName);
    // esbuild and vanilla-extract (with Babel) load only when a file the last build here bundled changed.
    const previous = await previousBundles(prevServerDir, opts.root);
    const reused = previous.bundles;
    let bundles = reused ?? (await freshBundles(opts.root, stageDir, join(stageDir, serverDirName)));
    const codeInputs = reused ? previous.hashes : await hashFiles(opts.root, bundleSourceFiles(bundles.inputs), previous.hashes);
    const codeHash = inputsKey(codeInputs);
    const t = { bundle: performance.now() - started, content: 0, render: 0 };
    pool = new WorkerPool(bundles.workerEntry, opts.workers ?? Math.max(1, availableParallelism()), { serverEntry: bundles.serverEntry }, FILE_PARSE_LIMIT_MS);

    progress("loading content");
    const contentDir = resolve(opts.contentDir);
    const siteJson = await readContentFile(contentDir, join(contentDir, "site.json"), shownPath(join(contentDir, "site.json"))).catch(() => "");
    progress("preparing photos");
    const prepared = await preparePhotos(contentDir, join(opts.root, ".cache", "photos"), shownPath);
    if (prepared.problems.length > 0) throw new ContentError(prepared.problems);
    // A changed photo changes the HTML of the posts showing it: posts are parsed again.
    const postKey = postCacheKey(codeHash, siteJson + (process.env.SITE_URL ?? "") + JSON.stringify(prepared.photos));
    const cache = await readPostCache(prevServerDir, postKey);
    const { posts: parsed, reparsed, changed } = await parsePosts(pool, contentDir, prepared.photos, cache);
    const posts = parsed.map((c) => c.post);
    const builtAt = (opts.now ?? new Date()).toISOString();
    const { content, paths, notFoundPath, rootData } = await pool.request(0, { type: "assemble", contentDir, posts, mode: opts.mode, builtAt, photos: prepared.photos }, "assembled");
    const staticFiles = await readStaticFiles(contentDir, join(contentDir, "static"));
    const brokenLinks = findBrokenLinks({ posts, services: content.services, contentDir, pages: paths.map((p) => p.path), staticFiles: staticFiles.map(([name]) => name) });
    if (brokenLinks.length > 0 && opts.strict) throw new ContentError(brokenLinks);
    if (brokenLinks.length > 0) opts.onWarning?.(brokenLinks);
    // Everything every page shares; codeHash covers the assets, which come from the same sources.
    const outputKey = renderKey(codeHash, JSON.stringify(rootData), opts.mode);
    const previousFiles = reused && (await readOutputRecord(prevServerDir, outputKey));
    const output = new BuildOutput(outDir, stageDir, { dirName: serverDirName, recordName: outputRecordName }, previousFiles ? { outDir, files: previousFiles } : undefined);
    if (reused && output.mode === "fresh") bundles = await copyBundles(reused, outDir, stageDir, serverDirName);
    await pool.broadcast(() => ({ type: "content", content, assets: bundles.assets, outDir: stageDir, previous: output.previous }), "ready");
    t.content = performance.now() - started - t.bundle;

    let done = 0;
    const renderStart = performance.now();
    const rendering = pool.drain(paths, 64, (batch) => ({ type: "render", paths: batch }), "rendered", (r) => {
      done += r.files.length;
      progress(`rendered ${done}/${paths.length} pages`);
    });
    // Meanwhile this thread writes everything beside the pages.
    await output.putAll(siteFiles(content, paths.map((p) => p.path), notFoundPath));
    await output.putAll(staticFiles);
    await output.putAll(await Promise.all(prepared.files.map(async (f): Promise<[string, Buffer]> => [f.urlPath.slice(1), await readFile(f.cachedFile)])));
    await output.putAll([[OG_IMAGE_FILE, await ogImagePng(content.site)]]);
    const files: RenderedFile[] = (await rendering).flatMap((b) => b.files);
    output.addRendered(files);
    t.render = performance.now() - renderStart;

    await output.writeServerFile(bundleRecordName, bundleRecordJson(codeInputs, bundles));
    // 12 MB for 4,000 posts: rewritten only when a post was parsed or removed, or into a new folder.
    if (output.mode === "fresh" || reparsed > 0 || cache.size !== parsed.length) await output.writeServerFile(postRecordName, postCacheJson(postKey, parsed));
    // Budgets (build/budgets.ts) before the switch: a page over its weight leaves the live site as it is.
    const weights = await measureAssets(bundles, [stageDir, outDir]);
    const overweight = overBudget(files.map((f) => ({ path: f.path, islands: f.islands ?? [], jsGzip: weights.js(f.islands ?? []) })), weights.cssGzip);
    if (overweight.length > 0) throw new BudgetError(overweight);
    await output.commit(outputRecordJson(outputKey, output.files));
    const postNotes = { posts, changed, now: new Date(builtAt), mode: opts.mode, timeZone: content.site.timeZone };
    const summary = await summarize({ files, weights, wallMs: performance.now() - started, phases: t, posts: postNotes });
    return { ...summary, placeholders: placeholderReminder(content.site), rendered: { content: { ...content, posts: [] }, assets: bundles.assets } };
  } catch (err) {
    await rm(stageDir, { recursive: true, force: true });
    throw err;
  } finally {
    await pool?.close();
  }
}

async function freshBundles(root: string, outDir: string, serverDir: string): Promise<Bundles> {
  const { bundle } = await import("./bundle");
  return bundle(root, outDir, serverDir);
}

/**
 * Post files are parsed (front matter, schema, Markdown) in the workers: the slow
 * part of a big blog. Posts whose text is unchanged since the previous build come
 * from its cache; only their hashes cross to the workers and back.
 */
async function parsePosts(pool: WorkerPool, contentDir: string, photos: PreparedPhotos["photos"], cache: Map<string, CachedPost>): Promise<{ posts: CachedPost[]; reparsed: number; changed: Set<string> }> {
  const files = (await listPostFiles(join(contentDir, "blog"))).map((abs) => {
    const shown = shownPath(abs);
    return { abs, shown, known: cache.get(shown)?.sha };
  });
  const share = Math.ceil(files.length / pool.size);
  const replies = await Promise.all(Array.from({ length: pool.size }, (_, i) => parseShare(pool, i, contentDir, photos, files.slice(i * share, (i + 1) * share))));
  const problems = replies.flatMap((r) => r.problems);
  if (problems.length > 0) throw new ContentError(problems);
  const results = replies.flatMap((r) => r.posts);
  const posts = results.map(({ sha, post }, i): CachedPost => {
    if (post) return { sha, post };
    const cached = cache.get(files[i]?.shown ?? "");
    if (!cached) throw new Error(`no cached post for ${files[i]?.shown}`);
    return cached;
  });
  // Parsed again = new or changed since the previous build (the build's summary lists them).
  const changed = new Set(results.flatMap((r) => (r.post ? [r.post.file] : [])));
  return { posts, reparsed: changed.size, changed };
}

/**
 * One worker's share of the posts. A file that takes too long ends the worker
 * (build/worker-pool.ts); the share is then parsed again without it, so the build
 * still reports every other file's problems in the same run.
 */
async function parseShare(pool: WorkerPool, i: number, contentDir: string, photos: PreparedPhotos["photos"], files: { abs: string; shown: string; known?: string }[]) {
  const timedOut: ContentProblem[] = [];
  let rest = files;
  for (;;) {
    try {
      const reply = await pool.request(i, { type: "parse", contentDir, photos, files: rest }, "parsed");
      return { posts: reply.posts, problems: [...timedOut, ...reply.problems] };
    } catch (err) {
      if (!(err instanceof ParseTimeout)) throw err;
      timedOut.push(...err.problems);
      rest = rest.filter((f) => f.shown !== err.file);
    }
  }
}

/**
 * Everything beside the pages: sitemap, robots, host config, the feed and the
 * blog API, as [path in the output, text]. Posts are as the build selected them;
 * drafts (dev builds only) stay out of the sitemap and the feed, which are for
 * the outside world.
 */
function siteFiles(content: SiteContent, paths: string[], notFoundPath: string): [file: string, text: string][] {
  const { site, posts } = content;
  const postDates = new Map(posts.map((p) => [`/blog/${p.slug}`, p.publishDate]));
  const newest = posts.find((p) => !p.draft)?.publishDate;
  if (newest) postDates.set("/blog", newest);
  const hidden = new Set([notFoundPath, "/contact/thank-you", "/reviews/thank-you", ...posts.filter((p) => p.draft).map((p) => `/blog/${p.slug}`)]);
  const indexable = paths.filter((p) => !hidden.has(p));
  return [
    ["sitemap.xml", sitemapXml(site, indexable.map((path) => ({ path, lastmod: postDates.get(path) })))],
    ["robots.txt", robotsTxt(site)],
    ["_headers", headersFile()],
    ["_redirects", redirectsFile()],
    ["rss.xml", rssXml(site, posts)],
    ...blogApiFiles(posts),
  ];
}

/**
 * The post files in content/blog: each `name.md`, and each `name/index.md` (a post in
 * a folder of its own, with its photos beside it). Dot files are editor backups.
 */
export const listPostFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const files = entries.flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return [join(dir, entry.name, "index.md")];
    return entry.name.endsWith(".md") ? [join(dir, entry.name)] : [];
  });
  // A folder without index.md is not a post (photos only, or work in progress).
  const present = await Promise.all(files.map((file) => stat(file).then(() => true, () => false)));
  return files.filter((_, i) => present[i]).sort();
};

export const shownPath = (abs: string) => relative(process.cwd(), abs) || abs;
