import { linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { ContentProblem } from "../src/content/content-error";
import type { SiteContent } from "../src/content/site-content";
import type { PagePath, Renderer } from "../src/entry-server";
import { textSha, type CachedPost } from "./build-cache";
import type { PreviousOutput } from "./file-reuse";
import type { RenderedFile, WorkerReply, WorkerRequest } from "./worker-protocol";

// The worker runs code from the one server bundle the build just made; this
// file only moves messages and files (bundled on its own, see build/bundle.ts).
const server: typeof import("../src/entry-server") = await import(String(workerData.serverEntry));

/** Where a rendered path lives in the output folder. */
const htmlFileFor = (outDir: string, path: string) =>
  path === server.notFoundPath ? join(outDir, "404.html") : join(outDir, path, "index.html");

let renderer: Renderer | undefined;
let outDir = "";
let previous: PreviousOutput | undefined;

/** Parses post files, taking the previous build's result for any file whose text is unchanged. */
async function parseFiles(contentDir: string, files: { abs: string; shown: string }[], cached: Map<string, CachedPost>) {
  const site = await server.loadSite(contentDir);
  const posts: CachedPost[] = [];
  const problems: ContentProblem[] = [];
  for (const f of files) {
    try {
      // Sync reads: this thread has nothing else to do meanwhile, and each async read
      // costs several thread-pool round trips (measured: most of the parse time).
      const text = readFileSync(f.abs, "utf8");
      const sha = textSha(text);
      const hit = cached.get(f.shown);
      posts.push(hit && hit.sha === sha ? hit : { sha, post: server.parsePost(f.shown, text, site) });
    } catch (err) {
      if (server.isContentError(err)) problems.push(...err.problems);
      else problems.push({ file: f.shown, field: "(file)", problem: `could not be read: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  return { posts, problems };
}

/** Site facts, pages' content and the published posts, checked across files; then every path to render. */
async function assemble(msg: Extract<WorkerRequest, { type: "assemble" }>): Promise<WorkerReply> {
  const [site, base] = await Promise.all([server.loadSite(msg.contentDir), server.loadPageContent(msg.contentDir)]);
  server.checkUniqueSlugs(msg.posts);
  const published = server.selectPublished(msg.posts, { includeDrafts: msg.mode === "development", now: new Date(msg.builtAt) });
  const content: SiteContent = {
    site,
    ...base,
    posts: published.map((p) => ({ ...server.toPostJson(p), draft: p.draft })),
    builtAt: msg.builtAt,
    mode: msg.mode,
  };
  const listing = await server.createRenderer(content, { css: [], entry: "", pages: {} });
  return { type: "assembled", content, paths: listing.listPaths(), notFoundPath: server.notFoundPath, rootData: listing.rootData };
}

/**
 * Renders and writes a batch. A page whose data is the same as in the previous
 * build (same code, assets and shared data: see renderKey in run-build.ts) is
 * hard-linked from the previous output instead of rendered again. Writes are
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
    const htmlFile = htmlFileFor(outDir, path);
    const dataFile = prepared.ownDataFile ? join(outDir, server.dataUrl(path)) : undefined;
    const file = relative(outDir, htmlFile);
    const before = previous?.files.get(file);
    let htmlBytes = before?.[1];
    const reused = before !== undefined && before[0] === sha && linkFromPrevious(htmlFile, dataFile);
    if (!reused) {
      const html = renderer.renderPrepared(prepared);
      writeInto(htmlFile, html);
      if (dataFile) writeInto(dataFile, prepared.dataJson);
      htmlBytes = Buffer.byteLength(html);
    }
    out.push({ path, file, page: prepared.page, htmlBytes: htmlBytes ?? 0, sha, reused });
  }
  return out;
}

/** Links the previous build's files for a page into this build; false if any is missing. */
function linkFromPrevious(...files: (string | undefined)[]): boolean {
  if (!previous) return false;
  try {
    for (const file of files) {
      if (!file) continue;
      ensureDir(dirname(file));
      linkSync(join(previous.outDir, relative(outDir, file)), file);
    }
    return true;
  } catch {
    return false;
  }
}

const madeDirs = new Set<string>();
function ensureDir(dir: string) {
  if (madeDirs.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  madeDirs.add(dir);
}

function writeInto(file: string, text: string) {
  ensureDir(dirname(file));
  writeFileSync(file, text);
}

async function handle(msg: WorkerRequest): Promise<WorkerReply> {
  switch (msg.type) {
    case "parse":
      return { type: "parsed", ...(await parseFiles(msg.contentDir, msg.files, msg.cached)) };
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
