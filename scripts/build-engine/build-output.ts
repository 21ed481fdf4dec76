import { existsSync, mkdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";
import { basename, dirname, join, relative } from "node:path";
import { textSha } from "./text-sha";

// Many small files (4,000 posts' API files): a bounded number in flight keeps file handles in check.
const MAX_WRITES_IN_FLIGHT = 64;

/** A file of the output: its path relative to the output folder, a hash of what made it, its size. */
/** What the output record keeps per file: its hash, its size, and a page's islands when it has any. */
export type RecordedFile = [sha: string, bytes: number, islands?: string[]];

export interface OutputFile {
  file: string;
  sha: string;
  bytes: number;
  /** A page's islands (src/app/island.tsx): kept so an unchanged page's weight is still known. */
  islands?: string[];
}

/** The live output folder and what the previous build recorded in it (path -> [hash, bytes]). */
export interface PreviousOutput {
  outDir: string;
  files: Map<string, RecordedFile>;
}

/** True when the live folder still holds this file as the previous build made it. */
export function isUnchanged(previous: PreviousOutput | undefined, file: string, sha: string): boolean {
  if (!previous) return false;
  return previous.files.get(file)?.[0] === sha && existsSync(join(previous.outDir, file));
}

/**
 * Where a build writes, and how its result replaces the live output folder.
 *
 * "fresh" (no usable record of the previous build, or the code or the data every
 * page shares changed, so every page changes anyway): everything is written into
 * a staging folder beside the live one, which is swapped in with two renames.
 *
 * "update" (same code and shared data): only files whose bytes change are
 * written into the staging folder; on commit they are renamed into the live
 * folder, files the site no longer has are deleted, and the build records are
 * rewritten. Unchanged files are never touched: creating folders and files is
 * what costs most on a busy disk (measured here: 0.04-0.4 ms per folder, so up
 * to ~2 s for 4,700 pages).
 *
 * Either way nothing in the live folder changes before commit, so a build that
 * fails (a broken post, a page that throws) leaves it as it was. An update's
 * commit deletes the output record first and writes it last: a build killed in
 * between leaves no record, and the next build writes a whole new folder.
 */
export class BuildOutput {
  /** Every file this build's output holds, staged or unchanged: the next build's record. */
  readonly files: OutputFile[] = [];
  private readonly staged: string[] = [];
  private readonly serverFiles = new Map<string, string | Uint8Array>();
  private readonly madeDirs = new Map<string, Promise<unknown>>();

  constructor(
    readonly liveDir: string,
    readonly stageDir: string,
    /** The server folder inside the output, and the record of the output's files in it. */
    private readonly server: { dirName: string; recordName: string },
    readonly previous: PreviousOutput | undefined,
  ) {}

  get mode(): "fresh" | "update" {
    return this.previous ? "update" : "fresh";
  }

  /**
   * Writes output files (paths relative to the output folder) except those the
   * live folder already has with these bytes. Asynchronous, a bounded number at
   * a time: this runs on the thread that hands pages to the render workers.
   */
  async putAll(entries: Iterable<readonly [file: string, data: string | Uint8Array | readonly Uint8Array[]]>): Promise<void> {
    const pending = new Set<Promise<void>>();
    for (const [file, data] of entries) {
      // Encoded once for the hash, the size and the write. A file in pieces (api/blog.json, 12 MB with
      // 4,000 posts) is hashed and written piece by piece, never copied into one buffer.
      const bytes = typeof data === "string" ? Buffer.from(data) : data;
      const sha = textSha(bytes);
      this.files.push({ file, sha, bytes: bytes instanceof Uint8Array ? bytes.byteLength : bytes.reduce((sum, piece) => sum + piece.byteLength, 0) });
      if (isUnchanged(this.previous, file, sha)) continue;
      this.staged.push(file);
      const write = this.writeStaged(file, bytes).finally(() => pending.delete(write));
      pending.add(write);
      if (pending.size >= MAX_WRITES_IN_FLIGHT) await Promise.race(pending);
    }
    await Promise.all(pending);
  }

  /** Files the render workers handled: those they wrote are staged, the rest were unchanged. */
  addRendered(files: readonly (OutputFile & { staged: boolean })[]): void {
    for (const f of files) {
      this.files.push({ file: f.file, sha: f.sha, bytes: f.bytes, ...(f.islands?.length ? { islands: f.islands } : {}) });
      if (f.staged) this.staged.push(f.file);
    }
  }

  /** A file under the server folder; in an update it replaces the live one only on commit. */
  async writeServerFile(name: string, data: string | Uint8Array): Promise<void> {
    if (this.mode === "update") this.serverFiles.set(name, data);
    else await this.writeStaged(join(this.server.dirName, name), data);
  }

  /**
   * Puts the build in place, with `record` (what the next build compares with)
   * as the server folder's record: swap the folders (fresh) or move the changed
   * files in (update).
   */
  async commit(record: string): Promise<void> {
    if (this.mode === "fresh") {
      await this.writeStaged(join(this.server.dirName, this.server.recordName), record);
      return swapIn(this.stageDir, this.liveDir);
    }
    const live = this.liveDir;
    const serverDir = join(live, this.server.dirName);
    const replaceServerFile = (name: string, data: string | Uint8Array) => {
      const tmp = join(serverDir, `.${name}.tmp`);
      writeFileSync(tmp, data);
      renameSync(tmp, join(serverDir, name));
    };
    rmSync(join(serverDir, this.server.recordName), { force: true });
    const liveDirs = new Set<string>();
    for (const file of this.staged) {
      const dir = dirname(join(live, file));
      if (!liveDirs.has(dir)) mkdirSync(dir, { recursive: true });
      liveDirs.add(dir);
      renameSync(join(this.stageDir, file), join(live, file));
    }
    const kept = new Set(this.files.map((f) => f.file));
    for (const file of this.previous?.files.keys() ?? []) {
      if (!kept.has(file)) removeWithEmptyParents(live, file);
    }
    for (const [name, text] of this.serverFiles) replaceServerFile(name, text);
    replaceServerFile(this.server.recordName, record);
    // Only empty folders are left: removed at once (a detached rm costs more to start).
    rmSync(this.stageDir, { recursive: true, force: true });
  }

  private async writeStaged(file: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
    const abs = join(this.stageDir, file);
    const dir = dirname(abs);
    let made = this.madeDirs.get(dir);
    if (!made) this.madeDirs.set(dir, (made = mkdir(dir, { recursive: true })));
    await made;
    if (typeof data === "string" || data instanceof Uint8Array) return writeFile(abs, data);
    const handle = await open(abs, "w");
    try {
      // One call: libuv writes a list longer than IOV_MAX (1,024 on Linux) in several system calls, and all of it.
      const { bytesWritten } = await handle.writev(data);
      const size = data.reduce((sum, piece) => sum + piece.byteLength, 0);
      if (bytesWritten !== size) throw new Error(`${file}: ${bytesWritten} of ${size} bytes written`);
    } finally {
      await handle.close();
    }
  }
}

function removeWithEmptyParents(root: string, file: string): void {
  try {
    unlinkSync(join(root, file));
  } catch {
    // Already gone: the record only says the previous build made it.
  }
  for (let dir = dirname(file); dir !== "." && dir !== "/"; dir = dirname(dir)) {
    try {
      rmdirSync(join(root, dir));
    } catch {
      return; // not empty (or gone): its parents are not empty either
    }
  }
}

/** Replaces outDir with the finished build in two renames; the old folder is discarded. */
async function swapIn(tmpDir: string, outDir: string): Promise<void> {
  const old = `${tmpDir}.old`;
  const hadOld = await stat(outDir).then(() => true, () => false);
  if (hadOld) await rename(outDir, old);
  await rename(tmpDir, outDir);
  if (hadOld) discard(old);
}

/**
 * Deletes a folder nothing refers to any more with a detached `rm`, so the build
 * need not wait for thousands of unlinks (where there is no `rm`, it waits).
 */
function discard(dir: string): void {
  if (process.platform === "win32") void rm(dir, { recursive: true, force: true });
  else spawn("rm", ["-rf", dir], { detached: true, stdio: "ignore" }).unref();
}

/** The staging folder of a build into outDir: a sibling, so renames stay on one file system. */
export const stagingDirFor = (outDir: string) => join(dirname(outDir), `.${basename(outDir)}.tmp-${process.pid}-${Date.now()}`);

/**
 * Staging folders of builds that were killed before their commit (named
 * `.<out>.tmp-<pid>-<time>`, see stagingDirFor), and old outputs whose background
 * removal was cut short, are discarded once their process is gone. (One still
 * being removed by a detached rm is simply removed twice; rm -rf allows that.)
 */
export async function removeAbandoned(outDir: string): Promise<void> {
  const prefix = `.${basename(outDir)}.tmp-`;
  const names = await readdir(dirname(outDir)).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split("-")[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) discard(join(dirname(outDir), name));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}

/** Paths of the files under dir, relative to it (for copying the owner's static files through put). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}
