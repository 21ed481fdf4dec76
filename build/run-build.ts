import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { ContentError } from "../src/content/content-error";
import type { SiteContent } from "../src/content/site-content";
import { rssXml, writeBlogApi, type PutFile } from "./blog-files";
import type { Bundles } from "./bundle";
import { FileReuse } from "./file-reuse";
import {
  postCacheKey,
  readPageRecord,
  readPostCache,
  recordBundles,
  renderKey,
  reuseBundles,
  sourceHash,
  writePageRecord,
  writePostCache,
  type CachedPost,
} from "./build-cache";
import { headersFile, redirectsFile, robotsTxt, sitemapXml } from "./site-files";
import { summarize, type BuildSummary } from "./summary";
import { WorkerPool } from "./worker-pool";
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
}

/** Server-side files the servers read from the output folder (never served). */
export const serverDirName = ".server";
/** Beside the server bundle in serverDirName: the assembled SiteContent and the AssetManifest. */
export const serverFiles = { content: "content.json", assets: "assets.json" } as const;

/**
 * The whole build: bundle, load content, render every path in worker threads,
 * write feeds and API files, then swap the new folder in. Anything that throws
 * leaves the previous output folder untouched.
 */
export async function runBuild(opts: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const outDir = resolve(opts.outDir);
  const tmpDir = join(dirname(outDir), `.${basename(outDir)}.tmp-${process.pid}-${Date.now()}`);
  const progress = opts.onProgress ?? (() => {});
  let pool: WorkerPool | undefined;
  try {
    await removeAbandoned(outDir);
    await mkdir(tmpDir, { recursive: true });
    progress("bundling");
    const prevServerDir = join(outDir, serverDirName);
    const serverDir = join(tmpDir, serverDirName);
    const codeHash = await sourceHash(opts.root);
    // esbuild and vanilla-extract (with Babel) load only when the code changed since the last build here.
    const bundles = (await reuseBundles(prevServerDir, tmpDir, serverDir, codeHash)) ?? (await freshBundles(opts.root, tmpDir, serverDir));
    const t = { bundle: performance.now() - started, content: 0, render: 0 };
    pool = new WorkerPool(bundles.workerEntry, opts.workers ?? Math.max(1, availableParallelism()), { serverEntry: bundles.serverEntry });

    progress("loading content");
    const contentDir = resolve(opts.contentDir);
    const postKey = postCacheKey(codeHash, (await readFile(join(contentDir, "site.json"), "utf8").catch(() => "")) + (process.env.SITE_URL ?? ""));
    const parsed = await parsePosts(pool, contentDir, await readPostCache(prevServerDir, postKey));
    const posts = parsed.map((c) => c.post);
    const builtAt = (opts.now ?? new Date()).toISOString();
    const { content, paths, notFoundPath, rootData } = await pool.request(0, { type: "assemble", contentDir, posts, mode: opts.mode, builtAt }, "assembled");
    // Everything every page shares; codeHash covers the assets, which come from the same sources.
    const pagesKey = renderKey(codeHash, JSON.stringify(rootData), opts.mode);
    const previousPages = await readPageRecord(prevServerDir, pagesKey);
    const previous = previousPages ? { outDir, files: previousPages } : undefined;
    await pool.broadcast(() => ({ type: "content", content, assets: bundles.assets, outDir: tmpDir, previous }), "ready");
    const reuse = new FileReuse(tmpDir, previous);
    t.content = performance.now() - started - t.bundle;

    let done = 0;
    const renderStart = performance.now();
    const [batches] = await Promise.all([
      pool.drain(paths, 64, (batch) => ({ type: "render", paths: batch }), "rendered", (r) => {
        done += r.files.length;
        progress(`rendered ${done}/${paths.length} pages`);
      }),
      writeSiteFiles(tmpDir, content, paths.map((p) => p.path), notFoundPath, (rel, text) => reuse.put(rel, text)),
      copyStatic(join(contentDir, "static"), tmpDir),
      writeJson(join(tmpDir, "_data", "_root.json"), rootData),
      // What this build rendered with, so a server can render pages again without
      // rebuilding (the no-JavaScript contact answer: scripts/contact-form-renderer.ts).
      // Posts are left out: that page does not show them, and a big blog would make this file huge.
      writeJson(join(tmpDir, serverDirName, serverFiles.content), { ...content, posts: [] }),
      writeJson(join(tmpDir, serverDirName, serverFiles.assets), bundles.assets),
      recordBundles(serverDir, codeHash, bundles),
      writePostCache(serverDir, postKey, parsed),
    ]);
    t.render = performance.now() - renderStart;
    const files: RenderedFile[] = batches.flatMap((b) => b.files);
    await writePageRecord(serverDir, pagesKey, [...files, ...reuse.written]);

    await swapIn(tmpDir, outDir);
    return await summarize({ files, bundles, outDir, wallMs: performance.now() - started, phases: t });
  } catch (err) {
    await rm(tmpDir, { recursive: true, force: true });
    throw err;
  } finally {
    await pool?.close();
  }
}

