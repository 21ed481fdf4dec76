import { Worker } from "node:worker_threads";
import { ContentError } from "../../src/content/content-error";
import { tookTooLong } from "../../src/content/content-limits";
import { ParseClock } from "./parse-clock";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

type Reply<T extends WorkerReply["type"]> = Extract<WorkerReply, { type: T }>;

const profileFlags = ["--cpu-prof", "--cpu-prof-dir", "--cpu-prof-name", "--cpu-prof-interval"];

/**
 * The flags of this process that its workers take: only node's CPU profiler's, so
 * `node --cpu-prof scripts/build-engine/launch.mjs ...` writes a profile for every thread (docs/performance.md,
 * "Where a cold build's time goes"). Never a loader such as tsx's: the workers run
 * plain bundled JavaScript.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  execArgv.forEach((arg, i) => {
    const name = arg.split("=")[0] ?? arg;
    if (!profileFlags.includes(name)) return;
    kept.push(arg);
    // "--cpu-prof-dir DIR": the value is the next argument.
    const value = execArgv[i + 1];
    if (name !== "--cpu-prof" && !arg.includes("=") && value !== undefined) kept.push(value);
  });
  return kept;
}

/**
 * Posts a render worker takes on before another one pays off. Each worker starts its own
 * V8, loads the server bundle and compiles the same code (0.1-0.15 s of a core), while
 * the main thread keeps a core busy too (bundling, the post cache, the share image). On
 * this project's 2-core machine one worker built 250 and 1,000 posts 6% faster than two
 * (alternating cold builds on tmpfs, medians of 12 and 8: 1139 vs 1217 ms, 1541 vs 1623 ms),
 * and two won only from about 3,000 (2,000: 2001 vs 2026 ms; 3,000: 2260 vs 2224; 4,000: 2705 vs 2655).
 */
export const POSTS_PER_RENDER_WORKER = 2500;

/** How many render workers a build of `posts` posts starts: one per POSTS_PER_RENDER_WORKER, at least one, at most one per core. */
export function renderWorkerCount(posts: number, cores: number): number {
  return Math.max(1, Math.min(cores, Math.ceil(posts / POSTS_PER_RENDER_WORKER)));
}

/**
 * A file's parse ran past the pool's time limit: its worker was ended and a fresh one
 * took its place. A ContentError (the build prints it as such) that also names the file.
 */
export class ParseTimeout extends ContentError {
  constructor(readonly file: string) {
    super([tookTooLong(file)]);
  }
}

/** A request sent to a worker and not answered yet. */
interface Waiting {
  resolve: (reply: WorkerReply) => void;
  reject: (err: Error) => void;
}

/**
 * A fixed set of render workers. Requests to a worker are posted at once and answered
 * in order (scripts/build-engine/render-worker.ts handles one message at a time), so a worker can
 * have its next batch waiting while this thread is busy. A worker shows which file it
 * is parsing on its ParseClock; one that stays on a file longer than `parseLimitMs` is
 * ended, since a parse cannot be interrupted from inside, and replaced.
 */
