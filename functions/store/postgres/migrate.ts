// Schema changes as numbered SQL files (migrations/NNN-what.sql), applied in order, each in
// its own transaction, recorded in schema_migrations. An advisory lock makes instances that
// start at once take turns: the first applies, the others find it done. A database of a newer
// schema than this version knows is refused (StoreFormatError), never written to.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { StoreFormatError } from "../store-errors";
import type { Database } from "./database";

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");
/** Any fixed number: the advisory lock that migrations hold (two int4 keys: "cedar", "migrate"). */
const LOCK = [0x63656461, 0x6d696772] as const;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (name) => {
      const match = /^(\d{3})-[a-z0-9-]+\.sql$/.exec(name);
      if (!match) throw new Error(`${path.join(dir, name)}: a migration is named NNN-what.sql`);
      return { version: Number(match[1]), name, sql: await readFile(path.join(dir, name), "utf8") };
    }),
  );
}

/** Applies what the database lacks; the names of those applied now (none when it was up to date). */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const known = migrations ?? (await readMigrations());
  const applied: string[] = [];
  for (;;) {
    const next = await db.transaction(async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1, $2)", [...LOCK]);
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
      const { rows } = await client.query<{ version: number | null }>("SELECT max(version) AS version FROM schema_migrations");
      const current = rows[0]?.version ?? 0;
      const newest = known.at(-1)?.version ?? 0;
      if (current > newest) {
        throw new StoreFormatError(`the database ${db.where} has schema version ${current}; this version of the site knows up to ${newest}: run the newer version`);
      }
      const migration = known.find((m) => m.version > current);
      if (!migration) return undefined;
      await client.query(migration.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      return migration.name;
    });
    if (!next) return applied;
    applied.push(next);
  }
}
