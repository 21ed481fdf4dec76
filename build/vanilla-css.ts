import { build, type Plugin } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * vanilla-extract for the two esbuild runs of build/bundle.ts, with every `*.css.ts`
 * compiled in one esbuild call and evaluated once per build, for both runs.
 *
 * The same steps as @vanilla-extract/esbuild-plugin (its integration package's
 * `compile` and `processVanillaFile`): bundle the file with a file scope around each
 * `*.css.ts` module, run it with a CSS adapter that collects its rules, and replace the
 * module by its exports (class names) and, for the server run, an import of its CSS.
 * The official plugin does that once per run (so twice) and one esbuild call per file,
 * and loads Babel on start (0.3 s) for debug identifiers this site never uses: the
 * class names here are vanilla-extract's short ones, the same as that plugin's.
 */
export function vanillaCss(root: string) {
  const packageName = nearestPackageName(root);
  const compiled = new Map<string, Promise<Compiled>>();
  const inputs = new Set<string>();
  /** Each file scope's CSS by the virtual path its module imports it by: the server run loads it from here. */
  const cssByPath = new Map<string, string>();

  const compile = (files: string[]) =>
    childCompile(root, packageName, files).then((outputs) => {
      for (const input of outputs.inputs) inputs.add(input);
      return outputs;
    });
  // Awaited by the runs that import the file; one no run imports must not fail the build.
  const keep = (file: string, module: Promise<Compiled>) => {
    module.then((m) => m.css.forEach(([path, css]) => cssByPath.set(path, css))).catch(() => {});
    compiled.set(file, module);
    return module;
  };

  /** Every `*.css.ts` under src/ in one esbuild call (each file still bundled on its own, as the official plugin does). */
  function compileAll(): void {
    const files = cssFilesUnder(join(root, "src")).filter((f) => !compiled.has(f));
    if (files.length === 0) return;
    const all = compile(files);
    for (const file of files) keep(file, all.then((outputs) => evaluate(root, file, outputs.byEntry.get(file))));
  }

  const compiledModule = (file: string): Promise<Compiled> =>
    compiled.get(file) ?? keep(file, compile([file]).then((outputs) => evaluate(root, file, outputs.byEntry.get(file))));

  /** The plugin for one run: `outputCss` for the run that emits the site's stylesheet (the server run). */
  function plugin(outputCss: boolean): Plugin {
    return {
      name: "vanilla-css",
      setup(b) {
        b.onStart(compileAll);
        b.onResolve({ filter: virtualCssFilter }, (args) => ({ path: args.path, namespace: "vanilla-css" }));
        b.onLoad({ filter: /.*/, namespace: "vanilla-css" }, ({ path }) => {
          const css = cssByPath.get(path);
          if (css === undefined) return { errors: [{ text: `${path}: no .css.ts file made this CSS` }] };
          return { contents: css, loader: "css", resolveDir: dirname(join(root, path.slice(0, path.indexOf("?")))) };
        });
        b.onLoad({ filter: cssFileFilter }, async ({ path }) => {
          const module = await compiledModule(path);
          return { contents: outputCss ? module.withCss : module.withoutCss, loader: "js", watchFiles: module.watchFiles };
        });
      },
    };
  }

  /** Every file the compiled `*.css.ts` modules were made from (root-relative), for the bundle cache. */
  const sourceFiles = (): string[] => [...inputs];

  return { plugin, sourceFiles };
}

const cssFileFilter = /\.css\.(js|cjs|mjs|jsx|ts|tsx)$/;
const virtualCssFilter = /\.vanilla\.css\?source=.*$/;

interface Compiled {
  /** The module for the server run: an import of its CSS, then its exports. */
  withCss: string;
  /** The module for the browser run: its exports only. */
  withoutCss: string;
  /** Each file scope's CSS, by the virtual path withCss imports it by. */
  css: [path: string, css: string][];
  watchFiles: string[];
}

