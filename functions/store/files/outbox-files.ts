import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { consoleLogger, describeError, type Logger } from "../../logger";
import type { ClaimedJob, DeliveryState, OutboxStore, Settlement, UndeliveredJob } from "../outbox-store";
import {
  contactJob,
  contactJobSchema,
  isAbout,
  isFleeting,
  pushJobSchema,
  reportJobSchema,
  reviewJob,
  reviewJobSchema,
  signInJobSchema,
  storedReviewSchema,
  submissionSchema,
  visitEventSchema,
  visitJobs,
  visitJobSchema,
  withoutSecret,
  type AddedJob,
  type ErasedKind,
  type MailJob,
  type ShownJob,
  type SignInJob,
} from "../records";
import { appendIn, classifyDataDirError } from "./data-dir";
import { createDueQueue } from "./due-queue";
import { ESTIMATE_VISITS_FILE, MAIL_SECRETS_DIR, OUTBOX_FILE, REVIEWS_FILE, SUBMISSIONS_FILE } from "./file-names";
import { createJsonlAppender, syncDirectory } from "./jsonl-append";
import { isErrno } from "../../../src/content/errno";
import { erasedId, erasedLineText } from "./erased-line";
import { parseJsonLine, readBytes, readJsonl, readJsonlFrom, scanBackward, type JsonlLine } from "./jsonl-read";
import { replaceFile } from "./replace-file";

/**
 * Mail durability. The line a post is stored as (submissions.jsonl, reviews.jsonl) is its
 * mail job: storing and queueing are one write + fsync, so no crash can leave a stored
 * post that is never mailed. outbox.jsonl records only what happened to jobs since (retry,
 * sent, failed), by id, and the jobs that are not a stored post (`add`: sign-in, report).
 *
 * When a process opens the outbox it replays the files: every stored post without a `sent`
 * or `failed` record is pending. It then compacts outbox.jsonl to a watermark per file of
 * posts (how many of its bytes are accounted for) plus one `queued` line, carrying the job,
 * per job still open. A start therefore reads only what was stored since the last one,
 * however many posts the site has had.
 *
 * A sign-in job's code and link are not written to outbox.jsonl: they wait in
 * mail-secrets/<id>.json (mode 0600), removed once the job is sent, failed or expired.
 */

/** A stored line and the mail jobs it holds: a post's one notification, a visit's emails about what happened. */
interface SourceLine {
  /** The line's own id and time: what a watermark remembers it by. */
  id: string;
  createdAt: string;
  jobs: MailJob[];
}

/** A file of stored posts (or visits) whose lines are mail jobs. */
interface JobSource {
  file: string;
  /** The jobs a stored line holds, or undefined for a line that is not one. */
  parse: (value: unknown) => SourceLine | undefined;
}

const lineOf = (jobs: MailJob[]): SourceLine | undefined => (jobs[0] ? { id: jobs[0].id, createdAt: jobs[0].createdAt, jobs } : undefined);

const SOURCES: readonly JobSource[] = [
  {
    file: SUBMISSIONS_FILE,
    parse: (value) => {
      const message = submissionSchema.safeParse(value).data;
      return message && lineOf([contactJob(message)]);
    },
  },
  {
    file: REVIEWS_FILE,
    parse: (value) => {
      const review = storedReviewSchema.safeParse(value).data;
      return review && lineOf([reviewJob(review)]);
    },
  },
  {
    // A booking's line holds the invitations to the visitor and the owner; a cancellation's, both cancellations; a reminder's, one.
    file: ESTIMATE_VISITS_FILE,
    parse: (value) => {
      const change = visitEventSchema.safeParse(value).data;
      return change && lineOf(visitJobs(change));
    },
  },
];

const watermarkEvent = z.object({
  event: z.literal("watermark"),
  at: z.string(),
  /** The file of stored posts this mark is for. */
  file: z.string(),
  /** Every post in the first `offset` bytes of `file` is mailed, or open and listed in outbox.jsonl. */
  offset: z.number().int().nonnegative(),
  /** The last record before `offset`: shows whether the file was edited since. */
  last: z.object({ id: z.string(), start: z.number().int().nonnegative(), createdAt: z.string() }).optional(),
});
type Watermark = z.infer<typeof watermarkEvent>;

