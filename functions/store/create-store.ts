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
}

/** The store the settings name: PostgreSQL when DATABASE_URL is set, else JSON-lines files in DATA_DIR. */
export async function createStore(settings: StoreSettings): Promise<Store> {
  const { databaseUrl, clock, logger = consoleLogger } = settings;
  if (databaseUrl?.trim()) return createPostgresStore({ url: databaseUrl.trim(), clock, logger });
  return createFilesStore({ dataDir: settings.dataDir, clock, logger });
}

/** The store of an environment (DATA_DIR, default ./data; DATABASE_URL), as the servers and CLIs use it. */
export function storeFromEnv(env: { DATA_DIR?: string; DATABASE_URL?: string }, options: { dataDir?: string; logger?: Logger } = {}): Promise<Store> {
  return createStore({ dataDir: dataDirFromEnv(env, options.dataDir), databaseUrl: env.DATABASE_URL, logger: options.logger });
}

/** DATA_DIR as an absolute path: `override` (a CLI's --data), else $DATA_DIR, else ./data. */
export function dataDirFromEnv(env: { DATA_DIR?: string }, override?: string): string {
  return path.resolve(override ?? (env.DATA_DIR || "./data"));
}
