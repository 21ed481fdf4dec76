import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { readPostFiles } from "../../src/content/post-list";
import type { SitePost } from "../../src/content/site-content";
import type { PagePath, Renderer } from "../../src/entry-server";
import { pathTo } from "../../src/routes";
import { postApiFile } from "./blog-files";
import { textSha } from "./text-sha";
import { isUnchanged, type PreviousOutput } from "./build-output";
import { ParseClock } from "./parse-clock";
import type { ApiFile, RenderedFile, WorkerReply, WorkerRequest } from "./worker-protocol";

// The worker runs code from the one server bundle the build just made; this
// file only moves messages and files (bundled on its own, see scripts/build-engine/bundle.ts).
const server: typeof import("../../src/entry-server") = await import(String(workerData.serverEntry));

/** Where a rendered path lives, relative to the output folder. */
const htmlFileFor = (path: string) => (path === server.notFoundPath ? "404.html" : join(path.slice(1), "index.html"));

let renderer: Renderer | undefined;
let outDir = "";
let previous: PreviousOutput | undefined;

const clock = new ParseClock(workerData.parseClock);

/**
 * Runs one file's parse with the pool's clock on it (scripts/build-engine/worker-pool.ts): a parse
 * that cannot finish in time ends this worker, and the build names the file.
 */
function timed<T>(file: string, parse: () => T): T {
  clock.start(file);
  try {
    return parse();
  } finally {
    clock.stop();
  }
}

/** Parses post files, except those whose text has the hash the build already has a parsed post for. */
function parseFiles({ contentDir, files, site, photos }: Extract<WorkerRequest, { type: "parse" }>) {
  const { results, problems } = readPostFiles(contentDir, files, (file, text) => {
    const sha = textSha(text);
    return sha === file.known ? { file: file.shown, sha } : { file: file.shown, sha, post: timed(file.shown, () => server.parsePost(file.shown, text, site, photos)) };
  });
  return { posts: results, problems };
}

/** The posts this worker holds (without bodies) by page path, to lend each render batch's bodies to. */
let postsByPath = new Map<string, SitePost>();

async function takeContent(msg: Extract<WorkerRequest, { type: "content" }>): Promise<WorkerReply> {
  outDir = msg.outDir;
  previous = undefined;
  madeDirs.clear();
  postsByPath = new Map(msg.content.posts.map((p) => [pathTo.post(p.slug), p]));
  renderer = await server.createRenderer(msg.content, msg.assets);
  if (!msg.listPaths) return { type: "ready" };
  return { type: "ready", listing: { paths: renderer.listPaths(), rootData: renderer.rootData } };
}

/**
 * Renders and writes a batch into the staging folder. When this build updates
 * the live output (same code, assets and shared data: see renderKey in
 * scripts/build-engine/build-cache.ts), a page whose data hash is the one recorded there, and
 * whose files are still there, is left as it is and not rendered. Writes are
 * synchronous on purpose: a worker has nothing else to do meanwhile, and
 * awaiting each small async write cost more than rendering the page (thread-pool
 * round trips, measured on 4,000 posts).
 */
function renderBatch({ paths, posts }: Extract<WorkerRequest, { type: "render" }>): Extract<WorkerReply, { type: "rendered" }> {
  const lent = posts.flatMap((post) => {
    const held = postsByPath.get(pathTo.post(post.slug));
    if (!held) return [];
    held.content = post.content;
    held.html = post.html;
    return [held];
  });
  try {
    return { type: "rendered", files: renderPaths(paths), beside: posts.map(writeApiFile) };
  } finally {
    // Bodies stay only as long as their batch: a worker holds 4,000 posts' summaries, not their text.
    for (const held of lent) {
      held.content = "";
      held.html = "";
    }
  }
}

/**
 * /api/blog/{slug}.json, written by the worker that has the post's body (its page's batch); unchanged
 * ones are left alone. Its bytes go back to the main thread either way, which makes api/blog.json of them.
 */
function writeApiFile(post: SitePost): ApiFile {
  const [file, json] = postApiFile(post);
  const sha = textSha(json);
  if (isUnchanged(previous, file, sha)) return { file, sha, bytes: json.byteLength, staged: false, json };
  return { file, sha, bytes: writeInto(file, json), staged: true, json };
}

function renderPaths(paths: PagePath[]): RenderedFile[] {
  if (!renderer) throw new Error("render before content");
  const out: RenderedFile[] = [];
  for (const { path, page: pageId } of paths) {
    const prepared = renderer.prepare(path, pageId);
    const sha = textSha(`${path}\0${prepared.dataJson}`);
    const file = htmlFileFor(path);
    // The head comes with the data (prepare), so an unchanged page still reports it.
    const listing = { indexable: !prepared.head.noindex, ...(prepared.head.lastModified ? { lastmod: prepared.head.lastModified } : {}) };
    const unchanged = isUnchanged(previous, file, sha);
    if (unchanged) {
      const [, bytes = 0, islands] = previous?.files.get(file) ?? [];
      out.push({ path, page: prepared.page, file, sha, bytes, staged: false, islands, ...listing });
      continue;
    }
    const { html, islands } = renderer.renderPrepared(prepared);
    out.push({ path, page: prepared.page, file, sha, bytes: writeInto(file, html), staged: true, islands, ...listing });
  }
  return out;
}

const madeDirs = new Set<string>();
function ensureDir(dir: string) {
  if (madeDirs.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  madeDirs.add(dir);
}

/** Writes a file of the output (path relative to it) into the staging folder; returns its size. */
function writeInto(file: string, data: string | Uint8Array): number {
  const abs = join(outDir, file);
  ensureDir(dirname(abs));
  writeFileSync(abs, data);
  return typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
}

async function handle(msg: WorkerRequest): Promise<WorkerReply> {
  switch (msg.type) {
    case "site":
      return { type: "site", site: await server.loadSite(msg.contentDir) };
    case "pages":
      return { type: "pages", pages: await server.loadPageContent(msg.contentDir, timed, msg.photos, msg.reviews) };
    case "parse":
      return { type: "parsed", ...parseFiles(msg) };
    case "content":
      return takeContent(msg);
    case "previous":
      previous = msg.previous;
      return { type: "ready" };
    case "render":
      return renderBatch(msg);
  }
}

// One message at a time, answered in the order they came (the pool matches answers to requests by order).
let queue: Promise<void> = Promise.resolve();
parentPort?.on("message", (msg: WorkerRequest) => {
  queue = queue.then(() => answer(msg));
});

/** Never rejects, so one failed message cannot stop the queue: a failure is the answer. */
async function answer(msg: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    reply = await handle(msg);
  } catch (err) {
    reply = failure(err);
  }
  try {
    parentPort?.postMessage(reply);
  } catch (err) {
    parentPort?.postMessage(failure(err));
  }
}

function failure(err: unknown): WorkerReply {
  return server.isContentError(err)
    ? { type: "content-error", problems: err.problems }
    : { type: "error", message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}
