import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "../../contact/jsonl-log";

/**
 * Replaces `file` with `text` so that a crash leaves the old file or the new one, whole:
 * a temp file beside it, fsynced, renamed over it, the folder fsynced.
 */
export async function replaceFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  const fh = await open(tmp, "w");
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
  await syncDirectory(path.dirname(file));
}

/** Deletes `file` for good: unlinked, the folder fsynced so the deletion survives a crash. A missing file is fine. */
export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
  await syncDirectory(path.dirname(file)).catch(() => undefined);
}
