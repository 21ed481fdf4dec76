import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { ContentProblem } from "../src/content/content-error";
import { readContentFileSync } from "../src/content/content-file";
import type { SiteContent } from "../src/content/site-content";
import type { PagePath, Renderer } from "../src/entry-server";
import type { Post } from "../src/content/posts";
import { textSha } from "./build-cache";
import { isUnchanged, type PreviousOutput } from "./build-output";
import type { RenderedFile, WorkerReply, WorkerRequest } from "./worker-protocol";

// The worker runs code from the one server bundle the build just made; this
// file only moves messages and files (bundled on its own, see build/bundle.ts).
const server: typeof import("../src/entry-server") = await import(String(workerData.serverEntry));

/** Where a rendered path lives, relative to the output folder. */
const htmlFileFor = (path: string) => (path === server.notFoundPath ? "404.html" : join(path.slice(1), "index.html"));

let renderer: Renderer | undefined;
let outDir = "";
let previous: PreviousOutput | undefined;

/**
 * Runs one file's parse with the pool's clock on it (build/worker-pool.ts): a parse
 * that cannot finish in time ends this worker, and the build names the file.
 */
function timed<T>(file: string, parse: () => T): T {
  parentPort?.postMessage({ type: "parsing", file } satisfies WorkerReply);
  try {
    return parse();
  } finally {
    parentPort?.postMessage({ type: "parsing", file: null } satisfies WorkerReply);
  }
}

/** Parses post files, except those whose text has the hash the build already has a parsed post for. */
async function parseFiles({ contentDir, files, photos }: Extract<WorkerRequest, { type: "parse" }>) {
  const site = await server.loadSite(contentDir);
  const posts: { sha: string; post?: Post }[] = [];
  const problems: ContentProblem[] = [];
  for (const f of files) {
    try {
      // Sync reads: this thread has nothing else to do meanwhile, and each async read
      // costs several thread-pool round trips (measured: most of the parse time).
      // The read checks the file is inside the content folder and small enough first.
      const text = readContentFileSync(contentDir, f.abs, f.shown);
      const sha = textSha(text);
      posts.push(sha === f.known ? { sha } : { sha, post: timed(f.shown, () => server.parsePost(f.shown, text, site, photos)) });
    } catch (err) {
      if (server.isContentError(err)) problems.push(...err.problems);
      else problems.push({ file: f.shown, field: "(file)", problem: `could not be read: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  return { posts, problems };
}

/** Site facts, pages' content and the published posts, checked across files; then every path to render. */
async function assemble(msg: Extract<WorkerRequest, { type: "assemble" }>): Promise<WorkerReply> {
  const [site, base] = await Promise.all([server.loadSite(msg.contentDir), server.loadPageContent(msg.contentDir, timed, msg.photos)]);
  server.checkUniqueSlugs(msg.posts);
  const published = server.selectPublished(msg.posts, { includeDrafts: msg.mode === "development", now: new Date(msg.builtAt) });
  const content: SiteContent = {
    site,
    ...base,
    posts: published.map((p) => ({ ...server.toPostJson(p), draft: p.draft })),
    builtAt: msg.builtAt,
    mode: msg.mode,
  };
  const listing = await server.createRenderer(content, { css: [], site: { entry: "", preload: [] }, islands: {} });
  return { type: "assembled", content, paths: listing.listPaths(), notFoundPath: server.notFoundPath, rootData: listing.rootData };
}

/**
 * Renders and writes a batch into the staging folder. When this build updates
 * the live output (same code, assets and shared data: see renderKey in
 * build/build-cache.ts), a page whose data hash is the one recorded there, and
 * whose files are still there, is left as it is and not rendered. Writes are
 * synchronous on purpose: a worker has nothing else to do meanwhile, and
 * awaiting each small async write cost more than rendering the page (thread-pool
 * round trips, measured on 4,000 posts).
 */
function renderPaths(paths: PagePath[]): RenderedFile[] {
  if (!renderer) throw new Error("render before content");
  const out: RenderedFile[] = [];
  for (const { path, page: pageId } of paths) {
    const prepared = renderer.prepare(path, pageId);
    const sha = textSha(`${path}\0${prepared.dataJson}`);
    const file = htmlFileFor(path);
    const unchanged = isUnchanged(previous, file, sha);
    if (unchanged) {
      const [, bytes = 0, islands] = previous?.files.get(file) ?? [];
      out.push({ path, page: prepared.page, file, sha, bytes, staged: false, islands });
      continue;
    }
    const { html, islands } = renderer.renderPrepared(prepared);
    out.push({ path, page: prepared.page, file, sha, bytes: writeInto(file, html), staged: true, islands });
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
function writeInto(file: string, text: string): number {
  const abs = join(outDir, file);
  ensureDir(dirname(abs));
  writeFileSync(abs, text);
  return Buffer.byteLength(text);
}

async function handle(msg: WorkerRequest): Promise<WorkerReply> {
  switch (msg.type) {
    case "parse":
      return { type: "parsed", ...(await parseFiles(msg)) };
    case "assemble":
      return assemble(msg);
    case "content":
      outDir = msg.outDir;
      previous = msg.previous;
      madeDirs.clear();
      renderer = await server.createRenderer(msg.content, msg.assets);
      return { type: "ready" };
    case "render":
      return { type: "rendered", files: renderPaths(msg.paths) };
  }
}

parentPort?.on("message", (msg: WorkerRequest) => {
  handle(msg).then(
    (reply) => parentPort?.postMessage(reply),
    (err: unknown) =>
      parentPort?.postMessage(
        server.isContentError(err)
          ? ({ type: "content-error", problems: err.problems } satisfies WorkerReply)
          : ({ type: "error", message: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies WorkerReply),
      ),
  );
});
