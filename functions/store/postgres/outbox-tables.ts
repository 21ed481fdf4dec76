import { randomUUID } from "node:crypto";
import type { ClaimedJob, OutboxStore, UndeliveredJob } from "../outbox-store";
import { mailJobSchema, noticeTag, signInJobSchema, withoutSecret, type ErasedKind, type MailJob } from "../records";
import type { Database } from "./database";
import type { Notifications } from "./notifications";

/** What both a pool and one of its connections can run a statement on. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** How often a sender looks for jobs nobody told it of: posts stored by an instance that stopped before sending them. */
export const OUTBOX_POLL_MS = 15_000;

export type OutboxTables = OutboxStore & {
  /** A post's job was stored by this process: its sender takes it now. */
  queued(): void;
  /**
   * Deletes, in the erasing transaction `client`, every job carrying record `id` of `kind`'s words
   * (records.ts isAbout: its emails, whatever their state, and its notifications). One being sent
   * now goes out; its sender's settling then finds no row.
   */
  forget(client: Queryable, kind: ErasedKind, id: string): Promise<void>;
};

/** The statement's condition for isAbout (records.ts), `$1` the record's id and `$2` its notifications' tag. */
const ABOUT: Record<ErasedKind, string> = {
  message: "kind = 'contact' AND id = $1",
  review: "kind = 'review' AND id = $1",
  visit: "kind = 'estimate-visit' AND job #>> '{visit,id}' = $1",
};

/** `forget`'s statement: `$1` the record's id, `$2` its notifications' tag; each side found by an index (migrations 001, 013). */
export const forgetStatement = (kind: ErasedKind): string =>
  `DELETE FROM mail_jobs WHERE (${ABOUT[kind]}) OR (kind = 'push' AND job #>> '{notice,tag}' = $2)`;

interface JobRow {
  id: string;
  kind: MailJob["kind"];
  job: unknown;
  secret: unknown;
  state: "pending" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
}

/**
 * The mail outbox in PostgreSQL. Any number of instances send: a claim takes due jobs with
 * FOR UPDATE SKIP LOCKED, moves their `due_at` to the end of the lease and writes this
 * store's name in `claimed_by` in the same statement, so two instances never get one job.
 * The lease is short and renewed while the email is on the way (`renew`, the sending loop's
 * heartbeat): a job whose sender died is due again when its last lease runs out, one whose
 * sender lives is never taken from it. Times are the instances' clocks, in milliseconds: they
 * must agree to within a few seconds (NTP), far less than the lease.
 */
