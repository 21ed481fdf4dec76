// What a long-running server holds, read from /proc (Linux): its processes' resident memory and
// open files, and the size of a folder it writes. The soak (scripts/bench-soak.ts) samples these.
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface ProcessFigures {
  pid: number;
  /** The process's command line, shortened. */
  command: string;
  rssMb: number;
  openFiles: number;
}

/** The processes of process group `group` (npm and what it started), with their memory and open files. */
export async function groupFigures(group: number): Promise<ProcessFigures[]> {
  const figures: ProcessFigures[] = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so the fields are read after its ")".
    if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== group) continue;
    const status = await readFile(`/proc/${name}/status`, "utf8").catch(() => "");
    const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    const openFiles = (await readdir(`/proc/${name}/fd`).catch(() => [])).length;
    const command = (await readFile(`/proc/${name}/cmdline`, "utf8").catch(() => "")).split("\0").join(" ").trim().slice(0, 80);
    figures.push({ pid: Number(name), command, rssMb: rssKb / 1024, openFiles });
  }
  return figures;
}

/** Bytes and files under `dir` (links not followed); zeros when it is not there. */
export async function folderSize(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const size = await lstat(join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
    bytes += size;
    files++;
  }
  return { bytes, files };
}
