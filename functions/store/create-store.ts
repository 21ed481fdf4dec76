import path from "node:path";
import { consoleLogger, type Logger } from "../logger";
import { createFilesStore } from "./files/files-store";
import { createPostgresStore } from "./postgres/postgres-store";
import type { Store } from "./store";

export interface StoreSettings {
  /** DATA_DIR: the files store's folder, and where the mail transport writes .eml files. */
  dataDir: string;
  /** DATABASE_URL: `postgres://...` keeps everything in PostgreSQL instead (shared/CONTRACT.md). */
  databaseUrl?: string;
  clock?: () => number;
  logger?: Logger;
  /** The servers: a database that cannot be reached yet is waited for, not an error (postgres/connect.ts). */
  keepTrying?: boolean;
}

/** The store the settings name: PostgreSQL when DATABASE_URL is set, else JSON-lines files in DATA_DIR. */
export async function createStore(settings: StoreSettings): Promise<Store> {
  const { databaseUrl, clock, logger = consoleLogger, keepTrying } = settings;
  if (databaseUrl?.trim()) return createPostgresStore({ url: databaseUrl.trim(), clock, logger, keepTrying });
  return createFilesStore({ dataDir: settings.dataDir, clock, logger });
}

/** The store of an environment (DATA_DIR, default ./data; DATABASE_URL), as the servers and CLIs use it. */
export function storeFromEnv(env: { DATA_DIR?: string; DATABASE_URL?: string }, options: { dataDir?: string; logger?: Logger; keepTrying?: boolean } = {}): Promise<Store> {
  return createStore({ dataDir: dataDirFromEnv(env, options.dataDir), databaseUrl: env.DATABASE_URL, logger: options.logger, keepTrying: options.keepTrying });
}

/** DATA_DIR as an absolute path: `override` (a CLI's --data), else $DATA_DIR, else ./data. */
export function dataDirFromEnv(env: { DATA_DIR?: string }, override?: string): string {
  return path.resolve(override ?? (env.DATA_DIR || "./data"));
}

/**
 * A server's store (npm start, npm run dev, the contact function alone): a database that cannot
 * be reached or refuses it is waited for (postgres/connect.ts); an error that retrying cannot
 * fix (a migration that fails, a schema newer than this version) stops the process with one
 * line and status 1, so a container platform or systemd shows it and a rolling deploy stops there.
 */
export async function serverStore(env: { DATA_DIR?: string; DATABASE_URL?: string }, options: { label: string; logger?: Logger }): Promise<Store> {
  const stop = (error: unknown): never => {
    console.error(`${options.label}${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
  const store = await storeFromEnv(env, { logger: options.logger, keepTrying: true }).catch(stop);
  store.ready.catch(stop);
  return store;
}
