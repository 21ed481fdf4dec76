import { randomBytes } from "node:crypto";
import { link, mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { KeyStore } from "../key-store";
import { classifyDataDirError } from "./data-dir";
import { syncDirectory } from "./jsonl-append";
import { isErrno } from "../../../src/content/errno";

/** Keys as DATA_DIR/<name> (`review-secret`): 32 random bytes as hex, mode 0600, written once. */
export function createKeyFiles(dataDir: string): KeyStore {
  return {
    get: (name) => readOrMake(path.join(dataDir, name)).catch((error: unknown) => Promise.reject(classifyDataDirError(dataDir, error))),
  };
}

/**
 * Two processes starting together agree: the file appears whole (written to a private temp
 * name, fsynced, then hard-linked into place, which fails if another process got there
 * first) and the loser reads the winner's.
 */
async function readOrMake(file: string): Promise<Buffer> {
  const existing = await readKey(file);
  if (existing) return existing;
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  // Random, not the time: two asks of one process in the same millisecond must not share a temp name.
  const tmp = `${file}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`;
  const fh = await open(tmp, "wx", 0o600);
  try {
    await fh.writeFile(`${randomBytes(32).toString("hex")}\n`);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await link(tmp, file);
    await syncDirectory(dir);
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  } finally {
    await rm(tmp, { force: true });
  }
  const key = await readKey(file);
  if (!key) throw new Error(`${file} is empty or not hex; delete it to have a new one made (old review links stop working)`);
  return key;
}

/** A key file's 32 bytes; undefined when it is missing or not 64 hex digits. */
export async function readKey(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = (await readFile(file, "utf8")).trim();
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
  return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, "hex") : undefined;
}
