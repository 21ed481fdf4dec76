import { afterAll, beforeAll } from "vitest";
import { startCluster, withClient, type TestCluster } from "../../../tests/postgres-cluster";
import { makeTempDir, recordingLogger } from "../../../tests/test-support";
import { describeStore, type StoreHarness } from "../store-suite";
import type { Store } from "../store";
import { createPostgresStore } from "./postgres-store";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

/** Every row of every table, as text. */
const allRows = (url: string): Promise<string> =>
  withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
    const texts = [];
    for (const { name } of tables.rows) texts.push(...(await client.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)).rows.map((r) => r.row));
    return texts.join("\n");
  });

describeStore("PostgreSQL", async (): Promise<StoreHarness> => {
  const url = await cluster.createDatabase();
  // The owner's desk keeps its files in DATA_DIR (postgres-store.ts).
  const deskDir = await makeTempDir();
  const open: Store[] = [];
  return {
    async open(options = {}) {
      const store = await createPostgresStore({ url, dataDir: deskDir.dir, clock: options.clock, logger: recordingLogger() });
      open.push(store);
      return store;
    },
    atRest: () => allRows(url),
    async cleanup() {
      for (const store of open.splice(0)) await store.close();
      await cluster.dropDatabase(url);
      await deskDir.cleanup();
    },
  };
});
