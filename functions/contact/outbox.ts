import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import {
  consoleLogger,
  createJsonlAppender,
  isErrno,
  readBytes,
  readJsonl,
  readJsonlFrom,
  syncDirectory,
  type JsonlLine,
  type Logger,
} from "./jsonl-log";
import { reviewSchema, type Review } from "../../src/content/review";
import { createDueQueue } from "./due-queue";
import { MAIL_SOURCES, type MailJob, type MailSource } from "./mail-job";
import { SUBMISSIONS_FILE, submissionSchema, type Submission } from "./store";

/**
 * Mail durability. The line a message is stored as in DATA_DIR/submissions.jsonl
 * is its mail job: storing and queueing are one write + fsync, so no crash can
 * leave a stored message that is never mailed. DATA_DIR/outbox.jsonl records
 * only what happened to jobs since (retry, sent, failed), by submission id.
 *
 * On start the outbox replays both files: every stored submission without a
 * `sent` or `failed` record is pending. It then compacts outbox.jsonl to a
 * watermark (how many bytes of submissions.jsonl are accounted for) plus one
 * `queued` line, carrying the submission, per job still open. A start
 * therefore reads only what was stored since the last one, however many
 * messages the site has had. A file of the previous version (a `queued` line
 * per job, no watermark) still reads: see `readUnsettled`.
 *
 * Reviews (DATA_DIR/reviews.jsonl) go through the same outbox: each file of
 * stored posts is a source (functions/contact/mail-job.ts) with a watermark of
 * its own, and every job carries its kind. A watermark without `file` is from
 * before reviews, and belongs to submissions.jsonl.
 */
export const OUTBOX_FILE = "outbox.jsonl";

const MINUTE = 60_000;
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];

const watermarkEvent = z.object({
  event: z.literal("watermark"),
  at: z.string(),
  /** The source file this mark is for; absent: submissions.jsonl (files written before reviews). */
  file: z.string().optional(),
  /** Every submission in the first `offset` bytes of submissions.jsonl is mailed, or open and listed in this file. */
  offset: z.number().int().nonnegative(),
  /** The last record before `offset`: shows whether submissions.jsonl was edited since. */
  last: z.object({ id: z.string(), start: z.number().int().nonnegative(), createdAt: z.string() }).optional(),
});
type Watermark = z.infer<typeof watermarkEvent>;

