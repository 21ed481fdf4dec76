import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../scripts/build-engine/run-build";
import { serverScript, serverScriptNames } from "../scripts/build-engine/server-scripts";
import { moveMonthsOutOfSrc } from "./months-outside-src";
import { copyRepo } from "./repo-copy";

// A build reuses what the previous build in the same folder made (bundles,
// parsed posts, unchanged pages). These tests prove the reuse is invisible:
// an incremental build writes exactly what a build from scratch writes.

const now = new Date("2026-06-01T12:00:00Z");
let work: string;
let contentDir: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "build-cache-"));
  contentDir = join(work, "content");
  await cp(resolve("content"), contentDir, { recursive: true });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const build = (outDir: string) => runBuild({ root: process.cwd(), contentDir, outDir, mode: "production", now, workers: 2 });

/**
 * Every file of an output folder but the build's own records (.server/*.json), with its bytes:
 * the server bundle's scripts too, which a new folder made with the last build's bundles must carry.
 */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const file = relative(dir, join(name.parentPath, name.name));
    if (file.startsWith(".server/") && file.endsWith(".json")) continue;
    files.set(file, await readFile(join(dir, file), "utf8"));
  }
  return files;
}

async function editFile(file: string, edit: (text: string) => string) {
  await writeFile(file, edit(await readFile(file, "utf8")));
}

