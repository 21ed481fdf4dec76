import { consoleLogger, describeError, type Logger } from "../logger";
import type { ClaimedJob, OutboxStore } from "../store/outbox-store";
import { isFleeting, type MailJob } from "../store/records";
import { StoreUnavailableError } from "../store/store-errors";

const MINUTE = 60_000;
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
/**
 * How long a claim lasts unless its sender renews it. Short, because it is renewed every third
 * of it while the email is on the way (the heartbeat): a job whose sender died (SIGKILL, power)
 * is taken by another instance at most this long after the sender's last heartbeat, while a
 * send that takes longer (SMTP's socket timeout is a minute, functions/contact/mailer.ts) is
 * never taken from a sender that lives.
 */
export const DEFAULT_LEASE_MS = 30_000;
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
  /** How long a claim lasts unless renewed (DEFAULT_LEASE_MS); the heartbeat renews it every third of it. */
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
 *
 * While emails are on the way, a heartbeat renews their claims every third of the lease, so
 * another instance takes a job over only once this one has stopped (died, or cut off from the
 * store for a whole lease). Exactly once, or retried: a job is sent twice only when its sender
 * handed it to the mail server and then could not record it (it died, or the store was out of
 * reach, in that one round trip), or when the sender lives but missed every heartbeat of a lease
 * while its send was in flight (the store out of its reach, or its event loop stalled, for 20 s
 * or more); both copies carry one Message-ID, so mail clients show one.
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
  /** Jobs whose email is with the mail server now: the heartbeat renews their claims. */
  const onTheWay = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;
  let renewing = false;
  let renewFailedSaid = false;
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
    // Claimed again while still on its way (this sender's lease ran out, nobody else took it): the claim is renewed, the send goes on.
    if (sending.has(job.id)) return;
    const mail = !isFleeting(job.kind);
    if (mail) mailSending += 1;
    const attempt = attemptSend(job, attempts).finally(() => {
      sending.delete(job.id);
      if (mail) mailSending -= 1;
      pump();
    });
    sending.set(job.id, attempt);
  }

  /** Renews the claims of the emails on the way; says so when one was taken over (it may go out twice). */
  async function renew(): Promise<void> {
    if (renewing || onTheWay.size === 0) return;
    renewing = true;
    const ids = [...onTheWay];
    try {
      const held = new Set(await store.renew({ ids, now: clock(), leaseMs }));
      renewFailedSaid = false;
      for (const id of ids) {
        if (!held.has(id) && onTheWay.has(id)) logger.warn(`outbox: another sender took over email ${id} while this one was still sending it (its claim ran out); it may arrive twice, with one Message-ID`);
      }
    } catch (error) {
      // The next beat tries again; a lease outlives two missed beats.
      if (!renewFailedSaid) logger.error(`outbox: could not renew the claim on ${ids.length} email(s) being sent (${describeError(error)}); trying again in ${Math.round(leaseMs / 3000)} s`);
      renewFailedSaid = true;
    } finally {
      renewing = false;
    }
  }

  /** Sends with the claim renewed until the mail server has answered; the settling is one round trip after. */
  async function sendRenewed(job: MailJob): Promise<void> {
    onTheWay.add(job.id);
    if (!heartbeat) {
      heartbeat = setInterval(() => void renew(), Math.max(1, Math.floor(leaseMs / 3)));
      heartbeat.unref();
    }
    try {
      await send(job);
    } finally {
      onTheWay.delete(job.id);
      if (onTheWay.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    }
  }

  async function attemptSend(job: MailJob, attempts: number): Promise<void> {
    const tries = attempts + 1;
    try {
      await sendRenewed(job);
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