/** A job as outbox.jsonl keeps it: a sign-in job without its secret. */
const keptJobSchema = z.discriminatedUnion("kind", [contactJobSchema, reviewJobSchema, signInJobSchema.omit({ secret: true }), reportJobSchema, visitJobSchema, pushJobSchema]);

/** The lines of outbox.jsonl; functions/store/files/format-check.ts checks every line at start. */
export const outboxEventSchema = z.discriminatedUnion("event", [
  watermarkEvent,
  z.object({ event: z.literal("queued"), id: z.string(), at: z.string(), job: keptJobSchema }),
  z.object({
    event: z.literal("retry"),
    id: z.string(),
    at: z.string(),
    attempts: z.number().int(),
    error: z.string(),
    nextAttemptAt: z.string(),
  }),
  z.object({ event: z.literal("sent"), id: z.string(), at: z.string(), attempts: z.number().int() }),
  z.object({ event: z.literal("failed"), id: z.string(), at: z.string(), attempts: z.number().int(), error: z.string() }),
]);
type OutboxEvent = z.infer<typeof outboxEventSchema>;
const parseEvent = (value: unknown) => outboxEventSchema.safeParse(value).data;

const secretSchema = signInJobSchema.shape.secret;
type Secret = SignInJob["secret"];

/** An open job in memory. */
interface OpenJob {
  job: ShownJob;
  /** A sign-in job's code and link, once read from mail-secrets/. */
  secret?: Secret;
  state: "pending" | "failed";
  attempts: number;
  nextAttemptAt?: string;
  lastError?: string;
  /** Handed to a sender and not settled yet. */
  claimed: boolean;
}

/** The files store's outbox; messages and reviews tell it of each post they stored (`noteQueued`). */
export interface OutboxFiles extends OutboxStore {
  /** A post's job is on disk (its line is fsynced): a sender in this process takes it now. */
  noteQueued(job: MailJob): Promise<void>;
  /**
   * Record `id` of `kind` was erased (`messages.erase`, `reviews.erase`, `estimateVisits.erase`):
   * its emails and its notifications are dropped unsent and their lines in outbox.jsonl erased in
   * place. One being sent at this moment is with the mail server already: it goes out (once), and
   * is forgotten when settled, never tried again.
   */
  forget(kind: ErasedKind, id: string): Promise<void>;
  close(): Promise<void>;
}

