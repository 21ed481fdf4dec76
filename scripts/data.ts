// `npm run data -- export DIR` / `npm run data -- import DIR`: everything the servers keep,
// between the JSON-lines files and the store in use (shared/CONTRACT.md).
//  - export: the store in use (DATABASE_URL, else DATA_DIR) into DIR, a new folder laid out as
//    a DATA_DIR: one consistent snapshot (the store's backup), then read back and counted.
//  - import: a DATA_DIR (DIR) into the PostgreSQL database of DATABASE_URL, which must be
//    empty: every record checked, all in one transaction, counted back.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { storeFromEnv } from "../functions/store/create-store";
import { checkFormats } from "../functions/store/files/format-check";
import { readJsonl } from "../functions/store/files/jsonl-read";
import { createPostgresStore } from "../functions/store/postgres/postgres-store";

const [command, dir] = process.argv.slice(2);
const usage = "Usage: npm run data -- export DIR   (DIR: a new folder)\n       npm run data -- import DIR   (DIR: a DATA_DIR; DATABASE_URL names an empty database)";

/** Records in the folder's JSON-lines files, each line read back as JSON; a line that is not is an error. */
async function countLines(folder: string): Promise<number> {
  let count = 0;
  for (const name of (await readdir(folder)).filter((n) => n.endsWith(".jsonl"))) {
    const bad: string[] = [];
    const keep = (line: string) => void bad.push(line);
    count += (await readJsonl(path.join(folder, name), (value) => value, { warn: keep, error: keep })).length;
    if (bad.length > 0) throw new Error(`the export is not whole: ${bad[0]}`);
  }
  return count;
}

async function exportTo(target: string): Promise<void> {
  if (await stat(target).then(() => true, () => false)) throw new Error(`${target} already exists: not overwritten.`);
  const store = await storeFromEnv(process.env);
  try {
    const { files, records } = await store.backup(target);
    await checkFormats(target);
    const readBack = await countLines(target);
    if (readBack !== records) throw new Error(`wrote ${records} records to ${target} but read back ${readBack}`);
    console.log(`Exported ${records} records in ${files} file(s) from ${store.description} to ${target}; read back and counted: ${readBack}.`);
  } finally {
    await store.close();
  }
}

async function importFrom(source: string): Promise<void> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error(`DATABASE_URL is not set: to use the files in ${source}, set DATA_DIR=${source} instead.`);
  if (!(await stat(source).then((s) => s.isDirectory(), () => false))) throw new Error(`${source} is not a folder.`);
  const store = await createPostgresStore({ url });
  try {
    const counts = await store.importFiles(source);
    console.log(`Imported ${source} into ${store.description}, every record checked and counted back:`);
    for (const [what, count] of Object.entries(counts)) console.log(`  ${what.padEnd(24)} ${count}`);
  } finally {
    await store.close();
  }
}

if ((command !== "export" && command !== "import") || !dir) {
  console.error(usage);
  process.exit(2);
}
try {
  if (command === "export") await exportTo(path.resolve(dir));
  else await importFrom(path.resolve(dir));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
