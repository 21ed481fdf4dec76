import { build, type Metafile, type OutputFile } from "esbuild";
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import type { DeskRenderer } from "../../functions/desk/desk-app";
import type { DeskAssets } from "../../src/desk/desk-page";
import { deskPath } from "../../src/desk/desk-routes";
import { BudgetError, budgets } from "./budgets";
import { vanillaCss } from "./vanilla-css";

/** What src/desk/desk-render.tsx exports: the desk's server render, from the bundle. */
export type DeskRender = typeof import("../../src/desk/desk-render");

/** One build of the owner's desk: its render, and the files its pages load (served from memory under /owner/assets). */
export interface DeskBundle {
  render: DeskRender["renderDeskPage"];
  assets: DeskAssets;
  /** File name under /owner/assets -> its bytes and type. */
  files: ReadonlyMap<string, { bytes: Buffer; type: string }>;
  /** The desk's service worker (src/desk/service-worker.ts), one classic script: served at /owner/service-worker.js, never under a hashed name. */
  serviceWorker: Buffer;
  /** Gzip bytes of what a desk page loads at once: the script, the chunks it imports, the stylesheet. */
  firstLoadGzip: number;
  /** Gzip bytes of what the post editor's screen loads: the first load, then the editor's feature and the editor itself. */
  editorGzip: number;
  /** Every source file it was made from (absolute), with its modification time: `isStale` compares them. */
  inputs: ReadonlyMap<string, number>;
}

const define = { "process.env.NODE_ENV": '"production"' };
const types: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/**
 * The desk's own build, apart from the site's (scripts/build-engine/bundle.ts): the desk is not a page of
 * dist/, and the servers that show it (npm start, npm run dev, the contact function alone, which
 * has no build of the site) make it when they start. Two esbuild runs in memory, as the site's:
 * the desk script for browsers (src/desk/client/desk.ts, its features split into chunks loaded
 * when a screen has them) and the server render (src/desk/desk-render.tsx), which emits the
 * desk's stylesheet from its `*.css.ts` files (their class names are the same in both runs).
 * Fails like the site's build past the desk's budget (scripts/build-engine/budgets.ts).
 */
export async function buildDesk(root: string): Promise<DeskBundle> {
  const css = vanillaCss(root, { under: ["src/desk", "src/styles"] });
  const out = join(root, ".desk-bundle");
  const [client, server, worker] = await Promise.all([
    build({
      absWorkingDir: root,
      entryPoints: ["src/desk/client/desk.ts"],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2022"],
      outdir: join(out, "assets"),
      entryNames: "[name]-[hash]",
      chunkNames: "desk-[name]-[hash]",
      minify: true,
      metafile: true,
      write: false,
      legalComments: "none",
      define,
      logLevel: "silent",
      plugins: [css.plugin(false)],
    }),
    build({
      absWorkingDir: root,
      entryPoints: ["src/desk/desk-render.tsx"],
      bundle: true,
      format: "esm",
      platform: "node",
      target: ["node20"],
      outdir: join(out, "server"),
      metafile: true,
      write: false,
      minifyWhitespace: true,
      jsx: "automatic",
      define,
      logLevel: "silent",
      // Every package is in the bundle: the module is loaded from memory, where nothing but Node's own modules resolves,
      // which the CommonJS packages among them (react-dom/server) require() through this.
      banner: { js: `import { createRequire as __cr } from "node:module"; const require = __cr(${JSON.stringify(join(root, "package.json"))});` },
      plugins: [css.plugin(true)],
    }),
    // A classic script (every browser that has push runs one), at a fixed address: a browser looks for a new version of it there.
    build({
      absWorkingDir: root,
      entryPoints: ["src/desk/service-worker.ts"],
      bundle: true,
      format: "iife",
      platform: "browser",
      target: ["es2022"],
      outfile: join(out, "service-worker.js"),
      minify: true,
      metafile: true,
      write: false,
      legalComments: "none",
      define,
      logLevel: "silent",
    }),
  ]);

  const files = new Map<string, { bytes: Buffer; type: string }>();
  const urlOf = (file: OutputFile) => `${deskPath.assets}/${basename(file.path)}`;
  for (const file of client.outputFiles) files.set(basename(file.path), { bytes: Buffer.from(file.contents), type: types[".js"] ?? "" });
  const stylesheets: string[] = [];
  for (const file of server.outputFiles.filter((f) => f.path.endsWith(".css"))) {
    const name = `desk-${createHash("sha256").update(file.contents).digest("base64url").slice(0, 10)}.css`;
    files.set(name, { bytes: Buffer.from(file.contents), type: types[".css"] ?? "" });
    stylesheets.push(`${deskPath.assets}/${name}`);
  }
  const serverJs = server.outputFiles.find((f) => f.path.endsWith(".js"));
  if (!serverJs) throw new Error("the desk's server build gave no script");

  const { entry, imports } = entryAndImports(client.metafile, root, client.outputFiles);
  const editor = editorChunks(client.metafile, root, client.outputFiles, new Set([entry, ...imports]));
  const assets: DeskAssets = { css: stylesheets, script: urlOf(entry), preload: imports.map(urlOf), editor: editor.map(urlOf) };
  const firstLoad = [entry, ...imports].map((f) => f.contents).concat(stylesheets.map((url) => files.get(basename(url))?.bytes ?? Buffer.alloc(0)));
  const firstLoadGzip = firstLoad.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0);
  const editorGzip = firstLoadGzip + editor.reduce((sum, f) => sum + gzipSync(f.contents).length, 0);
  const fix = "make it smaller or raise the budget in scripts/build-engine/budgets.ts";
  if (firstLoadGzip > budgets.desk) {
    throw new BudgetError([{ file: deskPath.home, field: "page weight", problem: `the desk's first load is ${firstLoadGzip} bytes gzipped, over its budget of ${budgets.desk}: ${fix}` }]);
  }
  if (editorGzip > budgets.deskEditor) {
    throw new BudgetError([{ file: deskPath.postNew, field: "page weight", problem: `the post editor's screen loads ${editorGzip} bytes gzipped, over its budget of ${budgets.deskEditor}: ${fix}` }]);
  }

  // A data: URL: the module is made here and needs no file (the contact function alone may run from a read-only folder).
  const module: DeskRender = await import(`data:text/javascript;base64,${Buffer.from(serverJs.contents).toString("base64")}`);
  const serviceWorker = worker.outputFiles[0];
  if (!serviceWorker) throw new Error("the desk's service worker build gave no script");
  const sources = [...Object.keys(client.metafile.inputs), ...Object.keys(server.metafile.inputs), ...Object.keys(worker.metafile.inputs), ...css.sourceFiles()].filter((f) => !f.includes(":"));
  return {
    render: module.renderDeskPage,
    assets,
    files,
    serviceWorker: Buffer.from(serviceWorker.contents),
    firstLoadGzip,
    editorGzip,
    inputs: await modified([...new Set(sources)].map((f) => join(root, f))),
  };
}