interface ChildOutputs {
  byEntry: Map<string, { code: string; watchFiles: string[] }>;
  inputs: string[];
}

function cssFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && cssFileFilter.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function nearestPackageName(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    try {
      const { name } = JSON.parse(readFileSync(join(d, "package.json"), "utf8")) as { name?: string };
      if (name) return name;
    } catch {
      // No package.json here: look further up.
    }
    if (dirname(d) === d) throw new Error(`no package.json with a name above ${dir}`);
  }
}

const posix = (p: string) => p.split(sep).join("/");

/**
 * Bundles each file for Node as the official plugin's child compilation does
 * (vanilla-extract's own packages left outside, so the evaluation shares this
 * process's adapter), with every `*.css.ts` module wrapped in its file scope.
 */
async function childCompile(root: string, packageName: string, files: string[]): Promise<ChildOutputs> {
  const fileScope: Plugin = {
    name: "vanilla-css-file-scope",
    setup(b) {
      b.onLoad({ filter: cssFileFilter }, ({ path }) => {
        const source = readFileSync(path, "utf8");
        const scope = `${JSON.stringify(posix(relative(root, path)))}, ${JSON.stringify(packageName)}`;
        return {
          contents: `import { setFileScope, endFileScope } from "@vanilla-extract/css/fileScope";\nsetFileScope(${scope});\n${source}\nendFileScope();\n`,
          loader: /\.tsx?$/.test(path) ? "ts" : "js",
          resolveDir: dirname(path),
        };
      });
    },
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: files,
    outdir: join(root, ".vanilla-css"),
    outbase: root,
    bundle: true,
    metafile: true,
    write: false,
    platform: "node",
    external: ["@vanilla-extract"],
    logLevel: "silent",
    plugins: [fileScope],
  });
  const byEntry = new Map<string, { code: string; watchFiles: string[] }>();
  for (const out of result.outputFiles) {
    const meta = result.metafile.outputs[posix(relative(root, out.path))];
    if (!meta?.entryPoint) continue;
    byEntry.set(join(root, meta.entryPoint), { code: out.text, watchFiles: Object.keys(meta.inputs).map((f) => join(root, f)) });
  }
  return { byEntry, inputs: Object.keys(result.metafile.inputs) };
}

// The CommonJS builds, as the evaluated code requires them: one adapter for both sides.
const requireHere = createRequire(import.meta.url);
const adapter = requireHere("@vanilla-extract/css/adapter") as typeof import("@vanilla-extract/css/adapter");
const { transformCss } = requireHere("@vanilla-extract/css/transformCss") as typeof import("@vanilla-extract/css/transformCss");

type CssAdapter = Parameters<typeof adapter.setAdapter>[0];
type CssObj = Parameters<typeof transformCss>[0]["cssObjs"][number];
type Composition = Parameters<CssAdapter["registerComposition"]>[0];

