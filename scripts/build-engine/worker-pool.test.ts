import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkerRequest } from "./worker-protocol";
import { inBatches, renderWorkerCount, WorkerPool, workerExecArgv } from "./worker-pool";

// The pool posts every request at once and matches answers to requests by their
// order (scripts/build-engine/render-worker.ts answers one message at a time). This worker does the
// same with answers that name their request: "previous" messages carry an id in
// `previous.outDir`, answered as a "ready" listing of that id after `ms` of work;
// an id starting with "fail" is answered with an error instead, one starting with "exit" stops the worker. rootData says how many
// messages the worker held when it answered (the one answered included).
const echoWorker = `
import { parentPort } from "node:worker_threads";
let queue = Promise.resolve();
let received = 0;
let answered = 0;
parentPort.on("message", (msg) => {
  received++;
  queue = queue.then(async () => {
    const id = msg.previous.outDir;
    if (id.startsWith("exit")) process.exit(3);
    await new Promise((r) => setTimeout(r, Number(id.split(":")[1] ?? 0)));
    parentPort.postMessage(id.startsWith("fail")
      ? { type: "error", message: "failed " + id }
      : { type: "ready", listing: { paths: [{ path: "/" + id, page: "p" }], rootData: { waiting: received - answered++ } } });
  });
});
`;

let dir: string;
let pool: WorkerPool;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "worker-pool-"));
  await writeFile(join(dir, "echo-worker.mjs"), echoWorker);
  pool = new WorkerPool(join(dir, "echo-worker.mjs"), 2, {}, 5_000);
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

const ask = (id: string): WorkerRequest => ({ type: "previous", previous: { outDir: id, files: new Map() } });
const idOf = (reply: { listing?: { paths: { path: string }[] } }) => reply.listing?.paths[0]?.path.slice(1);

