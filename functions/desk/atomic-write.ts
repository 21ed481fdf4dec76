import { randomBytes } from "node:crypto";
import { open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "../store/files/jsonl-append";

/** The file operations used; a test passes an `open` whose writes fail half-way, as on a full disk. */
export interface WriteFileSystem {
  open: typeof open;
  rename: typeof rename;
  rm: typeof rm;
}

const nodeFileSystem: WriteFileSystem = { open, rename, rm };

/**
 * Replaces files so that each is either as it was or wholly new, also after a crash or a full
 * disk: every new text goes to a hidden temp file beside its file (a dot file: npm start's
 * watcher ignores it) and is fsynced; only when all are written are they renamed into place,
 * then their folders fsynced. A failure before that removes the temp files and leaves the
 * files as they were.
 */
export async function replaceFiles(files: readonly { file: string; text: string }[], fs: WriteFileSystem = nodeFileSystem): Promise<void> {
  const temps = files.map(({ file }) => path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`));
  try {
    for (const [i, { file, text }] of files.entries()) {
      const mode = await stat(file).then((s) => s.mode & 0o777, () => 0o644);
      const fh = await fs.open(temps[i] ?? "", "wx", mode);
      try {
        await fh.writeFile(text);
        await fh.sync();
      } finally {
        await fh.close();
      }
    }
  } catch (error) {
    await Promise.all(temps.map((temp) => fs.rm(temp, { force: true }).catch(() => undefined)));
    throw error;
  }
  for (const [i, { file }] of files.entries()) await fs.rename(temps[i] ?? "", file);
  for (const dir of new Set(files.map(({ file }) => path.dirname(file)))) await syncDirectory(dir);
}

/** Why a save failed, in the owner's words; undefined for a fault that is ours, not the disk's. */
export function diskProblem(error: unknown): string | undefined {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  if (code === "ENOSPC" || code === "EDQUOT") return "The server's disk is full, so nothing was saved. Free some space on the server, then press Save again: what you typed is still here.";
  if (code === "EROFS" || code === "EACCES" || code === "EPERM") {
    return "The server does not allow changing the site's files (content/ is read-only), so nothing was saved. What you typed is still here.";
  }
  return undefined;
}
