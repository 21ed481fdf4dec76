import { consoleLogger, describeError, type Logger } from "../logger";
import type { ClaimedJob, OutboxStore } from "../store/outbox-store";
import { isFleeting, type MailJob } from "../store/records";
import { StoreUnavailableError } from "../store/store-errors";

const MINUTE = 60_000;
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
/** Longer than any send takes (SMTP's socket timeout is a minute, functions/contact/mailer.ts): another instance takes a job over only from a sender that died. */
export const DEFAULT_LEASE_MS = 10 * MINUTE;
const CLAIM_RETRY_MS = 30_000;

export interface OutboxOptions {
  /** Where the jobs are kept (`store.outbox`). */
  store: OutboxStore;
  /** Sends one email; a rejection is retried unless `isPermanent` says otherwise. */
  send: (job: MailJob) => Promise<void>;
  isPermanent?: (error: unknown) => boolean;
  /** Wait before retry n (after failed attempt n); after the last one the job is marked failed. Per job when a function (notifications retry sooner). */
  retryDelays?: readonly number[] | ((job: MailJob) => readonly number[]);
  /** How many jobs may be in flight at once. */
  concurrency?: number;
  /**
   * Of those, how many may be mail that nobody waits on (not a sign-in email, not a notification):
   * the rest of the slots stay free for those, so a mail server that answers slowly (a minute to time
   * out) with a backlog behind it never holds up a code or a lead's notification.
   */
  mailConcurrency?: number;
  leaseMs?: number;
  clock?: () => number;
  logger?: Logger;
}

export interface Outbox {
  /** Makes this process a sender (`store.outbox.open()`) and starts sending what is due. May be retried after a failure. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for sends in flight. No timers are left. */
  stop(): Promise<void>;
}

/**
 * The sending loop: claims due jobs from the store, sends each, and settles it as sent, to
 * be retried (DEFAULT_RETRY_DELAYS) or failed. Jobs reach the store with the post they are
 * about, so nothing is handed to this loop: the store says when jobs were queued (`watch`),
 * and a timer waits for the next retry. A start that failed (DATA_DIR not writable yet) is
 * tried again when the next job is queued.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const {
    store,
    send,
    isPermanent = () => false,
    retryDelays = DEFAULT_RETRY_DELAYS,
    concurrency = 6,
    mailConcurrency = 4,
    leaseMs = DEFAULT_LEASE_MS,
    clock = Date.now,
    logger = consoleLogger,
  } = options;
  const sending = new Map<string, Promise<void>>();
  /** Of `sending`, the mail nobody waits on. */
  let mailSending = 0;
  let wanted = false;
  let started = false;
  let starting: Promise<void> | undefined;
  let failedStarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let unwatch: (() => void) | undefined;
  let pumping: Promise<void> | undefined;
  let again = false;
  let unavailableSaid = false;

  function wake(): void {
    if (!wanted) return;
    if (started) return pump();
    start().catch((error: unknown) => logger.error(`outbox: could not start (${error instanceof Error ? error.message : String(error)}); tried again with the next email`));
  }

  /** Claims as many due jobs as there are free slots, and arms a timer for the next one due. */
  function pump(): void {
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        clearTimeout(timer);
        timer = undefined;
        const free = concurrency - sending.size;
        // When every slot is busy, the next finishing send pumps again.
        if (!started || free <= 0) return;
        const { jobs, nextDueAt } = await store.claim({ now: clock(), limit: free, leaseMs, mailLimit: Math.max(0, mailConcurrency - mailSending) });
        for (const claimed of jobs) launch(claimed);
        if (started && jobs.length < free && nextDueAt !== undefined) {
          // Mail due now but no room for it: a send that finishes pumps again; meanwhile a look each second for a code or a notification.
          const wait = nextDueAt - clock();
          timer = setTimeout(pump, wait <= 0 && mailSending >= mailConcurrency ? 1000 : Math.max(0, wait));
        }
      } while (again);
    })()
      .then(() => void (unavailableSaid = false))
      .catch((error: unknown) => {
        // The store may be back in a moment (a database restarting): try again then, not only at the next post.
        // A store that cannot be reached says so itself: once here too, not at every poll until it is back.
        const unavailable = error instanceof StoreUnavailableError;
        if (!unavailable || !unavailableSaid) logger.error(`outbox: could not take the next emails (${describeError(error)}); trying again in ${CLAIM_RETRY_MS / 1000} s`);
        unavailableSaid ||= unavailable;
        if (started) timer = setTimeout(pump, CLAIM_RETRY_MS);
      })
      .finally(() => {
        pumping = undefined;
      });
  }

  function launch({ job, attempts }: ClaimedJob): void {
    const mail = !isFleeting(job.kind);
    if (mail) mailSending += 1;
    const attempt = attemptSend(job, attempts).finally(() => {
      sending.delete(job.id);
      if (mail) mailSending -= 1;
      pump();
    });
    sending.set(job.id, attempt);
  }

  async function attemptSend(job: MailJob, attempts: number): Promise<void> {
    const tries = attempts + 1;
    try {
      await send(job);
    } catch (error) {
      const lastError = describeError(error);
      const delay = (typeof retryDelays === "function" ? retryDelays(job) : retryDelays)[tries - 1];
      const what = job.kind === "push" ? `notification ${job.id}` : `${job.kind} email ${job.id}`;
      if (isPermanent(error) || delay === undefined) {
        logger.error(`outbox: ${what} failed for good after ${tries} attempt(s): ${lastError}`);
        await store
          .settle(job.id, tries, { outcome: "failed", error: lastError })
          .catch((recordError: unknown) => logger.error(`outbox: could not record the state of ${job.id}`, recordError));
        return;
      }
      const nextAttemptAt = clock() + delay;
      logger.warn(`outbox: ${what} failed (attempt ${tries}), retrying at ${new Date(nextAttemptAt).toISOString()}: ${lastError}`);
      await store
        .settle(job.id, tries, { outcome: "retry", error: lastError, nextAttemptAt })
        .catch((recordError: unknown) => logger.error(`outbox: could not record the state of ${job.id}`, recordError));
      return;
    }
    // If this is not recorded the mail goes out again later: a duplicate beats a loss
    // (and its Message-ID, derived from the job's id, lets mail clients fold it).
    await store
      .settle(job.id, tries, { outcome: "sent" })
      .catch((error: unknown) => logger.error(`outbox: could not record that ${job.id} was sent`, error));
  }

  function start(): Promise<void> {
    wanted = true;
    unwatch ??= store.watch(wake);
    starting ??= store.open().then(
      () => {
        started = true;
        if (failedStarts > 0) logger.warn(`outbox: started after ${failedStarts} failed attempt(s)`);
        failedStarts = 0;
        pump();
      },
      (error: unknown) => {
        // Forget the failure so the next start (or queued job) tries again.
        starting = undefined;
        failedStarts += 1;
        throw error;
      },
    );
    return starting;
  }

  return {
    start,
    async stop() {
      wanted = false;
      unwatch?.();
      unwatch = undefined;
      if (starting) await starting.catch(() => undefined);
      started = false;
      starting = undefined;
      clearTimeout(timer);
      timer = undefined;
      await pumping;
      await Promise.all(sending.values());
      clearTimeout(timer);
    },
  };
}
