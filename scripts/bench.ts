// `npm run bench`: every performance target in one run (docs/performance.md lists them), printed as one table.
//  - builds of 250, 1,000 and 4,000 generated posts by Hugo, Eleventy and this project,
//    cold (nothing cached: the build speed) and warm (into the last output: the rebuild),
//    each the median of RUNS runs (default 3) by ../shared/bench/anchors.sh, with the ratios
//    of that same run;
//  - the peak memory of this project's cold build of 4,000 posts (/usr/bin/time -v);
//  - one saved post among the largest size's posts: the rebuild in a long-running process and
//    npm run dev's edit-to-visible time in Chromium (scripts/bench-rebuild.ts);
//  - the owner's desk among the largest size's posts: a post's preview after an edit, and
//    Publish pressed until the live site has it (scripts/bench-desk.ts);
//  - the post editor on a phone: ready to type on the throttled phone, a keystroke at 390 px
//    (scripts/bench-editor.ts);
//  - the largest paint of the pages whose hero is the owner's photo (scripts/bench-hero.ts);
//  - the contact load (scripts/bench-contact.ts);
//  - the owner's desk listing 100,000 stored messages (scripts/bench-messages.ts);
//  - a message's notification on the owner's phone: from the post to the push service (scripts/bench-push.ts).
// `npm run bench -- soak` runs the soak instead (scripts/bench-soak.ts).
// The build part needs ../shared/bench (beside this checkout) and `apt-get install hugo hyperfine`;
// without them it says so and still runs the contact load. BENCH_SIZES="250 1000" picks sizes.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { benchContact, contactSettingsFromEnv, describeFigures, describeSettings } from "./bench-contact";
import { benchDesk, describeDesk } from "./bench-desk";
import { benchEditor, describeEditor } from "./bench-editor";
import { benchHero, describeHero, HERO_LCP_TARGET_MS, heroWithinTarget } from "./bench-hero";
import { benchMessages, describeMessageFigures } from "./bench-messages";
import { benchPush, describePush, percentile } from "./bench-push";
import { benchRebuild, describeRebuild, median } from "./bench-rebuild";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.resolve(process.env.BENCH_DIR || path.join(root, "../shared/bench"));
const anchors = path.join(benchDir, "anchors.sh");
const runs = Number(process.env.RUNS || 3);
const sizes = (process.env.BENCH_SIZES || "250 1000 4000").split(/[\s,]+/).filter(Boolean).map(Number);
const run = promisify(execFile);

interface BuildRow {
  mode: "cold" | "warm";
  posts: number;
  /** Median seconds per tool. */
  hugo: number;
  eleventy: number;
  project: number;
  pages: string;
}

const say = (line: string): void => console.log(line);

async function onPath(tool: string): Promise<boolean> {
  return run("sh", ["-c", `command -v ${tool}`]).then(
    () => true,
    () => false,
  );
}

/** One anchors.sh run: the three tools' medians for `posts` posts in `mode`. Its progress goes to stderr as it comes. */
function anchorRun(posts: number, mode: "cold" | "warm"): Promise<BuildRow> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [anchors, String(posts), root], {
      env: { ...process.env, MODE: mode, RUNS: String(runs) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const median = (tool: string): number => Number(new RegExp(`^${tool}\\s+median_s ([\\d.]+)`, "m").exec(text)?.[1] ?? Number.NaN);
      const row = { mode, posts, hugo: median("hugo"), eleventy: median("eleventy"), project: median("project"), pages: /^pages: (.*)$/m.exec(text)?.[1] ?? "?" };
      if (code !== 0 || [row.hugo, row.eleventy, row.project].some(Number.isNaN)) {
        reject(new Error(`anchors.sh ${posts} (${mode}) failed (exit ${code}):\n${text}`));
      } else resolve(row);
    });
  });
}

