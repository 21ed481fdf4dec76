import { createHash } from "node:crypto";
import { mkdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { SHA256_HEX, type PhotoStore } from "../photo-store";
import { writeFileAtomic } from "./atomic-file";
import { classifyDataDirError } from "./data-dir";
import { syncDirectory } from "./jsonl-append";

/**
 * Photos as files named by their bytes' SHA-256 in `dir` (DATA_DIR/post-photos, DATA_DIR/message-photos):
 * written whole (temp file, fsync, rename, folder fsync, files/atomic-file.ts), so a photo whose
 * name is there is all there; a second put of the same bytes finds it and writes nothing.
 */
export function createPhotoFolder(dir: string): PhotoStore {
  return {
    async put(bytes) {
      const sha = createHash("sha256").update(bytes).digest("hex");
      const file = join(dir, sha);
      if (await stat(file).then((s) => s.size === bytes.byteLength, () => false)) return sha;
      try {
        await mkdir(dir, { recursive: true });
        await writeFileAtomic(file, bytes);
      } catch (error) {
        // A full or read-only disk is a 503 like any write the store cannot make now (data-dir.ts).
        throw classifyDataDirError(dir, error);
      }
      return sha;
    },
    async get(sha) {
      if (!SHA256_HEX.test(sha)) return undefined;
      return readFile(join(dir, sha)).catch(() => undefined);
    },
  };
}

/** Deletes the photos `shas` of folder `dir` for good (a message erased, message-files.ts), then makes that durable (folder fsync). */
export async function removePhotos(dir: string, shas: Iterable<string>): Promise<void> {
  const names = [...shas].filter((sha) => SHA256_HEX.test(sha));
  if (names.length === 0) return;
  try {
    await Promise.all(names.map((sha) => rm(join(dir, sha), { force: true })));
    await syncDirectory(dir).catch((error: unknown) => {
      // No folder: no photo was ever kept, so none is left.
      if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
    });
  } catch (error) {
    throw classifyDataDirError(dir, error);
  }
}
