// `npm run build` starts here (package.json): esbuild puts build.ts and the build's own
// modules into one file, which then runs. Loading them one by one through tsx's loader
// (a round trip to its loader thread for each of ~80 TypeScript files) took 0.2-0.3 s of
// every build's start; bundling them takes 0.1 s. Plain JavaScript, since Node 20 cannot
// run TypeScript itself. `npm run dev` and `npm start` keep tsx (their start is not timed).
import { build } from "esbuild";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// Inside node_modules, so the packages the build imports resolve as they do for build.ts.
const dir = join(root, "node_modules", ".cache", "site-build");
const file = join(dir, `build-${process.pid}.mjs`);
mkdirSync(dir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: ["build.ts"],
  outfile: file,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  // Stack traces of an unexpected error name the TypeScript files and lines.
  sourcemap: "inline",
  logLevel: "warning",
});
process.setSourceMapsEnabled(true);
try {
  await import(pathToFileURL(file).href);
} finally {
  rmSync(file, { force: true });
}
