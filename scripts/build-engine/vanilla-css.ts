import { build, type Plugin } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * vanilla-extract for the two esbuild runs of scripts/build-engine/bundle.ts (and of the desk, desk-bundle.ts), with every `*.css.ts`
 * bundled together and run once per build, for both runs.
 *
 * The same steps as @vanilla-extract/esbuild-plugin (its integration package's
 * `compile` and `processVanillaFile`): bundle the file with a file scope around each
 * `*.css.ts` module, run it with a CSS adapter that collects its rules, and replace the
 * module by its exports (class names) and, for the server run, an import of its CSS.
 * The official plugin does that once per run (so twice) and one esbuild call per file,
 * and loads Babel on start (0.3 s) for debug identifiers this site never uses: the
 * class names here are vanilla-extract's short ones, the same as that plugin's. Here
 * the theme every file imports is bundled and run once instead of once per file, and
 * each file scope's CSS is made once.
 */
export function vanillaCss(root: string, filesOf: CssFiles = siteCssFiles) {
  const packageName = nearestPackageName(root);
  const compiled = new Map<string, Promise<Compiled>>();
  const inputs = new Set<string>();
  /** Each file scope's CSS by the virtual path its module imports it by: the server run loads it from here. */
  const cssByPath = new Map<string, string>();

  /** Notes the files a compilation read (for the bundle cache), passing it on. */
  const noted = <T extends { inputs: string[] }>(output: T): T => {
    for (const input of output.inputs) inputs.add(input);
    return output;
  };
  const compile = (files: string[]) => childCompile(root, packageName, files).then(noted);
  /** One file's modules from the compilation of it on its own. */
  const evaluateFrom = (outputs: Promise<ChildOutputs>, file: string) => outputs.then((o) => evaluate(root, file, o.byEntry.get(file)));
  // Awaited by the runs that import the file; one no run imports must not fail the build.
  const keep = (file: string, module: Promise<Compiled>) => {
    module.then((m) => m.css.forEach(([path, css]) => cssByPath.set(path, css))).catch(() => {});
    compiled.set(file, module);
    return module;
  };

  /**
   * Every `*.css.ts` of this build (`filesOf`) bundled together and run once, so the theme they all import
   * is compiled and run once, not once per file. Should that run fail (a file that throws,
   * which may be one nothing imports), each file is made on its own as the official plugin
   * does, so only a file a run imports can fail the build, and its error names it.
   */
  function compileAll(): void {
    const files = cssFilesOf(root, filesOf).filter((f) => !compiled.has(f));
    if (files.length === 0) return;
    const together = sharedCompile(root, packageName, files).then((output) => evaluateTogether(root, packageName, files, noted(output)));
    let apart: Promise<ChildOutputs> | undefined;
    const onItsOwn = (file: string) => evaluateFrom((apart ??= compile(files)), file);
    for (const file of files) keep(file, together.then((made) => made(file), () => onItsOwn(file)));
  }

  const compiledModule = (file: string): Promise<Compiled> =>
    compiled.get(file) ?? keep(file, evaluateFrom(compile([file]), file));

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

/** Which `*.css.ts` files one build compiles together: those under `under`, but not under `skip` (root-relative folders). */
export interface CssFiles {
  under: readonly string[];
  skip?: readonly string[];
}

/** The site's: the owner's desk (src/desk/) has a stylesheet and a build of its own (scripts/build-engine/desk-bundle.ts). */
export const siteCssFiles: CssFiles = { under: ["src"], skip: ["src/desk"] };

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

function cssFilesOf(root: string, { under, skip = [] }: CssFiles): string[] {
  const skipped = skip.map((dir) => join(root, dir) + sep);
  return under
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && cssFileFilter.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !skipped.some((dir) => file.startsWith(dir)))
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

/** `make`, computed once per key. */
function memo<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    const known = made.get(key);
    if (known !== undefined) return known;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}