/** The desk script's output file and the chunks it imports statically (what a page loads at once). */
function entryAndImports(meta: Metafile, root: string, outputs: OutputFile[]): { entry: OutputFile; imports: OutputFile[] } {
  const byPath = new Map(outputs.map((f) => [relative(root, f.path).split("\\").join("/"), f]));
  const entryPath = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === "src/desk/client/desk.ts")?.[0];
  const entry = entryPath ? byPath.get(entryPath) : undefined;
  if (!entryPath || !entry) throw new Error("the desk's browser build gave no script");
  const seen = new Set<string>();
  const walk = (path: string) => {
    for (const imp of meta.outputs[path]?.imports ?? []) {
      if (imp.kind !== "import-statement" || seen.has(imp.path)) continue;
      seen.add(imp.path);
      walk(imp.path);
    }
  };
  walk(entryPath);
  return { entry, imports: [...seen].flatMap((path) => byPath.get(path) ?? []) };
}

/**
 * The post editor's own chunks: its feature (src/desk/client/post-editor.ts, imported by the
 * desk script when a page has the editor) and all it imports, at once or when it starts (the
 * editor itself, src/desk/client/rich-text.ts), but for what every page loads already.
 */
function editorChunks(meta: Metafile, root: string, outputs: OutputFile[], firstLoad: ReadonlySet<OutputFile>): OutputFile[] {
  const byPath = new Map(outputs.map((f) => [relative(root, f.path).split("\\").join("/"), f]));
  const start = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === "src/desk/client/post-editor.ts")?.[0];
  if (!start) throw new Error("the desk's browser build has no chunk for the post editor");
  const seen = new Set<string>([start]);
  const walk = (path: string) => {
    for (const imp of meta.outputs[path]?.imports ?? []) {
      if (seen.has(imp.path) || !byPath.has(imp.path)) continue;
      seen.add(imp.path);
      walk(imp.path);
    }
  };
  walk(start);
  return [...seen].flatMap((path) => byPath.get(path) ?? []).filter((f) => !firstLoad.has(f));
}

async function modified(files: string[]): Promise<Map<string, number>> {
  return new Map(await Promise.all(files.map(async (file) => [file, (await stat(file).catch(() => undefined))?.mtimeMs ?? -1] as const)));
}

/** Whether a source file of `bundle` changed since it was made (npm run dev builds the desk again then). */
export async function isStale(bundle: DeskBundle): Promise<boolean> {
  const now = await modified([...bundle.inputs.keys()]);
  return [...bundle.inputs].some(([file, time]) => now.get(file) !== time);
}

/**
 * The desk's pages for a server (functions/desk/desk-app.ts): the bundle is made on first use, and
 * made again on failure at the next use; with `rebuildOnChange` (npm run dev) also when one of its
 * source files changed, looked at no more than once a second.
 */
export function deskRenderer(root: string, options: { rebuildOnChange?: boolean } = {}): () => Promise<DeskRenderer> {
  let made: Promise<DeskBundle> | undefined;
  let checked = 0;
  const make = () => {
    const attempt = buildDesk(root);
    attempt.catch(() => {
      if (made === attempt) made = undefined;
    });
    return attempt;
  };
  return async () => {
    made ??= make();
    if (options.rebuildOnChange && Date.now() - checked > 1000) {
      checked = Date.now();
      const current = await made;
      if (await isStale(current)) made = make();
    }
    const bundle = await made;
    return {
      render: (page, frame) => bundle.render(page, frame, bundle.assets),
      asset: (name) => bundle.files.get(name),
      serviceWorker: () => bundle.serviceWorker,
    };
  };
}