/** Runs one compiled file with an adapter collecting its CSS per file scope, and makes its two modules. */
async function evaluate(root: string, file: string, output: { code: string; watchFiles: string[] } | undefined): Promise<Compiled> {
  if (!output) throw new Error(`${relative(root, file)}: esbuild gave no output for it`);
  const cssByScope = new Map<string, CssObj[]>();
  const localClassNames = new Set<string>();
  const compositions: Composition[] = [];
  const usedCompositions = new Set<string>();
  const cssAdapter: CssAdapter = {
    appendCss: (css, scope) => {
      const key = scope.packageName ? `${scope.filePath}$$$${scope.packageName}` : scope.filePath;
      cssByScope.set(key, [...(cssByScope.get(key) ?? []), css]);
    },
    registerClassName: (name) => void localClassNames.add(name),
    registerComposition: (composition) => void compositions.push(composition),
    markCompositionUsed: (identifier) => void usedCompositions.add(identifier),
    onEndFileScope: () => {},
    getIdentOption: () => "short",
  };
  const module = { exports: {} as Record<string, unknown> };
  adapter.setAdapter(cssAdapter);
  try {
    // The file's own code, bundled from this repository's sources a moment ago.
    new Function("require", "module", "exports", "__filename", "__dirname", output.code)(createRequire(file), module, module.exports, file, dirname(file));
  } finally {
    adapter.removeAdapter();
  }
  // What the code itself marked used; making the CSS marks the compositions its selectors use.
  const usedByCode = new Set(usedCompositions);
  const css: [path: string, css: string][] = [];
  for (const [key, cssObjs] of cssByScope) {
    adapter.setAdapter(cssAdapter);
    let text: string;
    try {
      text = transformCss({ localClassNames: [...localClassNames], composedClassLists: compositions, cssObjs }).join("\n");
    } finally {
      adapter.removeAdapter();
    }
    css.push([`${key.split("$$$")[0]}.vanilla.css?source=${toSource(text)}`, text]);
  }
  // Class lists drop compositions nothing uses; the browser run, which makes no CSS, counts only the code's uses (as the official plugin does).
  const unused = (used: Set<string>) => {
    const ids = compositions.map((c) => c.identifier).filter((id) => !used.has(id));
    return ids.length > 0 ? new RegExp(`(${ids.join("|")})\\s`, "g") : undefined;
  };
  const exports = module.exports;
  return {
    withCss: [...css.map(([path]) => `import '${path}';`), ...exportStatements(file, exports, unused(usedCompositions))].join("\n"),
    withoutCss: exportStatements(file, exports, unused(usedByCode)).join("\n"),
    watchFiles: output.watchFiles,
    css,
  };
}

// The official plugin's encoding of a file's CSS in its virtual import path (gzip past 1,000
// characters), kept so the bundles are the same; the CSS itself is looked up, not decoded.
function toSource(css: string): string {
  return css.length > 1000 ? "#" + gzipSync(css).toString("base64url") : Buffer.from(css).toString("base64url");
}


/**
 * `export var name = value;` for each export. A `*.css.ts` may export strings,
 * numbers, plain objects and arrays (class names, theme variables); an object
 * that is also another export is written as that export's name, after it.
 */
function exportStatements(file: string, exports: Record<string, unknown>, unused: RegExp | undefined): string[] {
  const names = new Map<unknown, string>();
  const idOf = (name: string) => (name === "default" ? "__default__" : name);
  for (const [name, value] of Object.entries(exports)) if (typeof value === "object" && value !== null) names.set(value, idOf(name));
  const dependsOn = new Map<string, Set<string>>();
  const serialize = (value: unknown, name: string): string => {
    if (typeof value === "string") return JSON.stringify(unused ? value.replace(unused, "") : value);
    if (typeof value === "number" || typeof value === "boolean" || value === null) return JSON.stringify(value);
    if (value === undefined) return "undefined";
    if (typeof value === "object") {
      const other = names.get(value);
      if (other !== undefined && other !== name) {
        dependsOn.set(name, (dependsOn.get(name) ?? new Set()).add(other));
        return other;
      }
      if (Array.isArray(value)) return `[${value.map((v) => serialize(v, name)).join(",")}]`;
      if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
        return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${serialize(v, name)}`).join(",")}}`;
      }
    }
    throw new Error(`${file}: export "${name}" is not a string, number, plain object or array, which is all a .css.ts file may export`);
  };
  const statements = Object.entries(exports).map(([name, value]) => {
    const id = idOf(name);
    const text = serialize(value, id);
    return { id, text: name === "default" ? `var __default__ = ${text};\nexport default __default__;` : `export var ${name} = ${text};` };
  });
  const needs = (a: string, b: string, seen = new Set<string>()): boolean => {
    if (seen.has(a)) return false;
    seen.add(a);
    return [...(dependsOn.get(a) ?? [])].some((d) => d === b || needs(d, b, seen));
  };
  return statements.sort((a, b) => (needs(a.id, b.id) ? 1 : needs(b.id, a.id) ? -1 : 0)).map((s) => s.text);
}
