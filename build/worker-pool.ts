import { Worker } from "node:worker_threads";
import { ContentError } from "../src/content/content-error";
import { tookTooLong } from "../src/content/content-limits";
import { ParseClock } from "./parse-clock";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

type Reply<T extends WorkerReply["type"]> = Extract<WorkerReply, { type: T }>;

/**
 * A file's parse ran past the pool's time limit: its worker was ended and a fresh one
 * took its place. A ContentError (the build prints it as such) that also names the file.
 */
export class ParseTimeout extends ContentError {
  constructor(readonly file: string) {
    super([tookTooLong(file)]);
  }
}

/**
 * A fixed set of render workers, each answering one request at a time (later requests
 * to a busy worker wait their turn). A worker shows which file it is parsing on its
 * ParseClock; one that stays on a file longer than `parseLimitMs` is ended, since a
 * parse cannot be interrupted from inside, and replaced.
 */
export class WorkerPool {
  private readonly workers: Worker[];
  private readonly clocks: ParseClock[] = [];
  /** Per worker: settles when its last request is answered; the next one is sent then. */
  private readonly turns: Promise<unknown>[];

  constructor(
    private readonly script: string,
    size: number,
    private readonly workerData: unknown,
    private readonly parseLimitMs: number,
  ) {
    this.workers = Array.from({ length: size }, () => this.spawn());
    this.turns = this.workers.map(() => Promise.resolve());
  }

  // execArgv: [] keeps the tsx loader of build.ts out of the workers: they run plain bundled JS.
  private spawn(i = this.clocks.length): Worker {
    const clock = new ParseClock();
    this.clocks[i] = clock;
    return new Worker(this.script, { workerData: { ...(this.workerData as object), parseClock: clock.buffer }, execArgv: [] });
  }

  get size(): number {
    return this.workers.length;
  }

  /** Sends one request to worker `i` once it has answered the ones before, and waits for its answer of the expected type. */
  request<T extends WorkerReply["type"]>(i: number, msg: WorkerRequest, expect: T): Promise<Reply<T>> {
    const answer = (this.turns[i] ?? Promise.resolve()).then(() => this.send(i, msg, expect));
    this.turns[i] = answer.catch(() => undefined);
    return answer;
  }

  private send<T extends WorkerReply["type"]>(i: number, msg: WorkerRequest, expect: T): Promise<Reply<T>> {
    const worker = this.workers[i];
    if (!worker) throw new Error(`no worker ${i}`);
    const clock = this.clocks[i];
    return new Promise((resolve, reject) => {
      // The clock's counter moves at every start and end of a parse: standing still on a file past the limit is a timeout.
      let seen = clock?.read().changes;
      let since = performance.now();
      const watchdog = setInterval(() => {
        const now = clock?.read();
        if (!now || now.changes !== seen) {
          seen = now?.changes;
          since = performance.now();
        } else if (now.file !== null && performance.now() - since >= this.parseLimitMs) onTimeout(now.file);
      }, Math.min(250, this.parseLimitMs / 4));
      const onMessage = (reply: WorkerReply) => {
        cleanup();
        if (reply.type === "error") reject(new Error(reply.message));
        else if (reply.type === "content-error") reject(new ContentError(reply.problems));
        else if (isReply(reply, expect)) resolve(reply);
        else reject(new Error(`worker answered ${reply.type}, expected ${expect}`));
      };
      const onTimeout = (file: string) => {
        cleanup();
        void worker.terminate();
        this.workers[i] = this.spawn(i);
        reject(new ParseTimeout(file));
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const cleanup = () => {
        clearInterval(watchdog);
        worker.off("message", onMessage);
        worker.off("error", onError);
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.postMessage(msg);
    });
  }

  /** The same request to every worker. */
  broadcast<T extends WorkerReply["type"]>(msg: (i: number) => WorkerRequest, expect: T): Promise<Reply<T>[]> {
    return Promise.all(this.workers.map((_, i) => this.request(i, msg(i), expect)));
  }

  /** Hands out `items` in batches to whichever worker is free, collecting every answer. */
  async drain<I, T extends WorkerReply["type"]>(items: I[], batchSize: number, msg: (batch: I[]) => WorkerRequest, expect: T, onBatch?: (r: Reply<T>) => void): Promise<Reply<T>[]> {
    let next = 0;
    const replies: Reply<T>[] = [];
    await Promise.all(
      this.workers.map(async (_, i) => {
        while (next < items.length) {
          const batch = items.slice(next, next + batchSize);
          next += batchSize;
          const reply = await this.request(i, msg(batch), expect);
          replies.push(reply);
          onBatch?.(reply);
        }
      }),
    );
    return replies;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

function isReply<T extends WorkerReply["type"]>(reply: WorkerReply, type: T): reply is Reply<T> {
  return reply.type === type;
}
