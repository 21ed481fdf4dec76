// `npm run backup [-- --to DIR]`: a consistent copy of DATA_DIR (default ./data) into
// backups/data-<time>/ (or DIR), safe while npm start or the contact function runs.
//
// Consistent because every data file is append-only JSON lines (functions/contact/jsonl-log.ts):
// each is copied up to its last complete line, so a line being written is left out whole;
// the outbox is copied first, so every message it mentions (and every offset it keeps into
// the message files, which only grow) is in the later copies. Dot files are temp files
// being written (.eml before their rename). The copy is made under a temp name and renamed
// when complete, so a backup folder that exists is a whole one.
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { to: { type: "string" }, data: { type: "string" } } });
const dataDir = resolve(values.data ?? (process.env.DATA_DIR || "./data"));
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace(/-\d{3}Z$/, "Z");
const target = resolve(values.to ?? join("backups", `data-${stamp}`));

if (!(await stat(dataDir).then((s) => s.isDirectory(), () => false))) {
  console.error(`Nothing to back up: ${dataDir} does not exist (set DATA_DIR, or --data DIR).`);
  process.exit(1);
}
if (await stat(target).then(() => true, () => false)) {
  console.error(`${target} already exists: not overwritten.`);
  process.exit(1);
}

const files = await listFiles(dataDir);
// Outbox first (see above), then the rest in name order.
const ordered = [...files.filter((f) => /^outbox.*\.jsonl$/.test(f)), ...files.filter((f) => !/^outbox.*\.jsonl$/.test(f))];
const temp = join(dirname(target), `.${relative(dirname(target), target)}.partial`);
await rm(temp, { recursive: true, force: true });
let lines = 0;
for (const file of ordered) {
  const from = join(dataDir, file);
  const to = join(temp, file);
  await mkdir(dirname(to), { recursive: true });
  if (file.endsWith(".jsonl")) {
    const text = await readFile(from);
    const end = text.lastIndexOf(0x0a) + 1;
    await writeFile(to, text.subarray(0, end));
    lines += text.subarray(0, end).toString("utf8").split("\n").length - 1;
  } else await copyFile(from, to);
  // review-secret is 0600: the copy keeps its mode.
  await chmod(to, (await stat(from)).mode & 0o777);
}
await rename(temp, target);
console.log(`Backed up ${ordered.length} file(s) (${lines} record lines) from ${dataDir} to ${target}`);
console.log("Keep a copy somewhere else too (another disk, or download it): a backup on the same disk does not survive a disk failure.");

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