export function createOutboxTables(db: Database, notifications: Notifications, clock: () => number): OutboxTables {
  const local = new Set<() => void>();
  const queued = () => {
    for (const listener of local) listener();
  };
  /** This store's name on its claims: another instance's, or this process's before a restart, are not its own. */
  const sender = randomUUID();
  return {
    async forget(client, kind, id) {
      await client.query(forgetStatement(kind), [id, noticeTag(kind, id)]);
    },

    queued,

    async add(job) {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(job.id)) throw new Error(`outbox: a job id is letters, digits and dashes, not "${job.id}"`);
      const secret = job.kind === "sign-in" ? job.secret : null;
      const expiresAt = job.kind === "sign-in" ? Date.parse(job.expiresAt) : null;
      const values = [job.id, job.kind, withoutSecret(job), secret, expiresAt, Date.parse(job.createdAt)];
      const insert = "INSERT INTO mail_jobs (id, kind, job, secret, expires_at, due_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING";
      if (job.kind === "push") {
        // Queued by the instance that stored the post, as the post's own email is: no NOTIFY (commits
        // that notify take turns, post-batches.ts), its own sender takes it now, the others poll.
        await db.query(insert, values);
        return queued();
      }
      await db.query(`WITH job AS (${insert}) SELECT pg_notify('mail_jobs', '')`, values);
    },

    // Nothing to replay: the table is the queue.
    open: async () => undefined,

    async claim({ now, limit, leaseMs, mailLimit = limit }) {
      // One statement, one round trip: a sign-in email past its expiry is failed, its code
      // erased, never sent; the due jobs are claimed, sign-in emails first (the owner is waiting
      // on the code), then notifications to the owner's phone (a lead is waiting on the owner),
      // then the rest (a backlog of mail is not), each by its own index range; and the next due
      // time is read from the rest (the statement's snapshot does not see its own updates, so
      // those are left out).
      const { rows } = await db.query<JobRow & { next_due: string | null }>(
        `WITH expired AS (
           UPDATE mail_jobs SET state = 'failed', secret = NULL, last_error = 'expired before it was sent', settled_at = $1
           WHERE state = 'pending' AND kind = 'sign-in' AND expires_at <= $1 RETURNING id),
         sign_ins AS (
           SELECT id FROM mail_jobs WHERE state = 'pending' AND kind = 'sign-in' AND expires_at > $1 AND due_at <= $1
           ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED),
         pushes AS (
           SELECT id FROM mail_jobs WHERE state = 'pending' AND kind = 'push' AND due_at <= $1
           ORDER BY due_at LIMIT $3 - (SELECT count(*) FROM sign_ins) FOR UPDATE SKIP LOCKED),
         others AS (
           SELECT id FROM mail_jobs WHERE state = 'pending' AND kind NOT IN ('sign-in', 'push') AND due_at <= $1
           ORDER BY due_at LIMIT least($3 - (SELECT count(*) FROM sign_ins) - (SELECT count(*) FROM pushes), $4) FOR UPDATE SKIP LOCKED),
         claimed AS (
           UPDATE mail_jobs SET due_at = $2, claimed_by = $5
           WHERE id IN (SELECT id FROM sign_ins UNION ALL SELECT id FROM pushes UNION ALL SELECT id FROM others)
           RETURNING id, kind, job, secret, attempts)
         SELECT c.*, n.next_due FROM (SELECT min(due_at) AS next_due FROM mail_jobs
           WHERE state = 'pending' AND id NOT IN (SELECT id FROM claimed) AND id NOT IN (SELECT id FROM expired)) n
         LEFT JOIN claimed c ON true`,
        [now, now + leaseMs, limit, mailLimit, sender],
      );
      const due = rows[0]?.next_due;
      const jobs = rows
        .filter((row) => row.id !== null)
        .map((row): ClaimedJob => ({ job: mailJobSchema.parse(row.kind === "sign-in" ? { ...shownSignIn.parse(row.job), secret: row.secret } : row.job), attempts: row.attempts }));
      return { jobs, ...(due ? { nextDueAt: Number(due) } : {}) };
    },

    async renew({ ids, now, leaseMs }) {
      if (ids.length === 0) return [];
      // A lease that ran out is extended too while nobody else has claimed the job: it is still ours.
      const { rows } = await db.query<{ id: string }>("UPDATE mail_jobs SET due_at = $2 WHERE id = ANY($1) AND state = 'pending' AND claimed_by = $3 RETURNING id", [
        [...ids],
        now + leaseMs,
        sender,
      ]);
      return rows.map((row) => row.id);
    },

    async settle(id, attempts, settlement) {
      switch (settlement.outcome) {
        case "sent":
          // Whoever holds the claim now: the email went out.
          await db.query("UPDATE mail_jobs SET state = 'sent', attempts = $2, secret = NULL, last_error = NULL, next_attempt_at = NULL, settled_at = $3, claimed_by = NULL WHERE id = $1", [
            id,
            attempts,
            clock(),
          ]);
          return;
        case "retry":
          // Only by the sender that holds the claim: one whose lease ran out must not move the due time of the sender that took the job over.
          await db.query(
            "UPDATE mail_jobs SET attempts = $2, last_error = $3, next_attempt_at = $4, due_at = $4, settled_at = $5, claimed_by = NULL WHERE id = $1 AND state = 'pending' AND claimed_by = $6",
            [id, attempts, settlement.error, settlement.nextAttemptAt, clock(), sender],
          );
          return;
        case "failed":
          await db.query(
            "UPDATE mail_jobs SET state = 'failed', attempts = $2, last_error = $3, secret = NULL, next_attempt_at = NULL, settled_at = $4, claimed_by = NULL WHERE id = $1 AND state = 'pending' AND claimed_by = $5",
            [id, attempts, settlement.error, clock(), sender],
          );
          return;
      }
    },

    async undelivered() {
      // A sign-in email or a notification that could not go is of no use later: not listed (as in the files store).
      const { rows } = await db.query<JobRow>(
        "SELECT id, kind, job, state, attempts, next_attempt_at, last_error FROM mail_jobs WHERE state = 'pending' OR (state = 'failed' AND kind NOT IN ('sign-in', 'push')) ORDER BY seq",
      );
      return rows.map(
        (row): UndeliveredJob => ({
          id: row.id,
          kind: row.kind,
          state: row.state,
          attempts: row.attempts,
          ...(row.next_attempt_at ? { nextAttemptAt: new Date(Number(row.next_attempt_at)).toISOString() } : {}),
          ...(row.last_error ? { lastError: row.last_error } : {}),
          job: shownJob(row),
        }),
      );
    },

    async delivery(ids) {
      const { rows } = await db.query<{ id: string; state: string }>("SELECT id, state FROM mail_jobs WHERE id = ANY($1)", [[...ids]]);
      const states = new Map(rows.map((row) => [row.id, row.state]));
      return new Map(ids.map((id) => [id, states.get(id) === "pending" ? "waiting" : states.get(id) === "failed" ? "failed" : "sent"]));
    },

    watch(listener) {
      const own = () => listener();
      local.add(own);
      const stopHearing = notifications.on("mail_jobs", own);
      const poll = setInterval(own, OUTBOX_POLL_MS);
      poll.unref();
      return () => {
        local.delete(own);
        stopHearing();
        clearInterval(poll);
      };
    },
  };
}

const shownSignIn = signInJobSchema.omit({ secret: true });

/** A job as kept (a sign-in job without its code and link), checked against its schema. */
function shownJob(row: JobRow): UndeliveredJob["job"] {
  if (row.kind === "sign-in") return shownSignIn.parse(row.job);
  const job = mailJobSchema.parse(row.job);
  return withoutSecret(job);
}