/** Wraps every `*.css.ts` module in its file scope, named by its root-relative path as the official plugin does. */
function fileScopePlugin(root: string, packageName: string): Plugin {
  return {
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
}

/**
 * Both ways of compiling the files, as the official plugin's child compilation does: for
 * Node, in memory, vanilla-extract's own packages left outside (so the evaluation shares
 * this process's adapter), every `*.css.ts` module wrapped in its file scope.
 */
const childBuild = (root: string, packageName: string) => ({
  absWorkingDir: root,
  bundle: true,
  metafile: true as const,
  write: false as const,
  platform: "node" as const,
  external: ["@vanilla-extract"],
  logLevel: "silent" as const,
  plugins: [fileScopePlugin(root, packageName)],
});

/** Bundles each file on its own. */
async function childCompile(root: string, packageName: string, files: string[]): Promise<ChildOutputs> {
  const result = await build({ ...childBuild(root, packageName), entryPoints: files, outdir: join(root, ".vanilla-css"), outbase: root });
  const byEntry = new Map<string, { code: string; watchFiles: string[] }>();
  for (const out of result.outputFiles) {
    const meta = result.metafile.outputs[posix(relative(root, out.path))];
    if (!meta?.entryPoint) continue;
    byEntry.set(join(root, meta.entryPoint), { code: out.text, watchFiles: Object.keys(meta.inputs).map((f) => join(root, f)) });
  }
  return { byEntry, inputs: Object.keys(result.metafile.inputs) };
}

interface SharedOutput {
  code: string;
  /** Each module (root-relative) and what it imports, in the order it imports them. */
  imports: Map<string, string[]>;
  inputs: string[];
}

/** The bundle's entry, made in memory: no file of that name is read. */
const sharedEntryName = "<every .css.ts file>";

/** All the files in one bundle, exporting each file's exports as `f<i>`. */
async function sharedCompile(root: string, packageName: string, files: string[]): Promise<SharedOutput> {
  const entry = files.map((f, i) => `export * as f${i} from ${JSON.stringify("./" + posix(relative(root, f)))};`).join("\n");
  const result = await build({ ...childBuild(root, packageName), stdin: { contents: entry, resolveDir: root, sourcefile: sharedEntryName, loader: "js" } });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error("esbuild gave no output for the .css.ts files");
  const imports = new Map(Object.entries(result.metafile.inputs).map(([file, input]) => [file, input.imports.filter((i) => !i.external).map((i) => i.path)]));
  return { code, imports, inputs: Object.keys(result.metafile.inputs).filter((f) => f !== sharedEntryName) };
}

/**
 * Runs the bundle of every file once and makes each file's two modules from it, the same
 * as evaluate() makes from the file's own bundle (scripts/build-engine/vanilla-css.test.ts compares them):
 * its CSS is that of the files it imports, in the order they ran, then its own, and its
 * class names and compositions are those of the same files.
 */
function evaluateTogether(root: string, packageName: string, files: string[], output: SharedOutput): (file: string) => Compiled {
  // require() of vanilla-extract's packages resolves from the root, as from any file under it.
  const run = runCollecting(output.code, join(root, "package.json"));
  const withCss = new Set(run.scopes);
  const scopeOf = (rel: string) => `${rel}$$$${packageName}`;
  // Depth first, imports before the importer: the order the file's own bundle would run them in.
  const runOrder = (rel: string, seen = new Set<string>(), order: string[] = []): string[] => {
    if (seen.has(rel)) return order;
    seen.add(rel);
    for (const imported of output.imports.get(rel) ?? []) runOrder(imported, seen, order);
    order.push(rel);
    return order;
  };
  const orderOf = memo(runOrder);
  // Each scope's CSS is made once, with what its own file imports (a selector can only name those classes).
  const cssOf = memo((rel: string) => run.css(scopeOf(rel), orderOf(rel).map(scopeOf)));
  return (file) => {
    const rel = posix(relative(root, file));
    const own = run.module[`f${files.indexOf(file)}`];
    if (typeof own !== "object" || own === null) throw new Error(`${rel}: no exports after running the .css.ts files`);
    const order = orderOf(rel);
    const css = order.filter((f) => withCss.has(scopeOf(f))).map(cssOf);
    return modulesFromRun(file, { ...own }, run, order.map(scopeOf), css, order.map((f) => join(root, f)));
  };
}

// The CommonJS builds, as the evaluated code requires them: one adapter for both sides.
const requireHere = createRequire(import.meta.url);
const adapter = requireHere("@vanilla-extract/css/adapter") as typeof import("@vanilla-extract/css/adapter");
const { transformCss } = requireHere("@vanilla-extract/css/transformCss") as typeof import("@vanilla-extract/css/transformCss");

type CssAdapter = Parameters<typeof adapter.setAdapter>[0];
type CssObj = Parameters<typeof transformCss>[0]["cssObjs"][number];
type Composition = Parameters<CssAdapter["registerComposition"]>[0];

/** What running compiled `*.css.ts` code left, by file scope (`path$$$package`, in the order the scopes first added CSS). */
interface Run {
  module: Record<string, unknown>;
  /** The scopes that added CSS, in the order they first did. */
  scopes: string[];
  /** Every scope that added CSS, a class name or a composition. */
  registered: string[];
  /** Compositions the code itself marked used (those with styles of their own). */
  usedByCode: Set<string>;
  /**
   * One scope's CSS, with the class names and compositions registered in `among` (its own
   * file and what that imports, as when the file is run on its own), and the compositions
   * its selectors use.
   */
  css: (scope: string, among: readonly string[]) => { path: string; text: string; used: Set<string> };
  /** Matches, in class lists, the compositions registered in `among` that are not in `used`, to drop them. */
  unused: (among: readonly string[], used: Set<string>) => RegExp | undefined;
}

const scopeKey = (scope: { filePath: string; packageName?: string }) => (scope.packageName ? `${scope.filePath}$$$${scope.packageName}` : scope.filePath);

/** Runs compiled code with an adapter collecting its CSS, class names and compositions per file scope. */
function runCollecting(code: string, file: string): Run {
  const cssByScope = new Map<string, CssObj[]>();
  const classNamesByScope = new Map<string, string[]>();
  const compositionsByScope = new Map<string, Composition[]>();
  let used = new Set<string>();
  const add = <T,>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  const cssAdapter: CssAdapter = {
    appendCss: (css, scope) => void add(cssByScope, scopeKey(scope), css),
    registerClassName: (name, scope) => void add(classNamesByScope, scopeKey(scope), name),
    registerComposition: (composition, scope) => void add(compositionsByScope, scopeKey(scope), composition),
    markCompositionUsed: (identifier) => void used.add(identifier),
    onEndFileScope: () => {},
    getIdentOption: () => "short",
  };
  const module = { exports: {} as Record<string, unknown> };
  adapter.setAdapter(cssAdapter);
  try {
    // Code bundled from this repository's sources a moment ago.
    new Function("require", "module", "exports", "__filename", "__dirname", code)(createRequire(file), module, module.exports, file, dirname(file));
  } finally {
    adapter.removeAdapter();
  }
  const usedByCode = used;
  const among = <T,>(map: Map<string, T[]>, scopes: readonly string[]) => scopes.flatMap((scope) => map.get(scope) ?? []);
  const css = (scope: string, scopes: readonly string[]) => {
    used = new Set();
    adapter.setAdapter(cssAdapter);
    try {
      const text = transformCss({ localClassNames: among(classNamesByScope, scopes), composedClassLists: among(compositionsByScope, scopes), cssObjs: cssByScope.get(scope) ?? [] }).join("\n");
      return { path: `${scope.split("$$$")[0]}.vanilla.css?source=${toSource(text)}`, text, used };
    } finally {
      adapter.removeAdapter();
    }
  };
  const unused = (scopes: readonly string[], kept: Set<string>) => {
    const ids = among(compositionsByScope, scopes).map((c) => c.identifier).filter((id) => !kept.has(id));
    return ids.length > 0 ? new RegExp(`(${ids.join("|")})\\s`, "g") : undefined;
  };
  const registered = [...new Set([...cssByScope.keys(), ...classNamesByScope.keys(), ...compositionsByScope.keys()])];
  return { module: module.exports, scopes: [...cssByScope.keys()], registered, usedByCode, css, unused };
}

/** Runs one compiled file on its own and makes its two modules. */
async function evaluate(root: string, file: string, output: { code: string; watchFiles: string[] } | undefined): Promise<Compiled> {
  if (!output) throw new Error(`${relative(root, file)}: esbuild gave no output for it`);
  const run = runCollecting(output.code, file);
  // Everything that registered anything ran for this file: it and what it imports.
  return modulesFromRun(file, run.module, run, run.registered, run.scopes.map((scope) => run.css(scope, run.registered)), output.watchFiles);
}

/**
 * A file's module for the server run (imports of its CSS, then its exports) and for the
 * browser run (its exports), from a run: `among` are the scopes of the file and what it
 * imports, `css` the CSS of those that made any, in the order they ran. Class lists drop
 * the compositions nothing among them uses; the browser run, which makes no CSS, counts
 * only the code's uses (as the official plugin does).
 */
function modulesFromRun(file: string, exports: Record<string, unknown>, run: Run, among: readonly string[], css: ReturnType<Run["css"]>[], watchFiles: string[]): Compiled {
  const usedOnServer = new Set([...run.usedByCode, ...css.flatMap((c) => [...c.used])]);
  return {
    withCss: [...css.map((c) => `import '${c.path}';`), ...exportStatements(file, exports, run.unused(among, usedOnServer))].join("\n"),
    withoutCss: exportStatements(file, exports, run.unused(among, run.usedByCode)).join("\n"),
    watchFiles,
    css: css.map((c) => [c.path, c.text]),
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
