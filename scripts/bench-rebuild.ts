// `npx tsx scripts/bench-rebuild.ts [POSTS] [RUNS]` (also part of `npm run bench`): what one
// saved post costs with POSTS posts in content/blog (default 4,000), as the owner meets it.
//  - rebuild: the build in a long-running process (`npm start`'s publish, `npm run dev`'s
//    preview: a BuildSession) after one post's text changed, timed around runBuild;
//  - edit-to-visible: `npm run dev` as a child process, the post open in Chromium, the file
//    saved; from the save until the page shows the new text (file watch, rebuild, reload, paint).
// Posts are ../shared/bench/gen-posts.mjs's, as for the build benchmark.
import { execFile, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, type Page } from "playwright-core";
import { BuildSession } from "./build-engine/build-session";
import { runBuild } from "./build-engine/run-build";
import { chromiumArgs, readyChromium } from "./chromium-flags";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.resolve(process.env.BENCH_DIR || path.join(root, "../shared/bench"));

export interface RebuildFigures {
  posts: number;
  /** Each run's milliseconds. */
  rebuildMs: number[];
  editToVisibleMs: number[];
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

/** The site's content with `posts` generated posts as its blog. */
async function benchContent(work: string, posts: number): Promise<string> {
  const content = path.join(work, "content");
  await cp(path.join(root, "content"), content, { recursive: true });
  await rm(path.join(content, "blog"), { recursive: true, force: true });
  await promisify(execFile)(process.execPath, [path.join(benchDir, "gen-posts.mjs"), String(posts), path.join(content, "blog")]);
  return content;
}

/** The post's text with a sentence added to its last paragraph (its page changes, the lists showing its first paragraph do not). */
const edited = (text: string, marker: string) => `${text.trimEnd()} ${marker}.\n`;

async function timedRebuilds(content: string, out: string, runs: number, log: (line: string) => void): Promise<number[]> {
  const session = new BuildSession();
  const file = path.join(content, "blog", "post-5.md");
  const original = await readFile(file, "utf8");
  try {
    log("rebuild: first build (every page)...");
    await runBuild({ root, contentDir: content, outDir: out, mode: "production", session });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await writeFile(file, edited(original, `Rebuild marker ${i}`));
      const started = performance.now();
      const result = await runBuild({ root, contentDir: content, outDir: out, mode: "production", session });
      times.push(performance.now() - started);
      log(`rebuild ${i + 1}/${runs}: ${times.at(-1)?.toFixed(0)} ms, ${result.totalPages - result.reusedPages} of ${result.totalPages} pages rendered`);
    }
    return times;
  } finally {
    await writeFile(file, original);
    await session.close();
  }
}

/**
 * Resolves when the page shows `marker`, looking on DOM changes only: polling the page every few
 * milliseconds would take CPU from the server being measured. A full reload (new script or styles)
 * ends the page's wait: the new page is then polled each frame.
 */
function shownOn(page: Page, marker: string): Promise<unknown> {
  return page
    .evaluate(
      (m) =>
        new Promise<void>((done) => {
          const check = () => document.body.innerText.includes(m) && (observer.disconnect(), done());
          const observer = new MutationObserver(check);
          observer.observe(document, { subtree: true, childList: true, characterData: true });
          check();
        }),
      marker,
    )
    .catch(() => page.waitForFunction((m) => document.body.innerText.includes(m), marker, { polling: "raf", timeout: 60_000 }));
}

async function timedDevEdits(content: string, out: string, runs: number, log: (line: string) => void): Promise<number[]> {
  const dev = spawn("npm", ["run", "dev", "--", "--content", content, "--out", out], { cwd: root, env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  const browser = await chromium.launch({ executablePath: await readyChromium(), args: chromiumArgs, headless: true });
  const file = path.join(content, "blog", "post-5.md");
  const original = await readFile(file, "utf8");
  try {
    log("edit-to-visible: npm run dev, first build (every page)...");
    const url = await new Promise<string>((resolve, reject) => {
      let text = "";
      dev.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        for (const line of chunk.toString().split("\n")) if (/rebuilt in/.test(line)) log(`  npm run dev: ${line.trim()}`);
        const found = /Dev server on (http:\/\/\S+?)\/? /.exec(text);
        if (found?.[1]) resolve(found[1]);
      });
      dev.on("exit", (code) => reject(new Error(`npm run dev ended (exit ${code}):\n${text}`)));
    });
    const page = await browser.newPage();
    await page.goto(`${url}/blog/post-5`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const marker = `Preview marker ${i}`;
      const shown = shownOn(page, marker);
      const started = performance.now();
      await writeFile(file, edited(original, marker));
      await shown;
      times.push(performance.now() - started);
      log(`edit-to-visible ${i + 1}/${runs}: ${times.at(-1)?.toFixed(0)} ms`);
      // The dev server settles (its form pages, the code watch) before the next save.
      await new Promise((settle) => setTimeout(settle, 1_000));
    }
    return times;
  } finally {
    await browser.close();
    if (dev.pid) process.kill(-dev.pid, "SIGTERM");
    await writeFile(file, original);
  }
}

export async function benchRebuild(posts: number, runs: number, log: (line: string) => void = () => {}): Promise<RebuildFigures> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-rebuild-"));
  try {
    const content = await benchContent(work, posts);
    const rebuildMs = await timedRebuilds(content, path.join(work, "out"), runs, log);
    const editToVisibleMs = await timedDevEdits(content, path.join(work, "dev-out"), runs, log);
    return { posts, rebuildMs, editToVisibleMs };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export const describeRebuild = (f: RebuildFigures): string[] => [
  `  one post edited among ${f.posts.toLocaleString("en-US")}, rebuild in npm start / npm run dev: median ${median(f.rebuildMs).toFixed(0)} ms (runs: ${f.rebuildMs.map((ms) => ms.toFixed(0)).join(", ")})`,
  `  the same in npm run dev, from the save until Chromium shows it: median ${median(f.editToVisibleMs).toFixed(0)} ms (runs: ${f.editToVisibleMs.map((ms) => ms.toFixed(0)).join(", ")})`,
];

if (import.meta.filename === process.argv[1]) {
  const [posts = "4000", runs = "5"] = process.argv.slice(2);
  const figures = await benchRebuild(Number(posts), Number(runs), (line) => console.error(line));
  console.log(describeRebuild(figures).join("\n"));
}
