import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCluster, type TestCluster } from "../../../tests/postgres-cluster";
import { recordingLogger } from "../../../tests/test-support";
import { StoreFormatError } from "../store-errors";
import { openDatabase } from "./database";
import { migrate, readMigrations } from "./migrate";
import { createPostgresStore } from "./postgres-store";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

it("applies each migration once when several instances start at once on an empty database", async () => {
  const url = await cluster.createDatabase();
  const known = await readMigrations();
  // A second migration, so that turns are taken over more than one step.
  const migrations = [...known, { version: 999, name: "999-test-table.sql", sql: "CREATE TABLE migrated_once (n integer)" }];
  const dbs = Array.from({ length: 4 }, () => openDatabase(url, recordingLogger()));
  try {
    const applied = await Promise.all(dbs.map((db) => migrate(db, migrations)));
    expect(applied.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
    const [db] = dbs;
    if (!db) throw new Error("no database");
    const { rows } = await db.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    expect(await migrate(db, migrations)).toEqual([]);
  } finally {
    await Promise.all(dbs.map((db) => db.end()));
  }
});

it("refuses a database of a newer schema, naming both versions, and writes nothing", async () => {
  const url = await cluster.createDatabase();
  await (await createPostgresStore({ url, logger: recordingLogger() })).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("INSERT INTO schema_migrations (version, name) VALUES (999, '999-from-a-newer-version.sql')");
  await client.end();
  const refused = await createPostgresStore({ url, logger: recordingLogger() }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(StoreFormatError);
  const newest = (await readMigrations()).at(-1)?.version;
  expect(String(refused)).toContain(`has schema version 999; this version of the site knows up to ${newest}: run the newer version`);
});