export function createOutboxFiles(options: { dataDir: string; clock?: () => number; logger?: Logger }): OutboxFiles {
  const { dataDir, clock = Date.now, logger = consoleLogger } = options;
  const file = path.join(dataDir, OUTBOX_FILE);
  const secretsDir = path.join(dataDir, MAIL_SECRETS_DIR);
  const log = createJsonlAppender(file, logger);
  let jobs = new Map<string, OpenJob>();
  let due = createDueQueue();
  // Sign-in emails and notifications to the owner's phone go before any other mail due: the owner is
  // waiting on the code, a lead is waiting on the owner, a backlog of mail is not.
  let signInsDue = createDueQueue();
  // Sent since this open: a late noteQueued of a job the replay already found and sent must not send it twice.
  const sent = new Set<string>();
  // Records erased since this open, and the jobs about them that were being sent then (forgotten when settled).
  const erased: Array<{ kind: ErasedKind; id: string }> = [];
  const forgotten = new Set<string>();
  const aboutErased = (job: MailJob | ShownJob): boolean => erased.some(({ kind, id }) => isAbout(job, kind, id));
  const listeners = new Set<() => void>();
  let started = false;
  let opening: Promise<void> | undefined;

  const iso = (ms: number): string => new Date(ms).toISOString();
  const notify = (): void => {
    for (const listener of listeners) listener();
  };

  async function record(event: OutboxEvent): Promise<void> {
    await appendIn(dataDir, log, event);
  }

  /** Puts a pending job in line: at its next attempt, or now (also for a time that does not parse). */
  function admit(id: string, open: OpenJob): void {
    if (open.state !== "pending") return;
    const at = open.nextAttemptAt ? Date.parse(open.nextAttemptAt) : Number.NaN;
    (isFleeting(open.job.kind) ? signInsDue : due).push(id, Number.isNaN(at) ? clock() : at);
  }

  async function openOnce(): Promise<void> {
    // Lines appended before this open must reach the file before it is replayed and replaced.
    await log.close();
    const replayed = await replayFiles(dataDir, iso(clock()), logger);
    // Compacting only saves reading time at the next start: a folder that can be read but not
    // written (read-only, full) must not stop the mail; the file is read as it is next time.
    await compact(file, replayed.marks, replayed.jobs).catch((error: unknown) =>
      logger.warn(`outbox: could not compact ${file} (${describeError(error)}); it is compacted at a later start`),
    );
    await sweepSecrets(secretsDir, replayed.jobs).catch((error: unknown) => logger.warn(`outbox: could not clear ${secretsDir} (${describeError(error)})`));
    jobs = replayed.jobs;
    due = createDueQueue();
    signInsDue = createDueQueue();
    for (const [id, open] of jobs) admit(id, open);
    started = true;
  }

  /** Removes a sign-in job's code and link; a failure is logged (the next open sweeps it). */
  async function eraseSecret(id: string, open: OpenJob): Promise<void> {
    open.secret = undefined;
    await rm(secretFile(secretsDir, id), { force: true })
      .then(() => syncDirectory(secretsDir))
      .catch((error: unknown) => logger.error(`outbox: could not remove the sign-in code of ${id} (${describeError(error)}); the next start removes it`));
  }

  /** Reads every open job when this process is not the sender (`npm run submissions -- --undelivered`). */
  async function snapshot(): Promise<Map<string, OpenJob>> {
    if (started) return jobs;
    return (await replayFiles(dataDir, iso(clock()), logger)).jobs;
  }

  return {
    open() {
      opening ??= openOnce().catch((error: unknown) => {
        // Forget the failure so the next open() tries again (DATA_DIR may be writable by then).
        opening = undefined;
        throw classifyDataDirError(dataDir, error);
      });
      return opening;
    },

    async noteQueued(job) {
      // An open under way may or may not have read this job's line: wait for it, then look.
      if (opening && !started) await opening.catch(() => undefined);
      if (started && !jobs.has(job.id) && !sent.has(job.id) && !aboutErased(job)) {
        const open: OpenJob = { job, state: "pending", attempts: 0, claimed: false };
        jobs.set(job.id, open);
        admit(job.id, open);
      }
      notify();
    },

    async add(job: AddedJob) {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(job.id)) throw new Error(`outbox: a job id is letters, digits and dashes, not "${job.id}"`);
      // Not while an open replays and replaces the file: the line would go with the old one.
      if (opening) await opening.catch(() => undefined);
      if (jobs.has(job.id) || sent.has(job.id) || aboutErased(job)) return;
      try {
        if (job.kind === "sign-in") await writeSecret(secretsDir, job.id, job.secret);
        await record({ event: "queued", id: job.id, at: iso(clock()), job: withoutSecret(job) });
      } catch (error) {
        throw classifyDataDirError(dataDir, error);
      }
      if (started && !jobs.has(job.id)) {
        const open: OpenJob = { job: withoutSecret(job), secret: job.kind === "sign-in" ? job.secret : undefined, state: "pending", attempts: 0, claimed: false };
        jobs.set(job.id, open);
        admit(job.id, open);
      }
      notify();
    },

    async claim({ now, limit, mailLimit = limit }) {
      const claimed: ClaimedJob[] = [];
      if (!started) return { jobs: claimed };
      for (const line of [signInsDue, due]) {
        // The fleeting jobs' line first, any number up to the limit; then the mail, up to its own.
        const most = line === due ? Math.min(limit, claimed.length + mailLimit) : limit;
        for (let next = line.peek(); next && next.due <= now && claimed.length < most; next = line.peek()) {
          line.pop();
          const open = jobs.get(next.id);
          // Sent, failed or claimed since it was put in line.
          if (!open || open.state !== "pending" || open.claimed) continue;
          const job = open.job.kind === "sign-in" ? await withSecret(next.id, open, now) : open.job;
          if (!job) continue;
          open.claimed = true;
          claimed.push({ job, attempts: open.attempts });
        }
      }
      const nextDue = [signInsDue.peek()?.due, due.peek()?.due].filter((at) => at !== undefined);
      return { jobs: claimed, nextDueAt: nextDue.length > 0 ? Math.min(...nextDue) : undefined };
    },

    // One process sends from these files, and its claims last until it settles them or stops:
    // there is no other sender to take a job over, and a restart finds every unsettled job due.
    async renew({ ids }) {
      return ids.filter((id) => jobs.get(id)?.claimed === true);
    },

    async forget(kind, recordId) {
      // Not while an open replays and replaces outbox.jsonl: the lines found would move.
      if (opening) await opening.catch(() => undefined);
      erased.push({ kind, id: recordId });
      for (const [id, open] of jobs) {
        if (!isAbout(open.job, kind, recordId)) continue;
        if (open.claimed) forgotten.add(id);
        else jobs.delete(id);
      }
      // A job open at the last start is a `queued` line carrying the message: erased where it is.
      const carries = (text: string): string | undefined => {
        const event = parseEvent(parseJsonLine(text));
        return event?.event === "queued" && isAbout(event.job, kind, recordId) ? event.id : undefined;
      };
      const lines: number[] = [];
      await scanBackward(file, (text, start) => {
        if (carries(text) !== undefined) lines.push(start);
        return false;
      });
      try {
        for (const start of lines) {
          await log.overwrite(start, (line) => {
            const id = carries(line);
            return id === undefined ? undefined : erasedLineText(id, Buffer.byteLength(line));
          });
        }
      } catch (error) {
        throw classifyDataDirError(dataDir, error);
      }
    },

    async settle(id, attempts, settlement: Settlement) {
      // A job whose message was erased while it was being sent: whatever became of it, it is not kept or tried again.
      if (forgotten.delete(id)) jobs.delete(id);
      const open = jobs.get(id);
      const at = iso(clock());
      if (open) open.claimed = false;
      switch (settlement.outcome) {
        case "sent":
          // The code goes first: once the job is no longer listed, it is no longer on disk.
          if (open?.job.kind === "sign-in") await eraseSecret(id, open);
          jobs.delete(id);
          sent.add(id);
          // If this line is lost the mail goes out again after a restart: a duplicate beats a loss
          // (and its Message-ID, derived from the job's id, lets mail clients fold it).
          return record({ event: "sent", id, at, attempts });
        case "retry": {
          const nextAttemptAt = iso(settlement.nextAttemptAt);
          if (open) {
            Object.assign(open, { attempts, lastError: settlement.error, nextAttemptAt });
            admit(id, open);
          }
          return record({ event: "retry", id, at, attempts, error: settlement.error, nextAttemptAt });
        }
        case "failed":
          if (open) {
            Object.assign(open, { state: "failed", attempts, lastError: settlement.error, nextAttemptAt: undefined });
            // A sign-in email or a notification that could not go is of no use later: forgotten, not listed as undelivered.
            if (isFleeting(open.job.kind)) {
              if (open.job.kind === "sign-in") await eraseSecret(id, open);
              jobs.delete(id);
            }
          }
          return record({ event: "failed", id, at, attempts, error: settlement.error });
      }
    },

    async undelivered() {
      return [...(await snapshot())].map(([id, open]): UndeliveredJob => ({
        id,
        kind: open.job.kind,
        state: open.state,
        attempts: open.attempts,
        ...(open.nextAttemptAt ? { nextAttemptAt: open.nextAttemptAt } : {}),
        ...(open.lastError ? { lastError: open.lastError } : {}),
        job: open.job,
      }));
    },

    async delivery(ids) {
      const open = await snapshot();
      const states = new Map<string, DeliveryState>();
      for (const id of ids) {
        const job = open.get(id);
        states.set(id, !job ? "sent" : job.state === "failed" ? "failed" : "waiting");
      }
      return states;
    },

    watch(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async close() {
      if (opening) await opening.catch(() => undefined);
      started = false;
      await log.close();
    },
  };

  /**
   * The job to send, with a sign-in job's code and link read back; undefined (and the job
   * settled as failed) for a sign-in job past its expiry or whose code is gone.
   */
  async function withSecret(id: string, open: OpenJob, now: number): Promise<MailJob | undefined> {
    if (open.job.kind !== "sign-in") return open.job;
    const expired = Date.parse(open.job.expiresAt) <= now;
    open.secret ??= expired ? undefined : await readSecret(secretsDir, id);
    if (!expired && open.secret) return { ...open.job, secret: open.secret };
    open.claimed = true;
    await dropSignIn(id, open, expired ? "expired before it was sent" : `its code is no longer in ${MAIL_SECRETS_DIR}`);
    return undefined;
  }

  /** Settles a sign-in job that cannot be sent as failed: forgotten, its code erased. */
  async function dropSignIn(id: string, open: OpenJob, error: string): Promise<void> {
    await eraseSecret(id, open);
    jobs.delete(id);
    await record({ event: "failed", id, at: iso(clock()), attempts: open.attempts, error }).catch((cause: unknown) =>
      logger.error(`outbox: could not record that sign-in email ${id} was dropped`, cause),
    );
  }
}

