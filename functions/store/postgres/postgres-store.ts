import { consoleLogger, type Logger } from "../../logger";
import type { Store } from "../store";
import { connectStore, explainStartFailure } from "./connect";
import { openDatabase, type Database } from "./database";
import { exportToFiles } from "./export-files";
import { importFromFiles, type RecordCounts } from "./import-files";
import { createDeskTables } from "./desk-tables";
import { createKeyTables, createLimitTables } from "./limit-keys-tables";
import { createMessageTables } from "./message-tables";
import { migrate } from "./migrate";
import { createNotifications } from "./notifications";
import { createOutboxTables } from "./outbox-tables";
import { createPostTables } from "./post-tables";
import { createPushTables } from "./push-tables";
import { createReviewTables } from "./review-tables";
import { createVisitsTables } from "./visits-tables";

export interface PostgresStoreOptions {
  /** DATABASE_URL: postgres://user:password@host:port/database */
  url: string;
  clock?: () => number;
  logger?: Logger;
  /** Connections this process opens at most (besides the one that listens). */
  maxConnections?: number;
  /**
   * Servers: after a first attempt that could not reach the database (or was refused), return
   * and keep trying (connect.ts), answering StoreUnavailableError until it works; `ready` says
   * when. Otherwise (CLIs) one attempt, and a database that cannot be used is a one-line error here.
   */
  keepTrying?: boolean;
  /** The waits between attempts when keepTrying (default CONNECT_RETRY_MS: 1 s doubling to 30 s). */
  retryMs?: readonly number[];
}

/**
 * The store in PostgreSQL, for several instances on one database (docs/architecture.md "The
 * store"). Applies the migrations it lacks at start (migrate.ts), then listens for the other
 * instances' changes (notifications.ts), through connect.ts: a server's store keeps trying
 * while the database cannot be reached, and every read and write until then, like every one
 * the database cannot take later, is StoreUnavailableError (503); the pool connects again by
 * itself when the database is back.
 */
export type PostgresStore = Store & {
  /** Moves a files store's DATA_DIR into this (empty) database: `npm run data -- import DIR`. */
  importFiles(dataDir: string): Promise<RecordCounts>;
};

export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const { url, clock = Date.now, logger = consoleLogger } = options;
  const pool = openDatabase(url, logger, { max: options.maxConnections });
  const notifications = createNotifications(pool.config, logger);
  const connection = connectStore(pool, notifications, { keepTrying: options.keepTrying ?? false, retryMs: options.retryMs, logger });
  const db = whenConnected(pool, connection.notReady);
  try {
    // A server waits for the first attempt only: with the database up, it starts as ready as before.
    await (options.keepTrying ? connection.tried : connection.ready);
    const outbox = createOutboxTables(db, notifications, clock);
    return {
      ready: connection.ready,
      messages: createMessageTables(db, outbox, clock),
      reviews: createReviewTables(db, notifications, outbox, clock),
      outbox,
      limits: createLimitTables(db, clock),
      visits: createVisitsTables(db),
      desk: createDeskTables(db),
      posts: createPostTables(db),
      push: createPushTables(db, clock),
      keys: createKeyTables(db),
      description: `PostgreSQL database ${db.where}`,
      backup: (target) => exportToFiles(db, target),
      importFiles: (dataDir) => importFromFiles(db, dataDir, clock(), logger),
      async close() {
        connection.stop();
        await connection.ready.catch(() => undefined);
        await notifications.close();
        await pool.end();
      },
    };
  } catch (error) {
    await notifications.close();
    await pool.end();
    throw error;
  }
}

/** The pool for the tables: until the store is connected and migrated, every statement is refused with why (503). */
function whenConnected(pool: Database, notReady: () => Error | undefined): Database {
  return {
    where: pool.where,
    config: pool.config,
    query: (text, values) => {
      const problem = notReady();
      return problem ? Promise.reject(problem) : pool.query(text, values);
    },
    transaction: (work, options) => {
      const problem = notReady();
      return problem ? Promise.reject(problem) : pool.transaction(work, options);
    },
    end: () => pool.end(),
  };
}

/** `npm run db -- migrate`: applies what the database lacks; the migrations applied now. */
export async function migrateDatabase(url: string, logger: Logger = consoleLogger): Promise<{ applied: string[]; where: string }> {
  const db = openDatabase(url, logger, { max: 1 });
  try {
    return { applied: await migrate(db), where: db.where };
  } catch (error) {
    throw explainStartFailure(db.where, error);
  } finally {
    await db.end();
  }
}