describe("incremental builds", () => {
  it("write the same files as a fresh build after posts, site facts and towns change", async () => {
    const incremental = join(work, "incremental");
    const first = await build(incremental);
    expect(first.reusedPages).toBe(0);

    const inode = (file: string) => stat(join(incremental, file)).then((s) => s.ino);
    const untouched = "locations/irmo-sc/index.html";
    const edited = "blog/stump-grinding-vs-stump-removal/index.html";
    const before = { untouched: await inode(untouched), edited: await inode(edited), api: await inode("api/blog.json") };

    const again = await build(incremental);
    expect(again.reusedPages).toBe(again.totalPages);
    // Unchanged files stay where they are: not rewritten, not copied.
    expect(await inode(untouched)).toBe(before.untouched);
    expect(await inode("api/blog.json")).toBe(before.api);

    await editFile(join(contentDir, "blog", "stump-grinding-vs-stump-removal.md"), (t) => `${t}\nA new closing line about mulch rings.\n`);
    await editFile(join(contentDir, "locations", "peak-sc.md"), (t) => t.replace(/^subtitle: .*$/m, "subtitle: Careful tree work for Peak's farms and river bottoms"));
    const afterEdits = await build(incremental);
    // The post, the lists that show it, and the town; everything else is linked.
    expect(afterEdits.totalPages - afterEdits.reusedPages).toBeGreaterThan(1);
    expect(afterEdits.reusedPages).toBeGreaterThan(afterEdits.totalPages / 2);

    expect(await inode(untouched)).toBe(before.untouched);
    expect(await inode(edited)).not.toBe(before.edited);

    const fresh = join(work, "fresh");
    await build(fresh);
    expect(await snapshot(incremental)).toEqual(await snapshot(fresh));
    const post = await readFile(join(incremental, edited), "utf8");
    expect(post).toContain("A new closing line about mulch rings.");

    // Site facts are on every page and are the default author of every post.
    await editFile(join(contentDir, "site.json"), (t) => t.replace('"name": "Cedar Ridge Tree Service"', '"name": "Cedar Ridge Tree Care"'));
    const renamed = await build(incremental);
    expect(renamed.reusedPages).toBe(0);
    // A new folder with the last build's bundles (the code is the same): it carries every server script.
    for (const name of serverScriptNames) await expect(stat(serverScript(join(incremental, ".server"), name)), name).resolves.toBeDefined();
    const api = JSON.parse(await readFile(join(incremental, "api", "blog", "stump-grinding-vs-stump-removal.json"), "utf8"));
    expect(api.author).toBe("Cedar Ridge Tree Care");
    await rm(fresh, { recursive: true, force: true });
    await build(fresh);
    expect(await snapshot(incremental)).toEqual(await snapshot(fresh));
  });

  it("delete the pages and files of removed posts and a removed static file", async () => {
    const out = join(work, "removals");
    // Ten more posts make a second list page (/blog/page/2).
    const extra = Array.from({ length: 10 }, (_, i) => `extra-note-${i}`);
    for (const [i, slug] of extra.entries()) {
      const date = `2024-0${(i % 9) + 1}-1${i % 10}`;
      await writeFile(join(contentDir, "blog", `${slug}.md`), `---\ntitle: Extra note ${i}\npublishDate: ${date}\ncategory: Tree Health\n---\n\nA short note about mulch, number ${i}.\n`);
    }
    await build(out);
    const pageTwo = ["blog/page/2/index.html"];
    for (const file of [...pageTwo, "blog/extra-note-3/index.html", "api/blog/extra-note-3.json"]) {
      await expect(stat(join(out, file)), file).resolves.toBeDefined();
    }

    for (const slug of extra) await rm(join(contentDir, "blog", `${slug}.md`));
    await rm(join(contentDir, "static", "favicon.svg"));
    await writeFile(join(contentDir, "static", "notice.txt"), "Closed on Thanksgiving Day.\n");
    await build(out);

    for (const file of [...pageTwo, "blog/page", "blog/extra-note-3", "api/blog/extra-note-3.json", "favicon.svg"]) {
      await expect(stat(join(out, file)), file).rejects.toThrow(/ENOENT/);
    }
    expect(await readFile(join(out, "notice.txt"), "utf8")).toBe("Closed on Thanksgiving Day.\n");
    const fresh = join(work, "removals-fresh");
    await build(fresh);
    expect(await snapshot(out)).toEqual(await snapshot(fresh));
  });

  it("writes every file again after a build was killed during its commit", async () => {
    const out = join(work, "killed-commit");
    await build(out);
    // What a kill between the first and the last step of an update's commit
    // leaves (scripts/build-engine/build-output.ts): some files replaced, no output record.
    await writeFile(join(out, "locations", "irmo-sc", "index.html"), "a file from an unfinished commit");
    await rm(join(out, ".server", "output.json"));
    const after = await build(out);
    expect(after.reusedPages).toBe(0);
    const fresh = join(work, "killed-commit-fresh");
    await build(fresh);
    expect(await snapshot(out)).toEqual(await snapshot(fresh));
  });

  it("removes the temp folder a killed build left behind", async () => {
    const out = join(work, "after-crash");
    // Beyond any pid_max: that process cannot be running.
    const leftover = join(work, ".after-crash.tmp-999999999-1");
    await mkdir(join(leftover, "blog"), { recursive: true });
    await writeFile(join(leftover, "blog", "index.html"), "half a build");
    await build(out);
    // Discarded in the background (a detached rm), so it goes shortly after the build.
    await expect.poll(() => stat(leftover).then(() => "still there", () => "gone"), { timeout: 10_000 }).toBe("gone");
  });
});

describe("the bundles", () => {
  it("are made again when a file they include outside src/ and scripts/build-engine/ changes", async () => {
    const repo = await copyRepo("bundle-inputs");
    try {
      const months = await moveMonthsOutOfSrc(repo.dir);
      const out = join(repo.dir, "dist");
      const buildCopy = () => runBuild({ root: repo.dir, contentDir: join(repo.dir, "content"), outDir: out, mode: "production", now, workers: 2 });
      const postPage = () => readFile(join(out, "blog", "preparing-trees-for-hurricane-season", "index.html"), "utf8");

      await buildCopy();
      expect(await postPage()).toContain("May 20, 2025");
      const unchanged = await buildCopy();
      expect(unchanged.reusedPages).toBe(unchanged.totalPages);

      await months.rename((m) => m.toUpperCase());
      const rebuilt = await buildCopy();
      // New code: every page is rendered again (the output record is keyed by it).
      expect(rebuilt.reusedPages).toBe(0);
      const page = await postPage();
      expect(page).toContain("MAY 20, 2025");
      expect(page).not.toContain("May 20, 2025");
    } finally {
      await repo.remove();
    }
  });
});