const outboxEventSchema = z.discriminatedUnion("event", [
  watermarkEvent,
  // A contact job carries `submission` (as before reviews), a review job `kind: "review"` and `review`.
  z.object({
    event: z.literal("queued"),
    id: z.string(),
    at: z.string(),
    kind: z.enum(["contact", "review"]).optional(),
    submission: submissionSchema.optional(),
    review: z.optional(reviewSchema),
  }),
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
interface JobProgress {
  /** The id of the stored post: one notification per post. */
  id: string;
  state: "pending" | "failed";
  /** Failed attempts so far. */
  attempts: number;
  nextAttemptAt?: string;
  lastError?: string;
}

/** A notification not yet sent, with the post it is about. */
export type OutboxJob = JobProgress & ({ kind?: "contact"; submission: Submission } | { kind: "review"; review: Review });

/** The post a job mails, as the mailer takes it. */
export const mailOf = (job: OutboxJob): MailJob => (job.kind === "review" ? { ...job.review, kind: "review" } : job.submission);

export interface OutboxOptions {
  /** Holds the sources (read: submissions.jsonl, reviews.jsonl) and outbox.jsonl (written). */
  dataDir: string;
  /** Sends one notification; a rejection is retried unless `isPermanent` says otherwise. */
  send: (mail: MailJob) => Promise<void>;
  /** The files of stored posts to replay; default MAIL_SOURCES (contact messages and reviews). */
  sources?: readonly MailSource[];
  isPermanent?: (error: unknown) => boolean;
  /** Wait before retry n (after failed attempt n); after the last one the job is marked failed. */
  retryDelays?: readonly number[];
  /** How many notifications may be in flight at once. */
  concurrency?: number;
  clock?: () => number;
  logger?: Logger;
}

export interface Outbox {
  /**
   * Hands a post, already stored in its source file, to the running
   * outbox; writes nothing. If an earlier start() failed it is tried again
   * first (and this rejects if it fails again: the job stays safe on disk).
   * Before start() or after stop() it does nothing: the next start reads the job.
   */
  enqueue(mail: MailJob): Promise<void>;
  /** Replays the files, compacts outbox.jsonl and starts sending what is due. May be retried after a failure. */
  start(): Promise<void>;
  /** Stops scheduling, waits for sends in flight, closes the file. No timers are left. */
  stop(): Promise<void>;
  /** Jobs not yet sent: pending and failed. */
  list(): OutboxJob[];
}

export function createOutbox(options: OutboxOptions): Outbox {
  const {
    dataDir,
    send,
    isPermanent = () => false,
    retryDelays = DEFAULT_RETRY_DELAYS,
    concurrency = 4,
    clock = Date.now,
    logger = consoleLogger,
    sources = MAIL_SOURCES,
  } = options;
  const file = path.join(dataDir, OUTBOX_FILE);
  const log = createJsonlAppender(file, logger);
  let jobs = new Map<string, OutboxJob>();
  let due = createDueQueue();
  // Sent since this start: a late enqueue of a job the replay already found and sent must not send it twice.
  const sent = new Set<string>();
  const sending = new Map<string, Promise<void>>();
  let wanted = false;
  let started = false;
  let starting: Promise<void> | undefined;
  let failedStarts = 0;
  let timer: NodeJS.Timeout | undefined;

  const iso = (ms: number): string => new Date(ms).toISOString();

  async function record(event: OutboxEvent): Promise<void> {
    await log.append(event);
  }

  /** Puts a pending job in line: at its next attempt, or now (also for a time that does not parse). Failed jobs wait for a restart. */
  function admit(job: OutboxJob): void {
    if (job.state !== "pending") return;
    const at = job.nextAttemptAt ? Date.parse(job.nextAttemptAt) : Number.NaN;
    due.push(job.id, Number.isNaN(at) ? clock() : at);
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!started) return;
    const now = clock();
    for (let next = due.peek(); next && next.due <= now && sending.size < concurrency; next = due.peek()) {
      due.pop();
      const job = jobs.get(next.id);
      // Sent, or failed for good, since it was put in line.
      if (!job || job.state !== "pending" || sending.has(job.id)) continue;
      const attempt = attemptSend(job).finally(() => {
        sending.delete(job.id);
        // After a failed attempt the job is in line again for its retry.
        if (jobs.get(job.id) === job) admit(job);
        schedule();
      });
      sending.set(job.id, attempt);
    }
    // When every slot is busy, the next finishing send calls schedule() again.
    const next = due.peek();
    if (next && sending.size < concurrency) {
      timer = setTimeout(schedule, Math.max(0, next.due - now));
    }
  }

  async function attemptSend(job: OutboxJob): Promise<void> {
    try {
      await send(mailOf(job));
    } catch (error) {
      await recordFailure(job, error);
      return;
    }
    jobs.delete(job.id);
    sent.add(job.id);
    // If this line is lost the mail goes out again after a restart: a duplicate beats a loss
    // (and its Message-ID, derived from the post's id, lets mail clients fold it).
    await record({ event: "sent", id: job.id, at: iso(clock()), attempts: job.attempts + 1 }).catch((error: unknown) =>
      logger.error(`outbox: could not record that ${job.id} was sent`, error),
    );
  }

  async function recordFailure(job: OutboxJob, error: unknown): Promise<void> {
    job.attempts += 1;
    job.lastError = describeError(error);
    const delay = retryDelays[job.attempts - 1];
    const now = clock();
    let event: OutboxEvent;
    if (isPermanent(error) || delay === undefined) {
      job.state = "failed";
      job.nextAttemptAt = undefined;
      event = { event: "failed", id: job.id, at: iso(now), attempts: job.attempts, error: job.lastError };
      logger.error(`outbox: notification for ${job.id} failed for good after ${job.attempts} attempt(s): ${job.lastError}`);
    } else {
      job.nextAttemptAt = iso(now + delay);
      event = { event: "retry", id: job.id, at: iso(now), attempts: job.attempts, error: job.lastError, nextAttemptAt: job.nextAttemptAt };
      logger.warn(`outbox: notification for ${job.id} failed (attempt ${job.attempts}), retrying at ${job.nextAttemptAt}: ${job.lastError}`);
    }
    await record(event).catch((logError: unknown) => logger.error(`outbox: could not record the state of ${job.id}`, logError));
  }

  async function startOnce(): Promise<void> {
    // Lines appended before this start must reach the file before it is replayed and replaced.
    await log.close();
    const replayed = await replayFiles(dataDir, sources, iso(clock()), logger);
    // Compacting only saves reading time at the next start: a folder that can be read but not
    // written (read-only, full) must not stop the mail; the file is read as it is next time.
    await compact(file, replayed.marks, replayed.jobs).catch((error: unknown) =>
      logger.warn(`outbox: could not compact ${file} (${describeError(error)}); it is compacted at a later start`),
    );
    jobs = replayed.jobs;
    due = createDueQueue();
    for (const job of jobs.values()) admit(job);
    started = true;
    if (failedStarts > 0) logger.warn(`outbox: started after ${failedStarts} failed attempt(s); ${jobs.size} notification(s) open`);
    failedStarts = 0;
    schedule();
  }

  function start(): Promise<void> {
    wanted = true;
    starting ??= startOnce().catch((error: unknown) => {
      // Forget the failure so the next start() or enqueue() tries again (DATA_DIR may be writable by then).
      starting = undefined;
      failedStarts += 1;
      throw error;
    });
    return starting;
  }

  return {
    async enqueue(mail) {
      if (!wanted) return;
      if (!started) await start();
      if (!started || jobs.has(mail.id) || sent.has(mail.id)) return;
      const job = pendingJob(mail);
      jobs.set(mail.id, job);
      admit(job);
      schedule();
    },
    start,
    async stop() {
      wanted = false;
      if (starting) await starting.catch(() => undefined);
      started = false;
      starting = undefined;
      schedule();
      await Promise.all(sending.values());
      await log.close();
    },
    list: () => [...jobs.values()].map((job) => ({ ...job })),
  };
}

function pendingJob(mail: MailJob): OutboxJob {
  const progress = { id: mail.id, state: "pending", attempts: 0 } as const;
  if (mail.kind === "review") {
    const { kind, ...review } = mail;
    return { ...progress, kind, review };
  }
  const { kind: _contact, ...submission } = mail;
  return { ...progress, submission };
}

/** The post a `queued` line carries; undefined for a line with neither (a hand edit). */
function queuedMail(event: Extract<OutboxEvent, { event: "queued" }>): MailJob | undefined {
  if (event.kind === "review") return event.review && { ...event.review, kind: "review" };
  return event.submission;
}

/** The open jobs and the watermarks to write, from the source files and outbox.jsonl. */
async function replayFiles(
  dataDir: string,
  sources: readonly MailSource[],
  at: string,
  logger: Logger,
): Promise<{ jobs: Map<string, OutboxJob>; marks: Watermark[] }> {
  const outboxFile = path.join(dataDir, OUTBOX_FILE);
  const outboxStat = await stat(outboxFile).catch((error: unknown) => {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  });
  const events = outboxStat ? await readJsonl(outboxFile, parseEvent, logger) : [];
  const marks = events.filter((event) => event.event === "watermark");
  const jobs = new Map<string, OutboxJob>();
  const nextMarks: Watermark[] = [];
  for (const source of sources) {
    const previous = marks.findLast((mark) => (mark.file ?? SUBMISSIONS_FILE) === source.file);
    // Only submissions.jsonl is older than watermarks; any other source without one has never been read.
    const legacyWrittenAt = source.file === SUBMISSIONS_FILE && outboxStat && marks.length === 0 ? outboxStat.mtimeMs : undefined;
    const stored = await readUnsettled(path.join(dataDir, source.file), source, { previous, legacyWrittenAt, at, logger });
    for (const mail of stored.pending) jobs.set(mail.id, pendingJob(mail));
    // A source with nothing read yet needs no mark: no mark reads the same, from its start.
    if (stored.mark.offset > 0 || source.file === SUBMISSIONS_FILE) nextMarks.push(stored.mark);
  }

  for (const event of events) {
    const job = "id" in event ? jobs.get(event.id) : undefined;
    switch (event.event) {
      case "queued": {
        const mail = queuedMail(event);
        if (!job && mail) jobs.set(event.id, pendingJob(mail));
        break;
      }
      case "retry":
        if (job) Object.assign(job, { state: "pending", attempts: event.attempts, lastError: event.error, nextAttemptAt: event.nextAttemptAt });
        break;
      case "failed":
        if (job) Object.assign(job, { state: "failed", attempts: event.attempts, lastError: event.error, nextAttemptAt: undefined });
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
 * The stored submissions the outbox has not accounted for yet: normally those
 * past the watermark. Without a usable watermark the whole file is read and
 *  - the file was edited since the watermark was written: what was before the
 *    watermark's last record (by id, else by time) counts as accounted for;
 *  - outbox.jsonl is from the previous version, which forgot sent jobs at each
 *    start and kept only open ones: a submission stored before that file's last
 *    write is accounted for there, one stored after it was never queued;
 *  - there is no outbox.jsonl: nothing was mailed yet.
 */
async function readUnsettled(
  file: string,
  source: MailSource,
  context: { previous: Watermark | undefined; legacyWrittenAt: number | undefined; at: string; logger: Logger },
): Promise<{ pending: MailJob[]; mark: Watermark }> {
  const { previous, legacyWrittenAt, at, logger } = context;
  const nextMark = (lines: JsonlLine<MailJob>[], end: number): Watermark => {
    const last = lines.at(-1);
    return {
      event: "watermark",
      at,
      // submissions.jsonl's mark stays as before reviews, so an older version still reads the file.
      ...(source.file === SUBMISSIONS_FILE ? {} : { file: source.file }),
      offset: end,
      last: last ? { id: last.record.id, start: last.start, createdAt: last.record.createdAt } : previous?.last,
    };
  };

  if (previous && (await watermarkHolds(file, source, previous))) {
    const { lines, end } = await readJsonlFrom(file, previous.offset, source.parse, logger);
    return { pending: lines.map((line) => line.record), mark: nextMark(lines, end) };
  }

  const { lines, end } = await readJsonlFrom(file, 0, source.parse, logger);
  let accountedFor: (line: JsonlLine<MailJob>, index: number) => boolean = () => false;
  if (previous) {
    const last = previous.last;
    const index = last ? lines.findIndex((line) => line.record.id === last.id) : -1;
    logger.warn(
      `${file} was changed since the outbox last read it; ` +
        (index >= 0
          ? `messages up to ${last?.id} count as mailed, as before`
          : `messages received up to ${last?.createdAt ?? "its start"} count as mailed`),
    );
    accountedFor = index >= 0 ? (_line, i) => i <= index : (line) => last !== undefined && line.record.createdAt <= last.createdAt;
  } else if (legacyWrittenAt !== undefined) {
    accountedFor = (line) => Date.parse(line.record.createdAt) <= legacyWrittenAt;
  }
  return { pending: lines.filter((line, i) => !accountedFor(line, i)).map((line) => line.record), mark: nextMark(lines, end) };
}

/** True when the source file still has the watermark's last record where it was, its line ending at the offset. */
async function watermarkHolds(file: string, source: MailSource, mark: Watermark): Promise<boolean> {
  if (mark.offset === 0) return true;
  const from = mark.last?.start ?? mark.offset - 1;
  const bytes = await readBytes(file, from, mark.offset - from).catch(() => undefined);
  if (!bytes || bytes.length !== mark.offset - from || bytes.at(-1) !== 0x0a) return false;
  if (!mark.last) return true;
  try {
    return source.parse(JSON.parse(bytes.toString("utf8", 0, bytes.indexOf(0x0a))))?.id === mark.last.id;
  } catch {
    return false;
  }
}

/** Rewrites outbox.jsonl as the watermarks and the jobs still open (tmp file, fsync, rename, fsync dir). */
async function compact(file: string, marks: Watermark[], jobs: Map<string, OutboxJob>): Promise<void> {
  const lines: OutboxEvent[] = [...marks];
  for (const job of jobs.values()) {
    const at = mailOf(job).createdAt;
    lines.push(
      job.kind === "review"
        ? { event: "queued", id: job.id, at, kind: "review", review: job.review }
        : { event: "queued", id: job.id, at, submission: job.submission },
    );
    if (job.state === "failed") {
      lines.push({ event: "failed", id: job.id, at, attempts: job.attempts, error: job.lastError ?? "" });
    } else if (job.attempts > 0) {
      lines.push({ event: "retry", id: job.id, at, attempts: job.attempts, error: job.lastError ?? "", nextAttemptAt: job.nextAttemptAt ?? at });
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  const fh = await open(tmp, "w");
  try {
    await fh.writeFile(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    await fh.sync();
  } catch (error) {
    await fh.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await fh.close();
  await rename(tmp, file);
  await syncDirectory(path.dirname(file));
}

/** The jobs not yet mailed, from the files, without starting or writing anything (the CLI uses this). */
export async function readOutbox(
  dataDir: string,
  logger: Logger = consoleLogger,
  sources: readonly MailSource[] = MAIL_SOURCES,
): Promise<OutboxJob[]> {
  const { jobs } = await replayFiles(dataDir, sources, new Date().toISOString(), logger);
  return [...jobs.values()];
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = "code" in error && typeof error.code === "string" ? `${error.code}: ` : "";
    return `${code}${error.message}`;
  }
  return String(error);
}
