// The connection pool of a PostgreSQL store, and what its failures mean: a database that
// cannot be reached, is shutting down or cannot take writes is StoreUnavailableError (the
// functions answer 503 and the post can be sent again); anything else is a fault of ours.
import pg from "pg";
import { describeError, type Logger } from "../../logger";
import { StoreUnavailableError } from "../store-errors";

export interface Database {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Runs `work` in one transaction on one connection; committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>, options?: { readOnlySnapshot?: boolean }): Promise<T>;
  /** host:port/database, for messages: never the password. */
  readonly where: string;
  readonly config: pg.ClientConfig;
  end(): Promise<void>;
}

/** Node's errors for a server that cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * PostgreSQL's SQLSTATEs for "not now": 08 connection exceptions, 53 insufficient resources
 * (disk full, too many connections), 57P0x the server shutting down or starting, 25006 a
 * read-only server (a standby after a failover).
 */
function isUnavailable(error: Error): boolean {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (NETWORK_CODES.has(code) || code.startsWith("08") || code.startsWith("53") || /^57P0[1-4]$/.test(code) || code === "25006") return true;
  // node-postgres says these in words, without a code.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection timeout/i.test(error.message);
}

export function classifyDatabaseError(where: string, error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !(error instanceof Error) || !isUnavailable(error)) return error;
  return new StoreUnavailableError(`the database ${where} cannot take writes now (${describeError(error)})`, { cause: error });
}

export function openDatabase(url: string, logger: Logger, options: { max?: number } = {}): Database {
  const parsed = new URL(url);
  const where = `${parsed.hostname || parsed.searchParams.get("host") || "localhost"}:${parsed.port || "5432"}${parsed.pathname}`;
  // A post waits at most this long for a connection: a visitor gets 503 rather than a hang.
  const config: pg.ClientConfig = { connectionString: url, connectionTimeoutMillis: 5_000, application_name: "cedar-ridge" };
  const pool = new pg.Pool({ ...config, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection the server dropped (a restart) is an event, not a crash: the pool makes a new one when asked.
  pool.on("error", (error) => logger.warn(`store: a connection to ${where} was lost (${describeError(error)}); a new one is made when needed`));
  const classify = (error: unknown) => classifyDatabaseError(where, error);

  return {
    where,
    config,
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      try {
        return await pool.query<R>(text, values);
      } catch (error) {
        throw classify(error);
      }
    },
    async transaction(work, { readOnlySnapshot = false } = {}) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw classify(error);
      }
      let broken: unknown;
      try {
        await client.query(readOnlySnapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
        const result = await work(client);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollback: unknown) => (broken = rollback));
        throw classify(error);
      } finally {
        // A connection that could not even roll back is dropped, not handed to the next query.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    end: () => pool.end(),
  };
}