/** The open jobs and the watermarks to write, from the source files and outbox.jsonl. */
async function replayFiles(dataDir: string, at: string, logger: Logger): Promise<{ jobs: Map<string, OpenJob>; marks: Watermark[] }> {
  const outboxFile = path.join(dataDir, OUTBOX_FILE);
  const events = await readJsonl(outboxFile, parseEvent, logger);
  const marks = events.filter((event) => event.event === "watermark");
  const jobs = new Map<string, OpenJob>();
  const nextMarks: Watermark[] = [];
  const pending = (job: ShownJob): OpenJob => ({ job, state: "pending", attempts: 0, claimed: false });
  for (const source of SOURCES) {
    const previous = marks.findLast((mark) => mark.file === source.file);
    const stored = await readUnsettled(path.join(dataDir, source.file), source, { previous, at, logger });
    for (const job of stored.pending) jobs.set(job.id, pending(job));
    nextMarks.push(stored.mark);
  }

  for (const event of events) {
    const job = "id" in event ? jobs.get(event.id) : undefined;
    switch (event.event) {
      case "queued":
        if (!job) jobs.set(event.id, pending(event.job));
        break;
      case "retry":
        if (job) Object.assign(job, { state: "pending", attempts: event.attempts, lastError: event.error, nextAttemptAt: event.nextAttemptAt });
        break;
      case "failed":
        if (job && isFleeting(job.job.kind)) jobs.delete(event.id);
        else if (job) Object.assign(job, { state: "failed", attempts: event.attempts, lastError: event.error, nextAttemptAt: undefined });
        break;
      case "sent":
        jobs.delete(event.id);
        break;
      case "watermark":
        break;
    }
  }
  return { jobs, marks: nextMarks };
}

