import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { ContentProblem } from "../src/content/content-error";
import type { Post } from "../src/content/posts";
import type { SiteContent } from "../src/content/site-content";
import type { Renderer } from "../src/entry-server";
import type { RenderedFile, WorkerReply, WorkerRequest } from "./worker-protocol";

// The worker runs code from the one server bundle the build just made; this
// file only moves messages and files (bundled on its own, see build/bundle.ts).
const server: typeof import("../src/entry-server") = await import(String(workerData.serverEntry));

/** Where a rendered path lives in the output folder. */
const htmlFileFor = (outDir: string, path: string) =>
  path === server.notFoundPath ? join(outDir, "404.html") : join(outDir, path, "index.html");

let renderer: Renderer | undefined;
let outDir = "";

async function parseFiles(contentDir: string, files: { abs: string; shown: string }[]) {
  const site = await server.loadSite(contentDir);
  const posts: Post[] = [];
  const problems: ContentProblem[] = [];
  for (const f of files) {
    try {
      posts.push(server.parsePost(f.shown, await readFile(f.abs, "utf8"), site));
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
  const { rootData } = await listing.render(server.notFoundPath);
  return { type: "assembled", content, paths: await listing.listPaths(), notFoundPath: server.notFoundPath, rootData };
}

async function renderPaths(paths: string[]): Promise<RenderedFile[]> {
  if (!renderer) throw new Error("render before content");
  const made = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  const out: RenderedFile[] = [];
  for (const path of paths) {
    const page = await renderer.render(path);
    const htmlFile = htmlFileFor(outDir, path);
    await ensureDir(dirname(htmlFile));
    const writes = [writeFile(htmlFile, page.html)];
    if (path !== server.notFoundPath) {
      const dataFile = join(outDir, server.dataUrl(path));
      await ensureDir(dirname(dataFile));
      writes.push(writeFile(dataFile, JSON.stringify(page.data)));
    }
    await Promise.all(writes);
    out.push({ path, page: page.page, htmlBytes: Buffer.byteLength(page.html) });
  }
  return out;
}

async function handle(msg: WorkerRequest): Promise<WorkerReply> {
  switch (msg.type) {
    case "parse":
      return { type: "parsed", ...(await parseFiles(msg.contentDir, msg.files)) };
    case "assemble":
      return assemble(msg);
    case "content":
      outDir = msg.outDir;
      renderer = await server.createRenderer(msg.content, msg.assets);
      return { type: "ready" };
    case "render":
      return { type: "rendered", files: await renderPaths(msg.paths) };
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
