import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContentError } from "./content-error";
import { readContentFile, readContentFileSync, readStaticFiles } from "./content-file";
import { MAX_CONTENT_FILE_BYTES } from "./content-limits";

let work = "";
let content = "";
const shown = (name: string) => `content/${name}`;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), "content-file-"));
  content = path.join(work, "content");
  await mkdir(path.join(content, "blog"), { recursive: true });
  await writeFile(path.join(work, "secret.txt"), "root:x:0:0:root:/root:/bin/bash\n");
  await writeFile(path.join(content, "blog", "real.md"), "---\ntitle: Real\n---\n");
});

afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The problems of the ContentError that `read` throws (sync or async). */
async function problemsOf(read: () => unknown): Promise<string> {
  try {
    await read();
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  return "no error";
}

const readers = [
  ["readContentFile", readContentFile],
  ["readContentFileSync", readContentFileSync],
] as const;

describe.each(readers)("%s", (_name, read) => {
  it("reads a file in the content folder, and a link that stays inside it", async () => {
    await symlink(path.join(content, "blog", "real.md"), path.join(content, "blog", "alias.md"));
    expect(await read(content, path.join(content, "blog", "real.md"), shown("blog/real.md"))).toBe("---\ntitle: Real\n---\n");
    expect(await read(content, path.join(content, "blog", "alias.md"), shown("blog/alias.md"))).toBe("---\ntitle: Real\n---\n");
  });

  it("refuses a link to a file outside the content folder, naming the file", async () => {
    await symlink(path.join(work, "secret.txt"), path.join(content, "blog", "leak.md"));
    const message = await problemsOf(() => read(content, path.join(content, "blog", "leak.md"), shown("blog/leak.md")));
    expect(message).toMatch(/^content\/blog\/leak\.md: \(file\): is a link to a file outside .*content\/; copy the file into .*content\/ instead$/);
    expect(message).not.toContain("root:x");
  });

  it("refuses a file reached through a linked folder that leads outside", async () => {
    await mkdir(path.join(work, "elsewhere"));
    await writeFile(path.join(work, "elsewhere", "x.md"), "---\ntitle: Outside\n---\n");
    await symlink(path.join(work, "elsewhere"), path.join(content, "services"));
    expect(await problemsOf(() => read(content, path.join(content, "services", "x.md"), shown("services/x.md")))).toMatch(/is a link to a file outside/);
  });

  it("follows a content folder that is itself a link", async () => {
    const linked = path.join(work, "linked-content");
    await symlink(content, linked);
    expect(await read(linked, path.join(linked, "blog", "real.md"), "x")).toContain("Real");
  });

  it("refuses a file over the size limit from its size alone, naming the file and its size", async () => {
    const big = path.join(content, "blog", "big.md");
    await writeFile(big, "");
    await truncate(big, 2_500_000);
    expect(await problemsOf(() => read(content, big, shown("blog/big.md")))).toBe(
      "content/blog/big.md: (file): is 2.5 MB; a content file may be at most 1.0 MB: split it into smaller files",
    );
    const justFits = path.join(content, "blog", "fits.md");
    await writeFile(justFits, "a".repeat(MAX_CONTENT_FILE_BYTES));
    expect((await read(content, justFits, "fits")).length).toBe(MAX_CONTENT_FILE_BYTES);
  });

  it("refuses a pipe without opening it (opening one waits for a writer forever)", async () => {
    const fifo = path.join(content, "blog", "pipe.md");
    execFileSync("mkfifo", [fifo]);
    expect(await problemsOf(() => read(content, fifo, shown("blog/pipe.md")))).toBe("content/blog/pipe.md: (file): is not a plain file (a device or pipe): remove it");
  });

  it("names a folder and a missing file", async () => {
    await mkdir(path.join(content, "blog", "folder.md"));
    expect(await problemsOf(() => read(content, path.join(content, "blog", "folder.md"), shown("blog/folder.md")))).toBe("content/blog/folder.md: (file): is a folder, not a file");
    expect(await problemsOf(() => read(content, path.join(content, "blog", "gone.md"), shown("blog/gone.md")))).toMatch(/^content\/blog\/gone\.md: \(file\): could not be read: ENOENT/);
  });
});

describe("readStaticFiles", () => {
  it("copies files and links inside the content folder; refuses links out of it and links to folders", async () => {
    const staticDir = path.join(content, "static");
    await mkdir(path.join(staticDir, "img"), { recursive: true });
    await writeFile(path.join(staticDir, "favicon.svg"), "<svg/>");
    await symlink(path.join(content, "blog", "real.md"), path.join(staticDir, "img", "inside.txt"));
    expect((await readStaticFiles(content, staticDir)).map(([file, bytes]) => [file, bytes.toString()]).sort()).toEqual([
      ["favicon.svg", "<svg/>"],
      [path.join("img", "inside.txt"), "---\ntitle: Real\n---\n"],
    ]);

    await symlink(path.join(work, "secret.txt"), path.join(staticDir, "passwd.txt"));
    await symlink(path.join(content, "blog"), path.join(staticDir, "posts"));
    const message = await problemsOf(() => readStaticFiles(content, staticDir));
    expect(message.split("\n").map((line) => line.replace(/^.*?content\/static\//, "content/static/"))).toEqual([
      expect.stringMatching(/^content\/static\/passwd\.txt: \(file\): is a link to a file outside .*content\/; copy the file into .*content\/ instead$/),
      expect.stringMatching(/^content\/static\/posts: \(file\): is a link to a folder; put copies of its files in .*content\/static\/ instead$/),
    ]);
  });

  it("is empty when there is no static folder", async () => {
    expect(await readStaticFiles(content, path.join(content, "static"))).toEqual([]);
  });
});
