import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listTree } from "./content-file";
import { listPostFiles, readPostFiles } from "./post-list";

// A build lists the post files, then reads them; the desk may delete a post's folder (and a git deploy
// replace content/) in between, while the build runs for another change (the soak: a review approved
// while a post was deleted failed its publish "could not be read: ENOENT" for the deleted file).

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "post-list-"));
  await mkdir(path.join(dir, "blog", "oak"), { recursive: true });
  await writeFile(path.join(dir, "blog", "oak", "index.md"), "---\ntitle: Oak\n---\n\nText.\n");
  await writeFile(path.join(dir, "blog", "maple.md"), "---\ntitle: Maple\n---\n\nText.\n");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("readPostFiles", () => {
  it("passes over a file removed since it was listed, with no problem", async () => {
    const files = await listPostFiles(path.join(dir, "blog"));
    expect(files.map((f) => f.shown.split("/").slice(-2).join("/"))).toEqual(["blog/maple.md", "oak/index.md"]);
    await rm(path.join(dir, "blog", "oak"), { recursive: true });
    const { results, problems } = readPostFiles(dir, files, (file) => file.shown);
    expect(problems).toEqual([]);
    expect(results).toHaveLength(1);
  });

  it("still reports a file that is there and cannot be read: a link pointing nowhere", async () => {
    await symlink(path.join(dir, "nowhere.md"), path.join(dir, "blog", "broken.md"));
    const files = await listPostFiles(path.join(dir, "blog"));
    const { problems } = readPostFiles(dir, files, (file) => file.shown);
    expect(problems).toEqual([expect.objectContaining({ field: "(file)", problem: expect.stringContaining("could not be read") })]);
  });
});

describe("listTree", () => {
  it("lists every entry under the folder, as a recursive readdir does, and fails for a folder that is not there", async () => {
    const names = (await listTree(dir)).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
    expect(names).toEqual(["blog", "blog/maple.md", "blog/oak", "blog/oak/index.md"]);
    await expect(listTree(path.join(dir, "missing"))).rejects.toThrow(/ENOENT/);
  });
});
