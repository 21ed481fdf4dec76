import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildSession } from "./build-session";
import { runBuild, serverDirName, type BuildResult } from "./run-build";
import { outputRecordName, postRecordName } from "./build-cache";
import { serverScript, serverScriptNames } from "./server-scripts";

// A long-running process's builds (npm start, npm run dev) keep workers, parsed posts
// and post pages from one build to the next. Each build here is compared, file by
// file, with a build of the same content that renders everything (its output record
// and post cache removed first): what is kept must be exactly what rendering gives.

const root = join(import.meta.dirname, "..", "..");
const now = new Date("2026-06-01T12:00:00Z");
let work: string;
let content: string;
let session: BuildSession;

const post = (n: number, extra = "") =>
  `---\ntitle: Pruning note ${n}\npublishDate: "2025-0${1 + (n % 9)}-1${n % 10}"\ncategory: Tree Care Tips\n${extra}---\n\nFirst paragraph of note ${n}, about oaks.\n\nSecond paragraph.\n`;
const postFile = (n: number) => join(content, "blog", `note-${n}.md`);

/** Every file of an output folder but its server records (the server bundle's scripts included), by path. */
async function files(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out = new Map<string, string>();
  for (const e of entries) {
    const abs = join(e.parentPath, e.name);
    const file = relative(dir, abs);
    if (!e.isFile() || (file.startsWith(`${serverDirName}/`) && file.endsWith(".json"))) continue;
    out.set(relative(dir, abs), (await readFile(abs)).toString("base64"));
  }
  return out;
}

const build = (outDir: string, withSession: boolean) =>
  runBuild({ root, contentDir: content, outDir, mode: "production", now, ...(withSession ? { session } : {}) });

/** The session's build, then everything rendered again from the same content: the two outputs must be the same. */
async function buildAndCompare(): Promise<BuildResult> {
  const result = await build(join(work, "live"), true);
  const reference = join(work, "reference");
  await rm(join(reference, serverDirName, outputRecordName), { force: true });
  await rm(join(reference, serverDirName, postRecordName), { force: true });
  const full = await build(reference, false);
  expect(full.reusedPages).toBe(0);
  const [live, ref] = await Promise.all([files(join(work, "live")), files(reference)]);
  expect([...live.keys()].sort()).toEqual([...ref.keys()].sort());
  for (const [file, bytes] of ref) expect(live.get(file) === bytes, `${file} differs from a full build`).toBe(true);
  // The server (npm start) runs these from the live folder after every build: its preview worker too.
  for (const name of serverScriptNames) expect(live.has(relative(join(work, "live"), serverScript(join(work, "live", serverDirName), name))), name).toBe(true);
  return result;
}

const rendered = (r: BuildResult) => r.totalPages - r.reusedPages;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "build-session-"));
  content = join(work, "content");
  await cp(join(root, "content"), content, { recursive: true });
  await Promise.all(Array.from({ length: 30 }, (_, n) => writeFile(postFile(n), post(n))));
  session = new BuildSession();
  await buildAndCompare();
}, 120_000);

afterAll(async () => {
  await session?.close();
  await rm(work, { recursive: true, force: true });
});

describe("builds in a long-running process", () => {
  it("renders an edited post's page again, keeps the others, and gives what a full build gives", async () => {
    await writeFile(postFile(7), post(7).replace("Second paragraph.", "Second paragraph, edited."));
    const result = await buildAndCompare();
    expect(result.totalPages).toBeGreaterThan(40);
    // Its page; the pages listing it show only its first paragraph, unchanged here.
    expect(rendered(result)).toBe(1);
  }, 60_000);

  it("a new title reaches the lists and the home page; a new post and a removed one too", async () => {
    await writeFile(postFile(3), post(3).replace("Pruning note 3", "Storm cleanup after the ice"));
    await writeFile(postFile(99), post(99));
    await unlink(postFile(12));
    const result = await buildAndCompare();
    expect(rendered(result)).toBeLessThan(result.totalPages / 2);
  }, 60_000);

  it("a post made a draft leaves the site", async () => {
    await writeFile(postFile(5), post(5, "draft: true\n"));
    await buildAndCompare();
  }, 60_000);

  it("a change every page shows (site.json) renders everything again", async () => {
    const siteFile = join(content, "site.json");
    const site = await readFile(siteFile, "utf8");
    await writeFile(siteFile, site.replace(/"tagline":\s*"([^"]*)"/, '"tagline": "$1 Since always."'));
    const result = await buildAndCompare();
    expect(rendered(result)).toBe(result.totalPages);
  }, 60_000);

  it("after another build into the same folder, the next build goes by what that build left there", async () => {
    const original = post(9);
    await writeFile(postFile(9), original.replace("Second paragraph.", "Second paragraph, from another build."));
    await build(join(work, "live"), false);
    await writeFile(postFile(9), original);
    const result = await buildAndCompare();
    expect(rendered(result)).toBe(1);
  }, 60_000);

  it("a build that fails keeps the render workers (a store that cannot answer): the next build starts none", async () => {
    const started = session.workersStarted;
    const failing = runBuild({ root, contentDir: content, outDir: join(work, "live"), mode: "production", now, session, approvedReviews: () => Promise.reject(new Error("the database is not answering")) });
    await expect(failing).rejects.toThrow(/not answering/);
    await writeFile(postFile(9), post(9).replace("Second paragraph.", "Second paragraph, after the failure."));
    expect(rendered(await buildAndCompare())).toBe(1);
    expect(session.workersStarted).toBe(started);
  }, 60_000);

  it("after a broken post is fixed, the next build is right again", async () => {
    await writeFile(postFile(8), "---\ntitle: [unclosed\n---\nBody\n");
    await expect(build(join(work, "live"), true)).rejects.toThrow(/note-8\.md/);
    await writeFile(postFile(8), post(8).replace("Second paragraph.", "Second paragraph, fixed."));
    const result = await buildAndCompare();
    expect(rendered(result)).toBe(1);
  }, 60_000);
});
