import { mkdir, readFile, rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join, relative, resolve } from "node:path";
import { ContentError, type ContentProblem } from "../../src/content/content-error";
import { readStaticFiles } from "../../src/content/content-file";
import { FILE_PARSE_LIMIT_MS } from "../../src/content/content-limits";
import type { AssetManifest } from "../../src/app/document";
import { loadContent } from "../../src/content/content-pipeline";
import { listPostFiles } from "../../src/content/post-list";
import type { Site } from "../../src/content/site";
import type { Review } from "../../src/content/review";
import type { SiteContent, SitePost } from "../../src/content/site-content";
import type { PagePath } from "../../src/entry-server";
import { pathTo } from "../../src/routes";
import { blogListFile, postApiFileName, rssXml } from "./blog-files";
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
  postCacheBytes,
  postRecordName,
  previousBundles,
  readOutputRecord,
  renderKey,
} from "./build-cache";
import { WorkerContentReaders } from "./content-readers";
import type { BuildSession } from "./build-session";
import { BuildOutput, removeAbandoned, stagingDirFor } from "./build-output";
import { lockOutput } from "./output-lock";
import { serverScript } from "./server-scripts";
import { OG_IMAGE_FILE, ogImagePng } from "./og-image";
import { preparePhotos } from "./photos";
import { loadSharp } from "./sharp";
import { placeholderReminder } from "./placeholders";
import { headersFile, redirectPage, redirectsFile, robotsTxt, sitemapEntries, sitemapXml } from "./site-files";
import { loadRedirects, REDIRECTS_FILE, type Redirect } from "../../src/content/redirects";
import { findBrokenLinks } from "./site-links";
import { BudgetError, overBudget } from "./budgets";
import { measureAssets, summarize, type BuildSummary } from "./summary";
import { renderWorkerCount, WorkerPool } from "./worker-pool";
import type { RenderedFile, WorkerRequest } from "./worker-protocol";