export class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly clocks: ParseClock[] = [];
  /** Per worker, its unanswered requests, oldest first. */
  private readonly waiting: Waiting[][] = [];
  private readonly watchdogs: (ReturnType<typeof setInterval> | undefined)[] = [];
  /** Workers this pool ended itself (a stuck parse, close): their exit is expected. */
  private readonly ended = new WeakSet<Worker>();
  /** Waiting for every request to be answered (idle). */
  private idleWaiters: (() => void)[] = [];
  private lost = false;
  private startedCount = 0;

  constructor(
    private readonly script: string,
    size: number,
    private readonly workerData: unknown,
    private readonly parseLimitMs: number,
  ) {
    for (let i = 0; i < size; i++) this.spawn(i);
  }

  /** Workers started over the pool's life, replacements included. */
  get started(): number {
    return this.startedCount;
  }

  private spawn(i: number): void {
    const clock = new ParseClock();
    const worker = new Worker(this.script, { workerData: { ...(this.workerData as object), parseClock: clock.buffer }, execArgv: workerExecArgv(process.execArgv) });
    worker.on("message", (reply: WorkerReply) => this.answer(worker, reply));
    worker.on("error", (err: Error) => {
      this.lost = true;
      this.failAll(worker, () => err);
    });
    // A worker that stopped on its own answers nothing more: what waits on it fails, and the pool is no longer whole.
    worker.on("exit", (code) => {
      if (this.ended.has(worker)) return;
      this.lost = true;
      this.failAll(worker, () => new Error(`a render worker stopped (exit code ${code})`));
    });
    this.workers[i] = worker;
    this.startedCount++;
    this.clocks[i] = clock;
    this.waiting[i] = [];
  }

  get size(): number {
    return this.workers.length;
  }

  /** Every worker is running (none failed or stopped on its own): the pool can serve another build. */
  get whole(): boolean {
    return !this.lost;
  }

  /**
   * Resolves once every request sent has been answered or has failed. A build that fails while
   * other workers still render its batches (into its staging folder) waits for them here before
   * it removes that folder, and keeps the workers for the next build.
   */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.waiting.every((w) => w.length === 0);
  }

  private settled(): void {
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Sends one request to worker `i` (after the ones already sent to it) and waits for its answer of the expected type. */
  request<T extends WorkerReply["type"]>(i: number, msg: WorkerRequest, expect: T): Promise<Reply<T>> {
    const worker = this.workers[i];
    const waiting = this.waiting[i];
    if (!worker || !waiting) return Promise.reject(new Error(`no worker ${i}`));
    return new Promise<Reply<T>>((resolve, reject) => {
      const settle = (reply: WorkerReply) => (isReply(reply, expect) ? resolve(reply) : reject(new Error(`worker answered ${reply.type}, expected ${expect}`)));
      waiting.push({ resolve: settle, reject });
      this.watch(i);
      worker.postMessage(msg);
    });
  }

  private answer(worker: Worker, reply: WorkerReply): void {
    const i = this.workers.indexOf(worker);
    const next = this.waiting[i]?.shift();
    if (!next) return;
    if (this.waiting[i]?.length === 0) this.unwatch(i);
    if (reply.type === "error") next.reject(new Error(reply.message));
    else if (reply.type === "content-error") next.reject(new ContentError(reply.problems));
    else next.resolve(reply);
    this.settled();
  }

  /** Rejects every request a worker had not answered (it failed or was ended: they will not be). */
  private failAll(worker: Worker, error: () => Error): void {
    const i = this.workers.indexOf(worker);
    if (i === -1) return;
    this.unwatch(i);
    for (const w of this.waiting[i]?.splice(0) ?? []) w.reject(error());
    this.settled();
  }

  /** While worker `i` has requests: its clock standing still on one file past the limit ends it (a ParseTimeout naming the file). */
  private watch(i: number): void {
    if (this.watchdogs[i] !== undefined) return;
    const clock = this.clocks[i];
    let seen = clock?.read().changes;
    let since = performance.now();
    this.watchdogs[i] = setInterval(() => {
      const now = clock?.read();
      if (!now || now.changes !== seen) {
        seen = now?.changes;
        since = performance.now();
      } else if (now.file !== null && performance.now() - since >= this.parseLimitMs) {
        const worker = this.workers[i];
        if (!worker) return;
        const file = now.file;
        this.ended.add(worker);
        this.failAll(worker, () => new ParseTimeout(file));
        void worker.terminate();
        this.spawn(i);
      }
    }, Math.min(250, this.parseLimitMs / 4));
  }

  private unwatch(i: number): void {
    clearInterval(this.watchdogs[i]);
    this.watchdogs[i] = undefined;
  }

  /** The same request to every worker. */
  broadcast<T extends WorkerReply["type"]>(msg: (i: number) => WorkerRequest, expect: T): Promise<Reply<T>[]> {
    return Promise.all(this.workers.map((_, i) => this.request(i, msg(i), expect)));
  }

  /**
   * Hands out `items` to whichever worker is free and gives their results in the items'
   * order. Each worker has up to two at a time, so it starts its next one without
   * waiting for this thread. After one item fails none more is handed out: the build has failed.
   */
  async share<I, R>(items: readonly I[], work: (worker: number, item: I) => Promise<R>, onResult?: (result: R) => void): Promise<R[]> {
    let next = 0;
    let failed = false;
    const results: R[] = [];
    const lane = async (i: number) => {
      for (let at = next++; !failed && at < items.length; at = next++) {
        const item = items[at] as I;
        const result = await work(i, item).catch((err: unknown) => {
          failed = true;
          throw err;
        });
        results[at] = result;
        onResult?.(result);
      }
    };
    // Each worker's first item before any worker's second: two items go to two workers.
    await Promise.all([...this.workers.map((_, i) => lane(i)), ...this.workers.map((_, i) => lane(i))]);
    return results;
  }

  /** `items` in batches of `batchSize`, each one request to whichever worker is free (share), this thread meanwhile free for other work. */
  drain<I, T extends WorkerReply["type"]>(items: I[], batchSize: number, msg: (batch: I[]) => WorkerRequest, expect: T, onBatch?: (r: Reply<T>) => void): Promise<Reply<T>[]> {
    return this.share(inBatches(items, batchSize), (i, batch) => this.request(i, msg(batch), expect), onBatch);
  }

  async close(): Promise<void> {
    this.watchdogs.forEach((_, i) => this.unwatch(i));
    for (const w of this.workers) {
      this.ended.add(w);
      this.failAll(w, () => new Error("the render workers were closed"));
    }
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** `items` cut into consecutive batches of at most `size`. */
export function inBatches<I>(items: readonly I[], size: number): I[][] {
  const batches: I[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

function isReply<T extends WorkerReply["type"]>(reply: WorkerReply, type: T): reply is Reply<T> {
  return reply.type === type;
}