describe("WorkerPool", () => {
  it("gives each of many requests sent to a busy worker its own answer", async () => {
    const ids = ["a:30", "b:0", "c:10", "d:0", "e:5"];
    const replies = await Promise.all(ids.map((id) => pool.request(0, ask(id), "ready")));
    expect(replies.map(idOf)).toEqual(ids);
  });

  it("sends a request to a busy worker at once, so its next batch is waiting when it finishes one", async () => {
    const [slow, next] = await Promise.all([pool.request(1, ask("slow:100"), "ready"), pool.request(1, ask("next:0"), "ready")]);
    expect(slow.listing?.rootData).toEqual({ waiting: 2 });
    expect(next.listing?.rootData).toEqual({ waiting: 1 });
  });

  it("fails only the request that failed; the worker answers the next ones", async () => {
    const [before, failed, after] = await Promise.allSettled([
      pool.request(1, ask("x:10"), "ready"),
      pool.request(1, ask("fail:0"), "ready"),
      pool.request(1, ask("y:0"), "ready"),
    ]);
    expect(before.status === "fulfilled" && idOf(before.value)).toBe("x:10");
    expect(failed.status === "rejected" && String(failed.reason)).toMatch(/failed fail:0/);
    expect(after.status === "fulfilled" && idOf(after.value)).toBe("y:0");
  });

  it("rejects an answer of another type than the one expected", async () => {
    await expect(pool.request(0, ask("z:0"), "rendered")).rejects.toThrow(/worker answered ready, expected rendered/);
  });

  it("drains every item exactly once, with two batches at a time per worker, answering in the items' order", async () => {
    const items = Array.from({ length: 23 }, (_, i) => `item${i}:${(i * 7) % 5}`);
    const replies = await pool.drain(items, 1, ([id]) => ask(id ?? ""), "ready");
    expect(replies.map(idOf)).toEqual(items);
  });

  it("shares items with whichever worker is free: the first two go to two workers, a slow item does not hold up the rest", async () => {
    const workerOf = new Map<string, number>();
    const items = ["slow:300", ...Array.from({ length: 9 }, (_, i) => `quick${i}:10`)];
    const results = await pool.share(items, async (worker, id) => {
      workerOf.set(id, worker);
      return idOf(await pool.request(worker, ask(id), "ready"));
    });
    expect(results).toEqual(items);
    expect(workerOf.get("quick0:10")).not.toBe(workerOf.get("slow:300"));
    // The slow item's worker takes only one more (its second lane's); the other worker takes the rest meanwhile.
    expect([...workerOf.values()].filter((w) => w === workerOf.get("slow:300"))).toHaveLength(2);
  });
  it("hands out no more items after one failed; idle() waits for those already sent, and the pool serves the next build", async () => {
    const sent: string[] = [];
    const items = ["fail:0", "a:80", "b:80", "c:0", "d:0", "e:0", "f:0"];
    const answered: string[] = [];
    const sharing = pool.share(items, async (worker, id) => {
      sent.push(id);
      const reply = await pool.request(worker, ask(id), "ready");
      answered.push(id);
      return reply;
    });
    await expect(sharing).rejects.toThrow(/failed fail:0/);
    // The build learns of the failure at once; the other worker's items are still being worked on.
    expect(answered).toEqual([]);
    await pool.idle();
    expect(answered.sort()).toEqual(sent.filter((id) => id !== "fail:0").sort());
    expect(sent.length).toBeLessThan(items.length);
    expect(pool.whole).toBe(true);
    expect(idOf(await pool.request(0, ask("next:0"), "ready"))).toBe("next:0");
  });

  it("a worker that stops on its own fails what waits on it, and the pool is no longer whole", async () => {
    const own = new WorkerPool(join(dir, "echo-worker.mjs"), 1, {}, 5_000);
    try {
      const [before, stopped, after] = await Promise.allSettled([own.request(0, ask("x:0"), "ready"), own.request(0, ask("exit:0"), "ready"), own.request(0, ask("y:0"), "ready")]);
      expect(before.status).toBe("fulfilled");
      expect(stopped.status === "rejected" && String(stopped.reason)).toMatch(/stopped \(exit code 3\)/);
      expect(after.status).toBe("rejected");
      await own.idle();
      expect(own.whole).toBe(false);
    } finally {
      await own.close();
    }
    expect(pool.whole).toBe(true);
  });
});

describe("inBatches", () => {
  it("cuts items into consecutive batches, the last one shorter", () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBatches([], 2)).toEqual([]);
  });
});

describe("workerExecArgv", () => {
  it("gives the workers node's profiler flags, with their values, and nothing else", () => {
    expect(workerExecArgv([])).toEqual([]);
    expect(workerExecArgv(["--import", "tsx", "--enable-source-maps"])).toEqual([]);
    expect(workerExecArgv(["--cpu-prof", "--cpu-prof-dir=prof", "--import", "tsx"])).toEqual(["--cpu-prof", "--cpu-prof-dir=prof"]);
    expect(workerExecArgv(["--cpu-prof", "--cpu-prof-dir", "prof", "--cpu-prof-interval", "500", "--import", "tsx"])).toEqual([
      "--cpu-prof",
      "--cpu-prof-dir",
      "prof",
      "--cpu-prof-interval",
      "500",
    ]);
  });
});

describe("renderWorkerCount", () => {
  it("starts one worker for a small blog, another per 2,500 posts, never more than the cores", () => {
    expect(renderWorkerCount(0, 2)).toBe(1);
    expect(renderWorkerCount(250, 8)).toBe(1);
    expect(renderWorkerCount(2500, 2)).toBe(1);
    expect(renderWorkerCount(2501, 2)).toBe(2);
    expect(renderWorkerCount(4000, 2)).toBe(2);
    expect(renderWorkerCount(12000, 2)).toBe(2);
    expect(renderWorkerCount(12000, 8)).toBe(5);
    expect(renderWorkerCount(100, 1)).toBe(1);
  });
});
