import { Worker } from "node:worker_threads";
import { ContentError } from "../src/content/content-error";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

type Reply<T extends WorkerReply["type"]> = Extract<WorkerReply, { type: T }>;

/** A fixed set of render workers, each answering one request at a time. */
export class WorkerPool {
  private readonly workers: Worker[];

  constructor(script: string, size: number, workerData: unknown) {
    // execArgv: [] keeps the tsx loader of build.ts out of the workers: they run plain bundled JS.
    this.workers = Array.from({ length: size }, () => new Worker(script, { workerData, execArgv: [] }));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Sends one request to worker `i` and waits for its answer of the expected type. */
  request<T extends WorkerReply["type"]>(i: number, msg: WorkerRequest, expect: T): Promise<Reply<T>> {
    const worker = this.workers[i];
    if (!worker) throw new Error(`no worker ${i}`);
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        cleanup();
        if (reply.type === "error") reject(new Error(reply.message));
        else if (reply.type === "content-error") reject(new ContentError(reply.problems));
        else if (isReply(reply, expect)) resolve(reply);
        else reject(new Error(`worker answered ${reply.type}, expected ${expect}`));
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const cleanup = () => {
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
