import type { AddedJob, MailJob, MailKind, ShownJob } from "./records";

/** Where an email stands: not sent yet (or being retried), sent, or given up on. */
export type DeliveryState = "waiting" | "sent" | "failed";

/** A job handed to one sender: nobody else gets it until it is settled or its lease runs out. */
export interface ClaimedJob {
  job: MailJob;
  /** Failed attempts so far. */
  attempts: number;
}

export type Settlement =
  | { outcome: "sent" }
  | { outcome: "retry"; error: string; nextAttemptAt: number }
  | { outcome: "failed"; error: string };

/** A job not sent yet, as `npm run submissions -- --undelivered` lists it (a sign-in job without its code). */
export interface UndeliveredJob {
  id: string;
  kind: MailKind;
  state: "pending" | "failed";
  attempts: number;
  nextAttemptAt?: string;
  lastError?: string;
  job: ShownJob;
}

/**
 * The mail outbox's jobs (`store.outbox`). A stored post's job is written with the post
 * (`messages.add`, `reviews.add`); other mail is queued with `add`. The sending loop
 * (functions/contact/outbox.ts) claims due jobs, sends them and settles each.
 */
export interface OutboxStore {
  /** Queues a job that is not a stored post; durable once this resolves; an id already queued is left as it is. */
  add(job: AddedJob): Promise<void>;
  /**
   * Makes this process a sender (files: replays what is not settled yet and compacts the
   * outbox file; PostgreSQL: nothing to do). May be called again after it failed.
   */
  open(): Promise<void>;
  /**
   * Up to `limit` jobs due at `now`, each claimed for `leaseMs` (another instance may take it
   * after that, should this one die); `nextDueAt`: when the next pending job is due, if any.
   * A sign-in job past its expiry is settled as failed here, never returned.
   */
  claim(request: {
    now: number;
    limit: number;
    leaseMs: number;
    /**
     * Of `limit`, at most this many jobs that are neither sign-in emails nor notifications (default
     * `limit`): a backlog of mail on a slow mail server then leaves room for what someone waits on.
     */
    mailLimit?: number;
  }): Promise<{ jobs: ClaimedJob[]; nextDueAt?: number }>;
  /**
   * The sender's heartbeat: extends its claim on `ids`, jobs it is still sending, to
   * `now + leaseMs`. Answers the ids it still holds; one left out was taken by another sender
   * once its lease had run out (PostgreSQL), or was settled meanwhile.
   */
  renew(request: { ids: readonly string[]; now: number; leaseMs: number }): Promise<string[]>;
  /**
   * Records how a claimed job's attempt ended; `attempts` counts this one if it failed. A retry
   * or failure is recorded only while this sender holds the claim (another sender that took the
   * job over decides it then); `sent` always is, and a job sent is never made failed.
   */
  settle(id: string, attempts: number, settlement: Settlement): Promise<void>;
  /** Jobs not sent: pending and failed, any kind. */
  undelivered(): Promise<UndeliveredJob[]>;
  /** The delivery state of the jobs of these stored posts (a post's job has the post's id); a job not open any more is `sent`. */
  delivery(ids: readonly string[]): Promise<Map<string, DeliveryState>>;
  /** Calls `listener` when jobs were queued (here, or by another instance). Returns a function that stops it. */
  watch(listener: () => void): () => void;
}
