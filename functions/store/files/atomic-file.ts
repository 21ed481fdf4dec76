import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "./jsonl-append";

export interface AtomicWriteOptions {
  /** Permissions of the new file: never executable (0644 by default). */
  mode?: number;
  /** Called with the temp file written and fsynced, just before it replaces `file`: the last moment to refuse (conflict check). */
  beforeRename?: () => Promise<void> | void;
}

/**
 * Replaces `file` with `data` so that a crash at any moment leaves either the old
 * file or the new one, whole: written to a temp file beside it (a dot file, which
 * the build, the content watcher and backups pass over), fsynced, renamed over
 * the old one, and the folder fsynced so the rename itself is on disk.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", options.mode ?? 0o644);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}