async function freshBundles(root: string, outDir: string, serverDir: string): Promise<Bundles> {
  const { bundle } = await import("./bundle");
  return bundle(root, outDir, serverDir);
}

/** Post files are parsed (front matter, schema, Markdown) in the workers: the slow part of a big blog. */
async function parsePosts(pool: WorkerPool, contentDir: string, cache: Map<string, CachedPost>): Promise<CachedPost[]> {
  const files = (await listMarkdown(join(contentDir, "blog"))).map((abs) => ({ abs, shown: shownPath(abs) }));
  const share = Math.ceil(files.length / pool.size);
  const replies = await pool.broadcast((i) => {
    const mine = files.slice(i * share, (i + 1) * share);
    const cached = new Map(mine.flatMap((f) => {
      const hit = cache.get(f.shown);
      return hit ? [[f.shown, hit] as const] : [];
    }));
    return { type: "parse", contentDir, files: mine, cached };
  }, "parsed");
  const problems = replies.flatMap((r) => r.problems);
  if (problems.length > 0) throw new ContentError(problems);
  return replies.flatMap((r) => r.posts);
}

async function writeJson(file: string, value: unknown) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value));
}

/**
 * Everything beside the pages: sitemap, robots, host config, the feed and the blog API.
 * Posts are as the build selected them; drafts (dev builds only) stay out of the sitemap
 * and the feed, which are for the outside world.
 */
async function writeSiteFiles(out: string, content: SiteContent, paths: string[], notFoundPath: string, put: PutFile) {
  const { site, posts } = content;
  const postDates = new Map(posts.map((p) => [`/blog/${p.slug}`, p.publishDate]));
  const newest = posts.find((p) => !p.draft)?.publishDate;
  if (newest) postDates.set("/blog", newest);
  const hidden = new Set([notFoundPath, "/contact/thank-you", ...posts.filter((p) => p.draft).map((p) => `/blog/${p.slug}`)]);
  const indexable = paths.filter((p) => !hidden.has(p));
  await Promise.all([
    writeFile(join(out, "sitemap.xml"), sitemapXml(site, indexable.map((path) => ({ path, lastmod: postDates.get(path) })))),
    writeFile(join(out, "robots.txt"), robotsTxt(site)),
    writeFile(join(out, "_headers"), headersFile()),
    writeFile(join(out, "_redirects"), redirectsFile()),
    writeFile(join(out, "rss.xml"), rssXml(site, posts)),
    writeBlogApi(out, posts, put),
  ]);
}

/** Files the owner puts in content/static/ (favicon, images) are copied as they are. */
async function copyStatic(from: string, to: string) {
  const exists = await stat(from).then((s) => s.isDirectory(), () => false);
  if (exists) await cp(from, to, { recursive: true });
}

/** Replaces outDir with the finished build in two renames; the old folder is discarded. */
async function swapIn(tmpDir: string, outDir: string) {
  const old = `${tmpDir}.old`;
  const hadOld = await stat(outDir).then(() => true, () => false);
  if (hadOld) await rename(outDir, old);
  await rename(tmpDir, outDir);
  if (hadOld) await discard(old);
}

/**
 * Deletes a folder nothing refers to any more with a detached `rm`, so the build
 * need not wait for thousands of unlinks (where there is no `rm`, it waits).
 */
async function discard(dir: string) {
  if (process.platform === "win32") await rm(dir, { recursive: true, force: true });
  else spawn("rm", ["-rf", dir], { detached: true, stdio: "ignore" }).unref();
}

/**
 * Temp folders of builds that were killed before their swap (named
 * `.<out>.tmp-<pid>-<time>`, see runBuild), and old outputs whose background
 * removal was cut short, are discarded once their process is gone. (One still
 * being removed by a detached rm is simply removed twice; rm -rf allows that.)
 */
async function removeAbandoned(outDir: string) {
  const prefix = `.${basename(outDir)}.tmp-`;
  const names = await readdir(dirname(outDir)).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split("-")[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) await discard(join(dirname(outDir), name));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}

export const listMarkdown = async (dir: string): Promise<string[]> => {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  return names.filter((n) => n.endsWith(".md")).sort().map((n) => join(dir, n));
};

export const shownPath = (abs: string) => relative(process.cwd(), abs) || abs;
