// `npm run backup [-- --to DIR] [-- --data DIR]`: a consistent copy of everything the servers
// keep (the store: DATA_DIR, default ./data) into backups/data-<time>/ (or DIR), safe while
// npm start or the contact function runs. How the copy stays consistent: the store's
// backup (functions/store/files/backup.ts for the files).
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { storeFromEnv } from "../functions/store/create-store";

const { values } = parseArgs({ options: { to: { type: "string" }, data: { type: "string" } } });
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace(/-\d{3}Z$/, "Z");
const target = resolve(values.to ?? join("backups", `data-${stamp}`));

if (await stat(target).then(() => true, () => false)) {
  console.error(`${target} already exists: not overwritten.`);
  process.exit(1);
}
try {
  const store = await storeFromEnv(process.env, { dataDir: values.data });
  try {
    const { files, records } = await store.backup(target);
    console.log(`Backed up ${files} file(s) (${records} record lines) from ${store.description} to ${target}`);
    console.log("Keep a copy somewhere else too (another disk, or download it): a backup on the same disk does not survive a disk failure.");
  } finally {
    await store.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
