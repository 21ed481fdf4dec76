import { randomBytes } from "node:crypto";
import { link, mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { isErrno } from "../contact/jsonl-log";

/** DATA_DIR/review-secret: 32 random bytes as hex, mode 0600, written once when REVIEW_SECRET is unset. */
export const SECRET_FILE = "review-secret";

/** REVIEW_SECRET shorter than this is refused: a short key could be guessed from the links it signs. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The key that signs review links: REVIEW_SECRET when set, else the one in
 * DATA_DIR, generated on first use. Two processes starting together agree: the
 * file appears whole (written to a private temp name, fsynced, then hard-linked
 * into place, which fails if another process got there first) and the loser reads the winner's.
 */
export async function loadReviewSecret(env: { REVIEW_SECRET?: string }, dataDir: string): Promise<Buffer> {
  const fromEnv = checkReviewSecret(env);
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;

  await mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fh = await open(tmp, "wx", 0o600);
  try {
    await fh.writeFile(`${randomBytes(32).toString("hex")}\n`);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await link(tmp, file);
    const dir = await open(dataDir, "r");
    await dir.sync().finally(() => dir.close());
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  } finally {
    await rm(tmp, { force: true });
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} is empty or not hex; delete it to have a new one made (old review links stop working)`);
  return secret;
}

/** REVIEW_SECRET as a key, undefined when unset; throws (at start, like any bad setting) when it is too short. */
export function checkReviewSecret(env: { REVIEW_SECRET?: string }): Buffer | undefined {
  const value = env.REVIEW_SECRET?.trim();
  if (!value) return undefined;
  if (value.length < MIN_SECRET_LENGTH) throw new Error(`REVIEW_SECRET: use at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -hex 32)`);
  return Buffer.from(value, "utf8");
}

async function readSecret(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = (await readFile(file, "utf8")).trim();
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
  return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, "hex") : undefined;
}