/** Peak memory (MB) of `npm run build` of `posts` generated posts into a new folder, as anchors.sh builds them. */
async function coldBuildPeakMb(posts: number): Promise<number> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-memory-"));
  try {
    await run(process.execPath, [path.join(benchDir, "gen-posts.mjs"), String(posts), path.join(work, "posts")]);
    await cp(path.join(root, "content"), path.join(work, "content"), { recursive: true });
    await rm(path.join(work, "content/blog"), { recursive: true, force: true });
    await cp(path.join(work, "posts"), path.join(work, "content/blog"), { recursive: true });
    const { stderr } = await run(
      "/usr/bin/time",
      ["-v", "npm", "--prefix", root, "run", "--silent", "build", "--", "--content", path.join(work, "content"), "--out", path.join(work, "out")],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? Number.NaN);
    return kb / 1024;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const seconds = (value: number): string => value.toFixed(3).padStart(8);
const ratio = (a: number, b: number): string => (a / b).toFixed(2).padStart(8);
const figures = describeFigures;

// `npm run bench -- soak [--minutes N] [--stores files,postgres] [--gc] [--pending-reviews N]`: the owner's day repeated for
// N minutes on one server per store instead of the table (scripts/bench-soak.ts).
if (process.argv[2] === "soak") {
  const { runSoak } = await import("./bench-soak");
  process.exit((await runSoak(process.argv.slice(3))) ? 0 : 1);
}

const started = new Date();
console.log(`npm run bench: ${started.toISOString()}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)} at the start, RUNS=${runs}`);

const rows: BuildRow[] = [];
let peakMb: number | undefined;
const missing = [
  existsSync(anchors) ? undefined : `${anchors} is missing (the bench tools live beside this checkout, in ../shared/bench)`,
  (await onPath("hugo")) ? undefined : "hugo is not installed (apt-get install -y hugo)",
  (await onPath("hyperfine")) ? undefined : "hyperfine is not installed (apt-get install -y hyperfine)",
].filter((problem) => problem !== undefined);
const showRow = (row: BuildRow): void =>
  say(
    `${row.mode.padEnd(6)}${String(row.posts).padStart(7)}${seconds(row.hugo)} ${seconds(row.eleventy)} ${seconds(row.project)} ${ratio(row.project, row.eleventy)} ${ratio(row.project, row.hugo)}  ${row.pages}`,
  );
// Each line is printed as soon as it is measured, so an interrupted run still shows what it had.
say("");
say(`Builds: median seconds of ${runs} runs (hyperfine); cold = nothing cached, as a fresh clone (the build speed); warm = again into the last output (the rebuild)`);
if (missing.length > 0) {
  for (const problem of missing) say(`  skipped: ${problem}`);
} else {
  say(`${"mode".padEnd(6)}${"posts".padStart(7)}${"hugo".padStart(9)}${"eleventy".padStart(9)}${"project".padStart(9)}${"p/11ty".padStart(9)}${"p/hugo".padStart(9)}  pages`);
  for (const posts of sizes) {
    for (const mode of ["cold", "warm"] as const) {
      console.error(`building ${posts} posts, ${mode}: Hugo, Eleventy and this project, ${runs} runs each...`);
      const row = await anchorRun(posts, mode);
      rows.push(row);
      showRow(row);
    }
  }
  if (sizes.includes(4000) && existsSync("/usr/bin/time")) {
    console.error("building 4,000 posts once more under /usr/bin/time -v for the peak memory...");
    peakMb = await coldBuildPeakMb(4000);
    say(`Peak memory of this project's cold build of 4,000 posts: ${peakMb.toFixed(0)} MB (Maximum resident set size)`);
  }
}

// One saved post in a long-running process (npm start, npm run dev), with the largest size.
const rebuildPosts = Math.max(...sizes);
console.error(`one post edited among ${rebuildPosts} (npm start's rebuild, npm run dev's edit-to-visible)...`);
const rebuild = existsSync(path.join(benchDir, "gen-posts.mjs")) ? await benchRebuild(rebuildPosts, Math.max(runs, 3), (line) => console.error(line)) : undefined;
say("");
say(rebuild ? `Rebuild after one saved post, medians of ${rebuild.rebuildMs.length} saves:` : "Rebuild: skipped (../shared/bench/gen-posts.mjs is missing)");
if (rebuild) for (const line of describeRebuild(rebuild)) say(line);

console.error(`the owner's desk among ${rebuildPosts} posts (preview, publish)...`);
const desk = existsSync(path.join(benchDir, "gen-posts.mjs")) ? await benchDesk(rebuildPosts, Math.max(runs, 3), (line) => console.error(line)) : undefined;
say("");
say(desk ? `The owner's desk (issue 29), medians:` : "The owner's desk: skipped (../shared/bench/gen-posts.mjs is missing)");
if (desk) for (const line of describeDesk(desk)) say(line);

console.error("the post editor on a throttled phone (a 2,000-word post)...");
const editor = await benchEditor(Math.max(runs, 5), (line) => console.error(line));
say("");
say(`The post editor (issue 37), ${editor.readyMs.length} runs:`);
for (const line of describeEditor(editor)) say(line);

console.error("the pages with the owner's hero photo on a throttled phone...");
const hero = await benchHero(Math.max(runs, 5), (line) => console.error(line));
say("");
say(`Hero photos (issue 38): the largest paint on the throttled phone (4x CPU, 1.6 Mbit/s, 150 ms), nothing cached:`);
for (const line of describeHero(hero)) say(line);

console.error("contact load...");
const contactSettings = contactSettingsFromEnv(process.env);
const contact = await benchContact(contactSettings, runs, (line) => console.error(line));
say("");
say(`Contact: ${describeSettings(contactSettings)}; medians of ${runs} runs`);
say(`  closed loop, ${contactSettings.connections} connections (most accepted per second): ${figures(contact.closed)}`);
if (contactSettings.rate > 0) say(`  open loop at ${contactSettings.rate} posts/s (latency at that load):       ${figures(contact.open)}`);

console.error("the desk's message list with 100,000 stored...");
const messages = await benchMessages(100_000, Math.max(runs, 3), (line) => console.error(line));
say("");
say(`Messages (files store, 100,000 stored, ${(messages.bytes / 1e6).toFixed(0)} MB), medians of ${Math.max(runs, 3)} runs on a store opened afresh: ${describeMessageFigures(messages)}`);

console.error("a message's notification on the owner's phone...");
const push = await benchPush(50, (line) => console.error(line));
say("");
say(`Notifications (issue 39): from POST /api/contact to the push service, encrypted and signed, 2 devices (${push.store} store):`);
for (const line of describePush(push)) say(line);

const coldRows = rows.filter((row) => row.mode === "cold");
say("");
say("Targets (docs/performance.md):");
for (const row of coldRows) {
  say(`  cold build of ${row.posts.toLocaleString("en-US")} posts faster than Eleventy: ${row.project < row.eleventy ? "yes" : "no"} (${row.project.toFixed(2)} s vs ${row.eleventy.toFixed(2)} s)`);
}
if (peakMb !== undefined) say(`  peak memory of a cold build of 4,000 posts under 600 MB: ${peakMb < 600 ? "yes" : "no"} (${peakMb.toFixed(0)} MB)`);
if (rebuild && rebuild.posts === 4000) {
  say(`  one-post rebuild with 4,000 posts under 0.5 s: ${median(rebuild.rebuildMs) < 500 ? "yes" : "no"} (${median(rebuild.rebuildMs).toFixed(0)} ms)`);
  say(`  edit-to-visible in npm run dev with 4,000 posts under 500 ms: ${median(rebuild.editToVisibleMs) < 500 ? "yes" : "no"} (${median(rebuild.editToVisibleMs).toFixed(0)} ms)`);
}
if (desk && desk.posts === 4000) {
  say(`  desk preview with 4,000 posts under 300 ms (issue 29; the server's part): ${median(desk.previewMs) < 300 ? "yes" : "no"} (${median(desk.previewMs).toFixed(0)} ms)`);
  say(`  desk Publish with 4,000 posts live within a second (issue 29): ${median(desk.publishMs) < 1000 ? "yes" : "no"} (${median(desk.publishMs).toFixed(0)} ms)`);
}
say(`  post editor ready to type within 1.5 s on the throttled phone, the first visit through the Posts list (issue 37): ${median(editor.readyFromPostsMs) <= 1500 ? "yes" : "no"} (${median(editor.readyFromPostsMs).toFixed(0)} ms; ${median(editor.readyCachedMs).toFixed(0)} ms with its code cached)`);
say(`  the same, opened straight from a link with nothing cached (issue 37): ${median(editor.readyMs) <= 1500 ? "yes" : "no"} (${median(editor.readyMs).toFixed(0)} ms)`);
say(`  pages with the owner's hero photo painted within ${HERO_LCP_TARGET_MS / 1000} s on the throttled phone (issue 38): ${heroWithinTarget(hero).ok ? "yes" : "no"} (slowest median ${Math.round(heroWithinTarget(hero).slowestMs)} ms)`);
say(`  post editor keystroke under 50 ms at 390 px, no long task (issue 37): ${Math.max(...editor.keystrokeMs) < 50 && editor.longTasks.length === 0 ? "yes" : "no"} (slowest ${Math.max(...editor.keystrokeMs).toFixed(0)} ms, ${editor.longTasks.length} long tasks)`);
say(`  post editor's screen at most 230 KB gzip (issue 37; also refused by the desk's build): ${editor.editorGzip <= 230_000 ? "yes" : "no"} (${editor.editorGzip} bytes)`);
if (coldRows.length === 0 && contactSettings.rate < 1000) say("  (this run's settings measure none of them)");
if (contactSettings.rate >= 1000) {
  const met = contact.open.acceptedPerSecond >= 1000 * 0.99 && contact.open.p99Ms < 50;
  say(`  contact: 1,000 accepted posts/s with p99 under 50 ms: ${met ? "yes" : "no"} (${figures(contact.open)})`);
}
say(
  `  desk: the Messages screen with 100,000 stored under 200 ms: ${messages.ms.deskScreen < 200 ? "yes" : "no"} (${messages.ms.deskScreen.toFixed(1)} ms over HTTP, rendered; the store's page ${messages.ms.firstPage.toFixed(1)} ms)`,
);
say(`  a message's notification at the push service within 2 s at the 95th percentile (one at a time): ${percentile(push.oneAtATime, 0.95) < 2000 ? "yes" : "no"} (${percentile(push.oneAtATime, 0.95).toFixed(0)} ms)`);
say(`Finished ${new Date().toISOString()}, load average ${loadavg()[0]?.toFixed(2)} at the end (figures from a busy machine are not comparable).`);
