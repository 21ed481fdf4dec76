import { consoleLogger, type Logger } from "../../logger";
import type { Store } from "../store";
import { openDatabase } from "./database";
import { exportToFiles } from "./export-files";
import { importFromFiles, type RecordCounts } from "./import-files";
import { createDeskTables } from "./desk-tables";
import { createKeyTables, createLimitTables } from "./limit-keys-tables";
import { createMessageTables } from "./message-tables";
import { migrate } from "./migrate";
import { listenForNotifications } from "./notifications";
import { createOutboxTables } from "./outbox-tables";
import { createReviewTables } from "./review-tables";
import { createVisitsTables } from "./visits-tables";

export interface PostgresStoreOptions {
  /** DATABASE_URL: postgres://user:password@host:port/database */
  url: string;
  clock?: () => number;
  logger?: Logger;
  /** Connections this process opens at most (besides the one that listens). */
  maxConnections?: number;
}

/**
 * The store in PostgreSQL, for several instances on one database (docs/architecture.md "The
 * store"). Applies the migrations it lacks at start (migrate.ts), then listens for the other
 * instances' changes (notifications.ts). A database that cannot be reached at start is an
 * error here; once started, every write it cannot make is StoreUnavailableError (503), and
 * the pool connects again by itself when the database is back.
 */
export type PostgresStore = Store & {
  /** Moves a files store's DATA_DIR into this (empty) database: `npm run data -- import DIR`. */
  importFiles(dataDir: string): Promise<RecordCounts>;
};

export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const { url, clock = Date.now, logger = consoleLogger } = options;
  const db = openDatabase(url, logger, { max: options.maxConnections });
  try {
    await migrate(db);
    const notifications = await listenForNotifications(db.config, logger);
    const outbox = createOutboxTables(db, notifications, clock);
    return {
      messages: createMessageTables(db, outbox, clock),
      reviews: createReviewTables(db, notifications, outbox, clock),
      outbox,
      limits: createLimitTables(db, clock),
      visits: createVisitsTables(db),
      desk: createDeskTables(db),
      keys: createKeyTables(db),
      description: `PostgreSQL database ${db.where}`,
      backup: (target) => exportToFiles(db, target),
      importFiles: (dataDir) => importFromFiles(db, dataDir, clock(), logger),
      async close() {
        await notifications.close();
        await db.end();
      },
    };
  } catch (error) {
    await db.end();
    throw error;
  }
}

/** `npm run db -- migrate`: applies what the database lacks; the migrations applied now. */
export async function migrateDatabase(url: string, logger: Logger = consoleLogger): Promise<{ applied: string[]; where: string }> {
  const db = openDatabase(url, logger, { max: 1 });
  try {
    return { applied: await migrate(db), where: db.where };
  } finally {
    await db.end();
  }
}
