import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { consoleLogger, createJsonlAppender, readJsonl, type Logger } from "./jsonl-log";
import { submissionSchema, type Submission } from "./store";

/**
 * Mail durability. Every state change of a notification job is a line in
 * DATA_DIR/outbox.jsonl (append + fsync, group-committed like the submissions):
 * queued → (retry)* → sent | failed. Replaying the file gives the jobs still
 * pending, so a restart resumes them. The file is compacted on start.
 */
export const OUTBOX_FILE = "outbox.jsonl";

const MINUTE = 60_000;
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];

const outboxEventSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("queued"), id: z.string(), at: z.string(), submission: submissionSchema }),
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

export interface OutboxJob {
  /** The submission id: one notification per submission. */
  id: string;
  submission: Submission;
  state: "pending" | "failed";
  /** Failed attempts so far. */
  attempts: number;
  nextAttemptAt?: string;
  lastError?: string;
}

export interface OutboxOptions {
  dataDir: string;
  /** Sends one notification; a rejection is retried unless `isPermanent` says otherwise. */
  send: (submission: Submission) => Promise<void>;
  isPermanent?: (error: unknown) => boolean;
  /** Wait before retry n (after failed attempt n); after the last one the job is marked failed. */
  retryDelays?: readonly number[];
  /** How many notifications may be in flight at once. */
  concurrency?: number;
  clock?: () => number;
  logger?: Logger;
}

export interface Outbox {
  /** Records the job durably, then sends it in the background. */
  enqueue(submission: Submission): Promise<void>;
  /** Replays the file, compacts it and starts sending what is due. */
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
  } = options;
  const file = path.join(dataDir, OUTBOX_FILE);
  const log = createJsonlAppender(file, logger);
  let jobs = new Map<string, OutboxJob>();
  const sending = new Map<string, Promise<void>>();
  let started = false;
  let starting: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const iso = (ms: number): string => new Date(ms).toISOString();

  async function record(event: OutboxEvent): Promise<void> {
    await log.append(event);
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!started) return;
    const now = clock();
    let nextDue = Infinity;
    for (const job of jobs.values()) {
      if (job.state !== "pending" || sending.has(job.id)) continue;
      const due = job.nextAttemptAt ? Date.parse(job.nextAttemptAt) : now;
      if (due <= now && sending.size < concurrency) {
        const attempt = attemptSend(job).finally(() => {
          sending.delete(job.id);
          schedule();
        });
        sending.set(job.id, attempt);
      } else {
        nextDue = Math.min(nextDue, Math.max(due, now));
      }
    }
    // When every slot is busy, the next finishing send calls schedule() again.
    if (nextDue !== Infinity && sending.size < concurrency) {
      timer = setTimeout(schedule, Math.max(0, nextDue - now));
    }
  }

  async function attemptSend(job: OutboxJob): Promise<void> {
    try {
      await send(job.submission);
    } catch (error) {
      await recordFailure(job, error);
      return;
    }
    jobs.delete(job.id);
    // If this line is lost the mail goes out again after a restart: a duplicate beats a loss.
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
    // Appends made before start() must reach the file before it is replayed and rewritten.
    await log.close();
    jobs = replay(await readJsonl(file, (value) => outboxEventSchema.safeParse(value).data, logger));
    await compact(file, jobs);
    started = true;
    schedule();
  }

  return {
    async enqueue(submission) {
      if (starting) await starting;
      const job: OutboxJob = { id: submission.id, submission, state: "pending", attempts: 0 };
      await record({ event: "queued", id: job.id, at: iso(clock()), submission });
      jobs.set(job.id, job);
      schedule();
    },
    start() {
      starting ??= startOnce();
      return starting;
    },
    async stop() {
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

function replay(events: OutboxEvent[]): Map<string, OutboxJob> {
  const jobs = new Map<string, OutboxJob>();
  for (const event of events) {
    const job = jobs.get(event.id);
    switch (event.event) {
      case "queued":
        jobs.set(event.id, { id: event.id, submission: event.submission, state: "pending", attempts: 0 });
        break;
      case "retry":
        if (job) Object.assign(job, { state: "pending", attempts: event.attempts, lastError: event.error, nextAttemptAt: event.nextAttemptAt });
        break;
      case "failed":
        if (job) Object.assign(job, { state: "failed", attempts: event.attempts, lastError: event.error, nextAttemptAt: undefined });
        break;
      case "sent":
        jobs.delete(event.id);
        break;
    }
  }
  return jobs;
}

/** Rewrites the file with only the jobs still open (tmp file, fsync, rename, fsync dir). */
async function compact(file: string, jobs: Map<string, OutboxJob>): Promise<void> {
  const lines: OutboxEvent[] = [];
  for (const job of jobs.values()) {
    const at = job.submission.createdAt;
    lines.push({ event: "queued", id: job.id, at, submission: job.submission });
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
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
  const dir = await open(path.dirname(file), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Reads the outbox without starting it (the CLI uses this). */
export async function readOutbox(dataDir: string, logger: Logger = consoleLogger): Promise<OutboxJob[]> {
  const file = path.join(dataDir, OUTBOX_FILE);
  const events = await readJsonl(file, (value) => outboxEventSchema.safeParse(value).data, logger);
  return [...replay(events).values()];
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = "code" in error && typeof error.code === "string" ? `${error.code}: ` : "";
    return `${code}${error.message}`;
  }
  return String(error);
}
