// The files store's backup (`npm run backup`): a consistent copy of DATA_DIR, safe while
// npm start or the contact function runs.
//
// Consistent because every data file is append-only JSON lines (jsonl-append.ts): each is
// copied up to its last complete line, so a line being written is left out whole; the outbox
// is copied first, so every post it mentions (and every offset it keeps into the post files,
// which only grow) is in the later copies. The photo folders are listed and copied last: a
// photo is written before the line that names it, so every photo a copied line names is there. Dot files are temp files being written (.eml
// before their rename). The copy is made under a temp name and renamed when complete, so a
// backup folder that exists is a whole one.
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { BackupSummary } from "../store";
import { MAIL_SECRETS_DIR, MESSAGE_PHOTOS_DIR, OUTBOX_FILE, VISITS_TODAY_FILE } from "./file-names";
import { PHOTOS_DIR } from "./posts-store";
import { isErrno } from "../../../src/content/errno";

export async function backupDataDir(dataDir: string, target: string): Promise<BackupSummary> {
  if (!(await stat(dataDir).then((s) => s.isDirectory(), () => false))) {
    throw new Error(`Nothing to back up: ${dataDir} does not exist (set DATA_DIR, or --data DIR).`);
  }
  // Sign-in codes stay out of backups: they are of no use 15 minutes later, and must not be
  // kept; so does the day's visitor salt, which must be gone once the day ends (visits-files.ts).
  const photoDirs = [PHOTOS_DIR, MESSAGE_PHOTOS_DIR];
  const inPhotoDir = (file: string) => photoDirs.some((dir) => file.startsWith(`${dir}/`));
  const files = (await listFiles(dataDir)).filter((f) => !f.startsWith(`${MAIL_SECRETS_DIR}/`) && f !== VISITS_TODAY_FILE && !inPhotoDir(f));
  // Outbox first (see above), then the rest in name order, then the photos as they are now.
  const ordered = [...files.filter((f) => f === OUTBOX_FILE), ...files.filter((f) => f !== OUTBOX_FILE)];
  const temp = join(dirname(target), `.${relative(dirname(target), target)}.partial`);
  await rm(temp, { recursive: true, force: true });
  let records = 0;
  let copied = 0;
  const copy = async (file: string) => {
    const from = join(dataDir, file);
    const to = join(temp, file);
    await mkdir(dirname(to), { recursive: true });
    try {
      // review-secret is 0600: the copy keeps each file's mode.
      const { mode } = await stat(from);
      if (file.endsWith(".jsonl")) {
        const text = await readFile(from);
        const whole = text.subarray(0, text.lastIndexOf(0x0a) + 1);
        await writeFile(to, whole);
        records += whole.toString("utf8").split("\n").length - 1;
      } else await copyFile(from, to);
      await chmod(to, mode & 0o777);
      copied += 1;
    } catch (error) {
      // Deleted since it was listed (a saved email's secret swept, a day's file ended): nothing to keep.
      if (!isErrno(error, "ENOENT")) throw error;
    }
  };
  for (const file of ordered) await copy(file);
  for (const file of (await listFiles(dataDir)).filter(inPhotoDir)) await copy(file);
  await rename(temp, target);
  return { files: copied, records };
}

/** Files under `dir` relative to it, dot files (temp files being written) left out. */
async function listFiles(dir: string, under = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, under), { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const rel = under ? join(under, entry.name) : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}
