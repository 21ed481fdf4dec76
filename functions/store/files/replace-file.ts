// Whole-file writes for the files store: a file that is replaced (a compaction, a secret)
// is either the old one or the new one after a crash, never half of each.
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "./jsonl-append";

/**
 * Replaces `file` with `text`: a temp file beside it, fsynced, renamed over it, the folder
 * fsynced. The temp name starts with a dot, which backups skip (backup.ts): they copy the
 * old file or the new one, never the one being written.
 */
export async function replaceFile(file: string, text: string, options: { mode?: number } = {}): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.tmp`);
  const fh = await open(tmp, "w", options.mode ?? 0o666);
  try {
    await fh.writeFile(text);
    await fh.sync();
  } catch (error) {
    await fh.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await fh.close();
  await rename(tmp, file);
  await syncDirectory(dir);
}

/** Deletes `file` for good: unlinked, the folder fsynced so the deletion survives a crash. A missing file is fine. */
export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
  await syncDirectory(path.dirname(file)).catch(() => undefined);
}