/**
 * The stored posts the outbox has not accounted for yet: normally those past the
 * watermark. Without a usable watermark the whole file is read and
 *  - the file was edited since the watermark was written: what was before the
 *    watermark's last record (by id, else by time) counts as accounted for;
 *  - there is no watermark for it: nothing of it was mailed yet.
 */
async function readUnsettled(
  file: string,
  source: JobSource,
  context: { previous: Watermark | undefined; at: string; logger: Logger },
): Promise<{ pending: MailJob[]; mark: Watermark }> {
  const { previous, at, logger } = context;
  const nextMark = (lines: JsonlLine<SourceLine>[], end: number): Watermark => {
    const last = lines.at(-1);
    return {
      event: "watermark",
      at,
      file: source.file,
      offset: end,
      last: last ? { id: last.record.id, start: last.start, createdAt: last.record.createdAt } : previous?.last,
    };
  };

  if (previous && (await watermarkHolds(file, source, previous))) {
    const { lines, end } = await readJsonlFrom(file, previous.offset, source.parse, logger);
    return { pending: lines.flatMap((line) => line.record.jobs), mark: nextMark(lines, end) };
  }

  const { lines, end } = await readJsonlFrom(file, 0, source.parse, logger);
  let accountedFor: (line: JsonlLine<SourceLine>, index: number) => boolean = () => false;
  if (previous) {
    const last = previous.last;
    const index = last ? lines.findIndex((line) => line.record.id === last.id) : -1;
    logger.warn(
      `${file} was changed since the outbox last read it; ` +
        (index >= 0 ? `posts up to ${last?.id} count as mailed, as before` : `posts received up to ${last?.createdAt ?? "its start"} count as mailed`),
    );
    accountedFor = index >= 0 ? (_line, i) => i <= index : (line) => last !== undefined && line.record.createdAt <= last.createdAt;
  }
  return { pending: lines.filter((line, i) => !accountedFor(line, i)).flatMap((line) => line.record.jobs), mark: nextMark(lines, end) };
}

