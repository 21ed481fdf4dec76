import { build, type Metafile } from "esbuild";
import { createHash } from "node:crypto";
import { readFile, rename } from "node:fs/promises";
import { basename, join, relative } from "node:path";

import type { AssetManifest } from "../../src/app/document";
import { serverScripts } from "./server-scripts";
import { vanillaCss } from "./vanilla-css";

export interface Bundles {
  /** The folder holding every script of scripts/build-engine/server-scripts.ts (serverScript finds one). */
  serverDir: string;
  assets: AssetManifest;
  /** The site script and the chunks it imports statically: what every page loads. */
  entryFiles: string[];
  /** Output file (site-relative URL) -> bytes, for the summary. */
  assetFiles: string[];
  /** Every module of every esbuild run here (metafile inputs, root-relative): the bundle cache checks these (scripts/build-engine/build-cache.ts). */
  inputs: string[];
}

const define = { "process.env.NODE_ENV": '"production"' };

/**
 * Two esbuild runs in parallel: the browser build (the small site script every
 * page loads, and one chunk per island with React split out; hashed names) and
 * one server bundle (with the build's worker script sharing its code).
 * Class names from vanilla-extract are the same in both: each `*.css.ts` is
 * evaluated once for both (scripts/build-engine/vanilla-css.ts); the server build is the one that emits the CSS, which holds
 * every style of the site in one cacheable file. The worker script is bundled
 * beside it and imports the server entry at run time, so the code exists once.
 */
export async function bundle(root: string, outDir: string, serverDir: string): Promise<Bundles> {
  const assetsDir = join(outDir, "assets");
  const css = vanillaCss(root);
  const [client, server] = await Promise.all([
    build({
      absWorkingDir: root,
      entryPoints: ["src/client/site.ts"],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2022"],
      outdir: assetsDir,
      entryNames: "[name]-[hash]",
      chunkNames: "[name]-[hash]",
      minify: true,
      metafile: true,
      legalComments: "none",
      jsx: "automatic",
      define,
      logLevel: "silent",
      plugins: [css.plugin(false)],
    }),
    build({
      absWorkingDir: root,
      entryPoints: serverScripts,
      bundle: true,
      format: "esm",
      platform: "node",
      target: ["node20"],
      outdir: serverDir,
      outExtension: { ".js": ".mjs" },
      metafile: true,
      // Whitespace only: the CSS it extracts ships to browsers; the JS keeps readable names for stack traces.
      minifyWhitespace: true,
      jsx: "automatic",
      define,
      logLevel: "silent",
      // Some dependencies (js-yaml) are CommonJS and call require().
      banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
      plugins: [css.plugin(true)],
    }),
  ]);
  const stylesheets = await publishServerCss(server.metafile, root, assetsDir);
  const { manifest, entryFiles } = clientManifest(client.metafile, root, outDir, stylesheets);
  return {
    serverDir,
    assets: manifest,
    entryFiles,
    assetFiles: [...Object.keys(client.metafile.outputs).map((f) => toUrl(join(root, f), outDir)), ...stylesheets],
    // With what the `*.css.ts` files import (their modules in the bundles are made from those, not read).
    inputs: [...Object.keys(client.metafile.inputs), ...Object.keys(server.metafile.inputs), ...css.sourceFiles()],
  };
}

const toUrl = (file: string, outDir: string) => "/" + relative(outDir, file).split("\\").join("/");

/** Moves the CSS the server build extracted into assets/ under a content-hashed name. */
async function publishServerCss(meta: Metafile, root: string, assetsDir: string): Promise<string[]> {
  const urls: string[] = [];
  for (const file of Object.keys(meta.outputs).filter((f) => f.endsWith(".css"))) {
    const abs = join(root, file);
    const hash = createHash("sha256").update(await readFile(abs)).digest("base64url").slice(0, 10);
    const name = `${basename(file, ".css")}-${hash}.css`.replace(/^entry-server/, "site");
    await rename(abs, join(assetsDir, name));
    urls.push(`/assets/${name}`);
  }
  return urls;
}

/**
 * The site script with the chunks it imports (for modulepreload), and for each
 * island (src/islands/<name>.tsx) what a page showing it loads beyond that: the
 * hydration runtime (React), the island's chunk and the chunks they import.
 */
function clientManifest(meta: Metafile, root: string, outDir: string, css: string[]) {
  const outputs = Object.entries(meta.outputs);
  const outputOf = (entry: string) => outputs.find(([, o]) => o.entryPoint === entry)?.[0];
  const entryFile = outputOf("src/client/site.ts");
  const hydrateFile = outputOf("src/client/hydrate.ts");
  if (!entryFile || !hydrateFile) throw new Error("client build produced no site script or hydration runtime");
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === "import-statement") staticImports(imp.path, seen);
    return seen;
  };
  const url = (f: string) => toUrl(join(root, f), outDir);
  const fromEntry = staticImports(entryFile);
  const islands: Record<string, string[]> = {};
  for (const [file, out] of outputs) {
    const match = out.entryPoint?.match(/^src\/islands\/([a-z0-9-]+)\.tsx$/);
    if (!match?.[1]) continue;
    const needed = staticImports(file, staticImports(hydrateFile));
    islands[match[1]] = [...needed].filter((f) => !fromEntry.has(f)).map(url);
  }
  const manifest: AssetManifest = { css, site: { entry: url(entryFile), preload: [...fromEntry].filter((f) => f !== entryFile).map(url) }, islands };
  return { manifest, entryFiles: [...fromEntry].map(url) };
}
