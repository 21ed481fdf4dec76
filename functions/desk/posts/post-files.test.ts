import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, waitFor } from "../../../tests/test-support";
import { ConflictError, PostFiles, textSha, UnsafePathError } from "./post-files";

let dir: string;
let cleanup: () => Promise<void>;
let files: PostFiles;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  await mkdir(path.join(dir, "content", "blog"), { recursive: true });
  files = new PostFiles(path.join(dir, "content"));
});
afterEach(() => cleanup());

const blog = (...parts: string[]) => path.join(dir, "content", "blog", ...parts);
const v1 = "---\ntitle: Oak\npublishDate: 2025-01-02\n---\n\nOne.\n";
const v2 = v1.replace("One.", "Two.");

describe("the desk's post files", () => {
  it("writes a new post, then only over the version it started from", async () => {
    const first = await files.write("oak", null, v1);
    expect(await readFile(blog("oak.md"), "utf8")).toBe(v1);
    expect((await stat(blog("oak.md"))).mode & 0o777).toBe(0o644);
    await expect(files.write("oak", null, v2)).rejects.toBeInstanceOf(ConflictError);
    // Another tab (or a person on the server) saved meanwhile: refused, showing what is there now.
    await writeFile(blog("oak.md"), v1.replace("One.", "Edited on the server."));
    const refused = await files.write("oak", first.sha, v2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).current?.text).toContain("Edited on the server.");
    expect(await readFile(blog("oak.md"), "utf8")).toContain("Edited on the server.");
    const now = await files.read("oak");
    await files.write("oak", now!.sha, v2);
    expect(await readFile(blog("oak.md"), "utf8")).toBe(v2);
    expect((await readdir(blog())).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("moves a post that gets photos into a folder of its own, keeping the file", async () => {
    const first = await files.write("oak", null, v1);
    const saved = await files.write("oak", first.sha, v2, [{ name: "crew.jpg", bytes: Buffer.from("jpeg") }]);
    expect(saved).toMatchObject({ folder: true, photos: ["crew.jpg"] });
    expect(await readdir(blog())).toEqual(["oak"]);
    expect((await readdir(blog("oak"))).sort()).toEqual(["crew.jpg", "index.md"]);
    // The same file, renamed, then replaced: git and the build see a move and an edit.
    expect(await readFile(blog("oak", "index.md"), "utf8")).toBe(v2);
    expect((await stat(blog("oak", "crew.jpg"))).mode & 0o111).toBe(0);
  });

  it("renames and removes a post with its photos", async () => {
    const saved = await files.write("oak", null, v1, [{ name: "crew.jpg", bytes: Buffer.from("jpeg") }]);
    await files.rename("oak", "oak-care");
    expect(await readdir(blog())).toEqual(["oak-care"]);
    await expect(files.remove("oak-care", "0".repeat(64))).rejects.toBeInstanceOf(ConflictError);
    await files.remove("oak-care", saved.sha);
    expect(await readdir(blog())).toEqual([]);
  });

  it("never writes outside content/ or under a name it did not make", async () => {
    const { dir: outside, cleanup: done } = await makeTempDir();
    try {
      await symlink(outside, blog("evil"));
      await expect(files.write("evil", null, v1, [{ name: "x.jpg", bytes: Buffer.from("x") }])).rejects.toBeInstanceOf(UnsafePathError);
      await expect(files.write("oak", null, v1, [{ name: "../../x.jpg", bytes: Buffer.from("x") }])).rejects.toBeInstanceOf(UnsafePathError);
      await expect(files.write("oak", null, v1, [{ name: "run.sh", bytes: Buffer.from("x") }])).rejects.toBeInstanceOf(UnsafePathError);
      await expect(files.write("../oak", null, v1)).rejects.toBeInstanceOf(UnsafePathError);
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await done();
    }
  });

  it("leaves the previous version whole when the process dies in the middle of a save", async () => {
    await files.write("oak", null, v1);
    // A save that stops just before its rename (after its temp file is written and fsynced), killed there.
    // The timer keeps the child waiting: an unsettled promise alone lets Node exit on its own, and an
    // exit before the kill would leave nothing to wait for.
    const child = spawn(process.execPath, ["--import", "tsx", "-e", `
      import { writeFileAtomic } from ${JSON.stringify(path.resolve(import.meta.dirname, "../../store/files/atomic-file.ts"))};
      await writeFileAtomic(${JSON.stringify(blog("oak.md"))}, "x".repeat(5_000_000), { beforeRename: () => { console.log("written"); setInterval(() => {}, 60_000); return new Promise(() => {}); } });
    `], { stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise((ok) => child.once("exit", ok));
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes("written") || child.exitCode !== null, 20_000, "the child's temp file");
    expect(child.exitCode).toBeNull();
    child.kill("SIGKILL");
    await exited;
    expect(child.signalCode).toBe("SIGKILL");
    expect(await readFile(blog("oak.md"), "utf8")).toBe(v1);
    // What is left is a dot file, which the build, the watcher and backups pass over.
    expect((await readdir(blog())).filter((f) => !f.startsWith("."))).toEqual(["oak.md"]);
    expect((await files.read("oak"))?.sha).toBe(textSha(v1));
  });
});
