// The privacy page's "We keep messages and bookings for two years ... and then delete them":
// content/site.json's messagesKeptFor, read at each sweep, and the messages received and the
// visits that started before then erased for good through the same store calls as the desk's
// Delete message and Delete booking (messages.erase, estimateVisits.erase), their emails kept as
// files with them. Every server sweeps once when it starts (half a minute in) and then once a day;
// on PostgreSQL the daily sweep is claimed by one instance (visits.claim), and a sweep that runs on
// two at once is still right: each erase is one transaction that erases once, the other finds nothing.
// A sweep that erased something says so in the desk's audit log, counts only (no visitor's words).
import { keptSince, parseKeptFor } from "../../src/content/kept-for";
import type { Site } from "../../src/content/site";
import { businessDay, startOfBusinessDay } from "../../src/format/business-time";
import { consoleLogger, describeError, type Logger } from "../logger";
import { visitJobIds } from "../store/records";
import type { Store } from "../store/store";
import { StoreUnavailableError } from "../store/store-errors";

const DAY_MS = 86_400_000;
/** After a sweep that failed, the next try: the day's deletions are not put off a whole day. */
const RETRY_MS = 3_600_000;
const FIRST_AFTER_MS = 30_000;
/** Who the store is told erased them (the desk's erases name the owner). */
export const SWEEP_BY = "retention sweep (messagesKeptFor)";

/** "3 messages", "1 booking"; nothing for none. */
const counted = (n: number, noun: string) => (n === 0 ? "" : `${n} ${noun}${n === 1 ? "" : "s"}`);

export interface SweepResult {
  /** The first moment still kept (an ISO time): midnight on the business clock, messagesKeptFor before today. */
  keptSince: string;
  messages: number;
  bookings: number;
}

export interface RetentionSweep {
  /** Erases what is past keeping now; how many this call erased (another instance's erases are not counted). */
  sweep(): Promise<SweepResult>;
  /** No more sweeps; resolves once the one under way (if any) is done, before the store closes. */
  stop(): Promise<void>;
}

export function startRetentionSweep(options: {
  store: Pick<Store, "messages" | "estimateVisits" | "visits" | "desk">;
  /** The site as content/site.json says it now (the owner may change messagesKeptFor while the server runs). */
  site: () => Promise<Pick<Site, "messagesKeptFor" | "timeZone">>;
  /** The mail transport's copies of a job's emails kept as files (functions/contact/mailer.ts forget). */
  forgetMail?: (id: string) => Promise<void>;
  clock?: () => number;
  logger?: Logger;
  everyMs?: number;
  /** The first sweep, this long after the start: not in the way of the start's own work (the first build, the outbox's replay). */
  firstAfterMs?: number;
}): RetentionSweep {
  const { store, forgetMail, clock = Date.now, logger = consoleLogger, everyMs = DAY_MS, firstAfterMs = FIRST_AFTER_MS } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function sweep(): Promise<SweepResult> {
    const site = await options.site();
    const keptFor = parseKeptFor(site.messagesKeptFor);
    // The site schema refuses anything else (src/content/site.ts); this keeps the type honest.
    if (!keptFor) throw new Error(`content/site.json: messagesKeptFor: cannot read "${site.messagesKeptFor}"`);
    const since = new Date(startOfBusinessDay(keptSince(businessDay(clock(), site.timeZone), keptFor), site.timeZone)).toISOString();
    let messages = 0;
    for (const id of await store.messages.receivedBefore(since)) {
      // Stopping (the server closes its store): the rest waits for the next start.
      if (stopped) break;
      if (await store.messages.erase(id, SWEEP_BY)) messages += 1;
      await forgetMail?.(id);
    }
    let bookings = 0;
    for (const id of await store.estimateVisits.startedBefore(since)) {
      if (stopped) break;
      if (await store.estimateVisits.erase(id, SWEEP_BY)) bookings += 1;
      for (const job of visitJobIds(id)) await forgetMail?.(job);
    }
    if (messages + bookings > 0) {
      const what = [counted(messages, "message"), counted(bookings, "booking")].filter(Boolean).join(" and ");
      await store.desk.audit({ at: new Date(clock()).toISOString(), who: SWEEP_BY, action: `deleted ${what} older than ${site.messagesKeptFor}`, from: "the server" });
    }
    return { keptSince: since, messages, bookings };
  }

  /** The daily sweep, by the one instance that claims the day (every instance sweeps at its start). */
  async function daily(): Promise<void> {
    const site = await options.site();
    if (await store.visits.claim(`retention-sweep-${businessDay(clock(), site.timeZone)}`)) await sweep();
  }

  function run(work: () => Promise<unknown>): void {
    let next = everyMs;
    let failed = false;
    running = Promise.resolve()
      .then(work)
      .then(() => undefined)
      .catch((error: unknown) => {
        next = Math.min(everyMs, RETRY_MS);
        failed = true;
        // A store that cannot be reached (DATA_DIR, the database) says so itself, with the contact function.
        if (!(error instanceof StoreUnavailableError)) logger.error(`retention: could not delete the messages and bookings past keeping (${describeError(error)}); trying again in an hour`);
      })
      .finally(() => {
        if (stopped) return;
        // After a failure the day's claim may be taken already (by this sweep): the retry sweeps unclaimed.
        timer = setTimeout(() => run(failed ? sweep : daily), next);
        timer.unref();
      });
  }
  timer = setTimeout(() => run(sweep), firstAfterMs);
  timer.unref();
  return {
    sweep,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      return running;
    },
  };
}