export interface BuildOptions {
  root: string;
  contentDir: string;
  outDir: string;
  mode: "production" | "development";
  /** "Now" for leaving out future posts; tests pin it. */
  now?: Date;
  /** Render workers; by default as many as the number of posts asks for (renderWorkerCount, scripts/build-engine/worker-pool.ts). */
  workers?: number;
  onProgress?: (line: string) => void;
  /** Links to pages of this site that do not exist are build errors, not warnings (`npm run build -- --strict`; CI). */
  strict?: boolean;
  /** Problems that do not stop the build (links to missing pages, unless strict). */
  onWarning?: (problems: ContentProblem[]) => void;
  /** What a long-running process keeps between its builds (scripts/build-engine/build-session.ts): workers and parsed posts. */
  session?: BuildSession;
  /**
   * The approved reviews of the servers' store (`store.reviews.approved()`: npm start passes its
   * store's, build.ts the environment's), undefined when it never held one; without this option, or
   * undefined, the build shows content/reviews.json's (src/content/load-reviews.ts).
   */
  approvedReviews?: () => Promise<Review[] | undefined>;
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
 * write feeds and API files, then put the result in place (scripts/build-engine/build-output.ts:
 * a new folder swapped in, or only the changed files moved into the live one).
 * Anything that throws leaves the previous output folder untouched.
 */
export async function runBuild(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const outDir = resolve(opts.outDir);
  const stageDir = stagingDirFor(outDir);
  const progress = opts.onProgress ?? (() => {});
  const session = opts.session;
  let pool: WorkerPool | undefined;
  // Another process's build into the same folder (a second npm start in this checkout) finishes first.
  const unlock = await lockOutput(outDir, () => progress(`waiting for another build into ${shownPath(outDir)} to finish`));
  try {
    await removeAbandoned(outDir);
    await mkdir(stageDir, { recursive: true });
    const contentDir = resolve(opts.contentDir);
    // Listed while bundling: how many there are sets the number of workers; loadContent takes the list
    // (and reports a folder that cannot be listed).
    const postFiles = listPostFiles(join(contentDir, "blog"));
    const postCount = postFiles.then((files) => files.length, () => 0);
    const reviews = opts.approvedReviews?.();
    reviews?.catch(() => undefined);
    progress("bundling");
    const prevServerDir = join(outDir, serverDirName);
    // esbuild and vanilla-extract (with Babel) load only when a file the last build here bundled changed.
    const previous = await previousBundles(prevServerDir, opts.root);
    const reused = previous.bundles;
    let bundles = reused ?? (await freshBundles(opts.root, stageDir, join(stageDir, serverDirName)));
    // sharp (0.1-0.2 s of this thread to load) for the share image: loaded while the workers start and
    // parse, when this thread waits; while they render it hands them their pages. Its own use reports a failure.
    loadSharp().catch(() => undefined);
    const codeInputs = reused ? previous.hashes : await hashFiles(opts.root, bundleSourceFiles(bundles.inputs), previous.hashes);
    const codeHash = inputsKey(codeInputs);
    const t = { bundle: performance.now() - started, content: 0, render: 0 };
    const workers = opts.workers ?? renderWorkerCount(await postCount, availableParallelism());
    const newPool = () =>
      new WorkerPool(serverScript(bundles.serverDir, "render-worker"), workers, { serverEntry: serverScript(bundles.serverDir, "entry-server") }, FILE_PARSE_LIMIT_MS);
    pool = session ? await session.pool(codeHash, newPool) : newPool();

    progress("preparing photos");
    const prepared = await preparePhotos(contentDir, join(opts.root, ".cache", "photos"), shownPath);
    if (prepared.problems.length > 0) throw new ContentError(prepared.problems);
    progress("loading content");
    const builtAt = (opts.now ?? new Date()).toISOString();
    const readers = new WorkerContentReaders(pool, { photos: prepared.photos, codeHash, prevServerDir, session, reviews: await reviews });
    const { content, posts } = await loadContent(contentDir, { mode: opts.mode, builtAt, postFiles }, readers);
    const staticFiles = await readStaticFiles(contentDir, join(contentDir, "static"));
    // Workers get the posts without their bodies; each render batch brings the bodies its post pages show.
    const bodies = new Map(content.posts.map((p) => [pathTo.post(p.slug), p]));
    const withoutBodies: SiteContent = { ...content, posts: content.posts.map((p) => ({ ...p, content: "", html: "" })) };
    const [first] = await pool.broadcast((i) => ({ type: "content", content: withoutBodies, assets: bundles.assets, outDir: stageDir, listPaths: i === 0 }), "ready");
    if (!first?.listing) throw new Error("the first render worker listed no paths");
    const { paths, rootData } = first.listing;
    const redirects = await loadRedirects(contentDir);
    const hidden = redirects.filter((r) => paths.some((p) => p.path === r.from));
    if (hidden.length > 0) {
      const file = relative(process.cwd(), join(contentDir, REDIRECTS_FILE)) || REDIRECTS_FILE;
      throw new ContentError(hidden.map((r) => ({ file, field: r.from, problem: "is the address of a page of the site, which this redirect would hide: remove it" })));
    }
    const pagePaths = [...paths.map((p) => p.path), ...redirects.map((r) => r.from)];
    const brokenLinks = findBrokenLinks({ posts, services: content.services, contentDir, pages: pagePaths, staticFiles: staticFiles.map(([name]) => name) });
    if (brokenLinks.length > 0 && opts.strict) throw new ContentError(brokenLinks);
    if (brokenLinks.length > 0) opts.onWarning?.(brokenLinks);
    // Everything every page shares; codeHash covers the assets, which come from the same sources.
    const outputKey = renderKey(codeHash, JSON.stringify(rootData), opts.mode);
    const recordFile = join(prevServerDir, outputRecordName);
    const previousFiles = reused && (session?.recordedOutput(recordFile, outputKey) ?? (await readOutputRecord(prevServerDir, outputKey)));
    const output = new BuildOutput(outDir, stageDir, { dirName: serverDirName, recordName: outputRecordName }, previousFiles ? { outDir, files: previousFiles } : undefined);
    if (reused && output.mode === "fresh") bundles = await copyBundles(reused, outDir, stageDir, serverDirName);
    t.content = performance.now() - started - t.bundle;

    const kept = session?.keptPostPages(outputKey, output.previous, paths, posts) ?? { toRender: paths, pages: [], beside: [], live: output.previous };
    const live = kept.live;
    if (live) await pool.broadcast(() => ({ type: "previous", previous: live }), "ready");
    let done = 0;
    const renderStart = performance.now();
    const batchOf = (batch: PagePath[]): WorkerRequest => ({ type: "render", paths: batch, posts: batch.flatMap((p) => bodies.get(p.path) ?? []) });
    const rendering = pool.drain(kept.toRender, 64, batchOf, "rendered", (r) => {
      done += r.files.length;
      progress(`rendered ${done}/${kept.toRender.length} pages`);
    });
    // 12 MB for 4,000 posts: rewritten only when a post was parsed or removed, or into a new folder;
    // in a long-running process (which keeps the posts in memory), after the build, for the next process.
    const postsChanged = output.mode === "fresh" || readers.changed.size > 0 || readers.cacheSize !== readers.parsed.length;
    const postCache = () => postCacheBytes(readers.cacheKey, readers.parsed);
    // Meanwhile this thread writes everything beside the pages, the post cache first (the largest).
    if (postsChanged && !session) await output.writeServerFile(postRecordName, await postCache());
    await output.putAll(siteFiles(content.site, content.posts, redirects));
    await output.putAll(staticFiles);
    await output.putAll(await Promise.all(prepared.files.map(async (f): Promise<[string, Buffer]> => [f.urlPath.slice(1), await readFile(f.cachedFile)])));
    await output.putAll([[OG_IMAGE_FILE, await ogImagePng(content.site)]]);
    const batches = await rendering;
    const files: RenderedFile[] = [...kept.pages, ...batches.flatMap((b) => b.files)];
    const beside = [...kept.beside, ...batches.flatMap((b) => b.beside)];
    output.addRendered([...files, ...beside]);
    const apiJson = new Map(beside.map((f) => [f.file, f.json]));
    const postJson = (post: SitePost) => {
      const json = apiJson.get(postApiFileName(post.slug));
      if (!json) throw new Error(`no API file was made for the post ${post.slug}`);
      return json;
    };
    await output.putAll([blogListFile(content.posts, postJson), ["sitemap.xml", sitemapXml(content.site, sitemapEntries(paths, files))]]);
    t.render = performance.now() - renderStart;

    await output.writeServerFile(bundleRecordName, bundleRecordJson(codeInputs, bundles));
    // Budgets (scripts/build-engine/budgets.ts) before the switch: a page over its weight leaves the live site as it is.
    const weights = await measureAssets(bundles, [stageDir, outDir]);
    const overweight = overBudget(files.map((f) => ({ path: f.path, islands: f.islands ?? [], jsGzip: weights.js(f.islands ?? []) })), weights.cssGzip);
    if (overweight.length > 0) throw new BudgetError(overweight);
    await output.commit(outputRecordJson(outputKey, output.files));
    session?.keepRecordedOutput(recordFile, outputKey, output.files);
    session?.keepPostPages(outputKey, posts, files, beside);
    if (postsChanged) session?.saveLater(join(outDir, serverDirName, postRecordName), postCache);
    const postNotes = { posts, changed: readers.changed, now: new Date(builtAt), mode: opts.mode, timeZone: content.site.timeZone };
    const summary = await summarize({ files, weights, wallMs: performance.now() - started, phases: t, posts: postNotes });
    return { ...summary, placeholders: placeholderReminder(content.site), rendered: { content: { ...content, posts: [] }, assets: bundles.assets } };
  } catch (err) {
    // Other workers may still be writing this build's batches into the staging folder: they finish
    // (a long-running process keeps them) or are ended before it is removed.
    if (session) await session.settleAfterFailure();
    else await pool?.close();
    await rm(stageDir, { recursive: true, force: true });
    throw err;
  } finally {
    await unlock();
    if (!session) await pool?.close();
  }
}

async function freshBundles(root: string, outDir: string, serverDir: string): Promise<Bundles> {
  const { bundle } = await import("./bundle");
  return bundle(root, outDir, serverDir);
}

/**
 * Everything beside the pages but the sitemap and api/blog.json (made of what the
 * render workers send back: sitemapEntries, blogListFile): robots, host config,
 * the feed and the pages at old addresses, as [path in the output, text]. Posts are as the build selected them;
 * drafts (dev builds only) stay out of the feed, which is for the outside world.
 */
function siteFiles(site: Site, posts: readonly SitePost[], redirects: readonly Redirect[]): [file: string, text: string][] {
  return [
    ["robots.txt", robotsTxt(site)],
    ["_headers", headersFile()],
    ["_redirects", redirectsFile(redirects)],
    ["rss.xml", rssXml(site, posts)],
    ...redirects.map((r) => redirectPage(site, r)),
  ];
}

export const shownPath = (abs: string) => relative(process.cwd(), abs) || abs;