/** True when the source file still has the watermark's last record where it was, its line ending at the offset. */
async function watermarkHolds(file: string, source: JobSource, mark: Watermark): Promise<boolean> {
  if (mark.offset === 0) return true;
  const from = mark.last?.start ?? mark.offset - 1;
  const bytes = await readBytes(file, from, mark.offset - from).catch(() => undefined);
  if (!bytes || bytes.length !== mark.offset - from || bytes.at(-1) !== 0x0a) return false;
  if (!mark.last) return true;
  try {
    const value: unknown = JSON.parse(bytes.toString("utf8", 0, bytes.indexOf(0x0a)));
    // Erased in place since (erased-line.ts): the line is where it was, the same length. A visit's
    // line is remembered by its first email's id, `<visit id>-<event>-<to>` (records.ts visitJobs).
    const erased = erasedId(value);
    if (erased !== undefined) return erased === mark.last.id || mark.last.id.startsWith(`${erased}-`);
    return source.parse(value)?.id === mark.last.id;
  } catch {
    return false;
  }
}

/** Rewrites outbox.jsonl as the watermarks and the jobs still open (tmp file, fsync, rename, fsync dir). */
async function compact(file: string, marks: Watermark[], jobs: Map<string, OpenJob>): Promise<void> {
  const lines: OutboxEvent[] = [...marks];
  for (const [id, open] of jobs) {
    const at = open.job.createdAt;
    lines.push({ event: "queued", id, at, job: open.job });
    if (open.state === "failed") {
      lines.push({ event: "failed", id, at, attempts: open.attempts, error: open.lastError ?? "" });
    } else if (open.attempts > 0) {
      lines.push({ event: "retry", id, at, attempts: open.attempts, error: open.lastError ?? "", nextAttemptAt: open.nextAttemptAt ?? at });
    }
  }
  await replaceFile(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

const secretFile = (dir: string, id: string): string => path.join(dir, `${id}.json`);

/** A sign-in job's code and link, whole or not at all (temp name, fsync, rename, fsync dir), readable by this user only. */
async function writeSecret(dir: string, id: string, secret: Secret): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await replaceFile(secretFile(dir, id), JSON.stringify(secret), { mode: 0o600 });
}

async function readSecret(dir: string, id: string): Promise<Secret | undefined> {
  try {
    return secretSchema.safeParse(JSON.parse(await readFile(secretFile(dir, id), "utf8"))).data;
  } catch {
    return undefined;
  }
}

/** Removes the codes of jobs that are not open any more (sent, failed, or never queued: a crash between the two writes). */
async function sweepSecrets(dir: string, jobs: Map<string, OpenJob>): Promise<void> {
  const names = await readdir(dir).catch((error: unknown) => {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  });
  const stale = names.filter((name) => !jobs.has(name.replace(/\.json(\.tmp)?$/, "")) || name.endsWith(".tmp"));
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  if (stale.length > 0) await syncDirectory(dir);
}
