// Bringing a PostgreSQL store up: its migrations (migrate.ts), then the connection that hears
// the other instances (notifications.ts). A server keeps trying until the database answers
// (containers start in any order, a managed database restarts): the pages are served
// meanwhile and posts are answered 503 as when the database goes down mid-run. A CLI tries
// once and says in one line what is wrong.
import { describeError, type Logger } from "../../logger";
import { StoreFormatError, StoreUnavailableError } from "../store-errors";
import { classifyDatabaseError, type Database } from "./database";
import { migrate } from "./migrate";
import type { Notifications } from "./notifications";

/** Waits between attempts: 1 s, doubling, at most 30 s. */
export const CONNECT_RETRY_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

export interface StoreConnection {
  /**
   * Resolves once the schema is applied and the store listens. Rejects with an error that
   * retrying cannot fix (a migration that fails, a database of a newer schema), or, trying
   * once, with whatever stopped it: a one-line message for the log.
   */
  readonly ready: Promise<void>;
  /** Resolves after the first attempt, whether it connected or will be tried again; rejects as `ready` when it cannot be. */
  readonly tried: Promise<void>;
  /** Why the store cannot be used yet (answered 503); undefined once ready. */
  notReady(): StoreUnavailableError | undefined;
  /** Stops trying (the store is closed). */
  stop(): void;
}

export interface ConnectOptions {
  /** Servers: retry with backoff until the database answers. CLIs: one attempt. */
  keepTrying: boolean;
  retryMs?: readonly number[];
  logger: Logger;
}

/**
 * What a start attempt's failure means: the database not there yet (retry); the database
 * there but refusing this server: a wrong user or password (SQLSTATE class 28) or a
 * database that does not exist (3D000), fixed outside this process and then picked up by
 * the next attempt; or anything else, which another attempt cannot change.
 */
type Failure = { kind: "unreachable" | "refused"; error: Error } | { kind: "fatal"; error: Error };

function failureOf(where: string, raw: unknown): Failure {
  const error = classifyDatabaseError(where, raw);
  if (error instanceof StoreUnavailableError) return { kind: "unreachable", error };
  const code = sqlState(error);
  if (error instanceof Error && (code.startsWith("28") || code === "3D000")) return { kind: "refused", error };
  return { kind: "fatal", error: error instanceof Error ? error : new Error(String(error)) };
}

const sqlState = (error: unknown): string => (error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : "");

/** The cause in one line, never the password (node-postgres names the user, not the password). */
const causeOf = (error: Error): string => describeError(error instanceof StoreUnavailableError && error.cause ? error.cause : error);

/** What to do about a refusal, in the words of someone setting DATABASE_URL. */
function remedy(error: Error): string {
  if (sqlState(error) === "3D000") return "create that database (createdb) or correct its name in DATABASE_URL";
  return "correct the user or password in DATABASE_URL, or the database's";
}

/** One line for a start that failed: what is wrong with the database named, and what to do. */
export function explainStartFailure(where: string, raw: unknown): Error {
  const failure = failureOf(where, raw);
  const { error } = failure;
  if (error instanceof StoreFormatError) return error;
  if (failure.kind === "unreachable") return new StoreUnavailableError(`cannot reach the database ${where} (${causeOf(error)}): is PostgreSQL running there, and is DATABASE_URL right?`, { cause: error });
  if (failure.kind === "refused") return new Error(`the database ${where} refuses this server (${causeOf(error)}): ${remedy(error)}`, { cause: error });
  return new Error(`the database ${where} could not be prepared (${causeOf(error)}): a migration failed and was rolled back; this version cannot run on it`, { cause: error });
}

export function connectStore(db: Database, notifications: Notifications, options: ConnectOptions): StoreConnection {
  const { keepTrying, logger, retryMs = CONNECT_RETRY_MS } = options;
  const longest = retryMs.at(-1) ?? 30_000;
  let problem: StoreUnavailableError | undefined = new StoreUnavailableError(`the database ${db.where} is not connected yet`);
  let stopped = false;
  let waiting: { timer: NodeJS.Timeout; done: () => void } | undefined;

  let firstTried: () => void = () => undefined;
  const tried = new Promise<void>((resolve) => (firstTried = resolve));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      waiting = { timer: setTimeout(resolve, ms), done: resolve };
    });

  async function attempt(): Promise<string[]> {
    const applied = await migrate(db);
    await notifications.start();
    return applied;
  }

  const ready = (async () => {
    const since = Date.now();
    let failures = 0;
    let said = "";
    for (;;) {
      try {
        const applied = await attempt();
        problem = undefined;
        if (failures > 0) {
          // What waited for the database (the outbox, the site's approved reviews) goes on now.
          notifications.callAll();
          const schema = applied.length > 0 ? `applied ${applied.join(", ")}` : "its schema is up to date";
          logger.warn(`store: the database ${db.where} answers now, after ${Math.round((Date.now() - since) / 1000)} s; ${schema}; posts are stored again`);
        }
        return;
      } catch (raw) {
        const failure = failureOf(db.where, raw);
        if (stopped) throw new StoreUnavailableError(`the store was closed before the database ${db.where} answered`);
        if (!keepTrying || failure.kind === "fatal") throw explainStartFailure(db.where, raw);
        failures += 1;
        const cause = causeOf(failure.error);
        problem = new StoreUnavailableError(`the database ${db.where} cannot be reached yet (${cause})`, { cause: failure.error });
        // A refusal is not hammered: a managed database may lock out an address that keeps failing to sign in.
        const delay = failure.kind === "refused" ? longest : (retryMs[Math.min(failures - 1, retryMs.length - 1)] ?? longest);
        // Said once per kind of problem (and again if it changes), not at every attempt.
        const what = failure.kind === "refused" ? `refused:${sqlState(failure.error)}` : "unreachable";
        if (what !== said) {
          said = what;
          logger.error(
            failure.kind === "refused"
              ? `store: the database ${db.where} refuses this server (${cause}); retrying alone will not fix this: ${remedy(failure.error)}. The site is served meanwhile and posts are answered 503; trying again every ${longest / 1000} s`
              : `store: cannot reach the database ${db.where} (${cause}); the site is served meanwhile and posts are answered 503; trying again in ${delay / 1000} s, then at most every ${longest / 1000} s, until it answers`,
          );
        }
        firstTried();
        await pause(delay);
        if (stopped) throw new StoreUnavailableError(`the store was closed before the database ${db.where} answered`);
      }
    }
  })();
  // The owner of the store decides what a rejection means (servers: exit); never an unhandled rejection.
  const triedOrFailed = Promise.race([ready, tried]);
  for (const promise of [ready, triedOrFailed]) promise.catch(() => undefined);

  return {
    ready,
    tried: triedOrFailed,
    notReady: () => problem,
    stop() {
      stopped = true;
      if (waiting) {
        clearTimeout(waiting.timer);
        waiting.done();
      }
    },
  };
}
