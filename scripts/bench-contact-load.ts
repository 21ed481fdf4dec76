// The contact load of `npm run bench`: the real contact function (functions/contact/server.ts,
// as deployed alone) on loopback, the rate limit off, DATA_DIR in a temp folder, no SMTP_URL
// (notifications become .eml files, fsynced like the messages). Two ways to load it:
//  - closed loop (`rate` 0): `connections` keep-alive clients each post a valid message, wait
//    for the answer and post again: the most the function accepts per second;
//  - open loop (`rate` > 0): posts start at a fixed rate whatever the answers, each latency
//    counted from when its post was due (a slow answer cannot hide the posts queued behind it):
//    the latency a visitor sees at that load.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import * as z from "zod";

export const contactLoadSettingsSchema = z.object({
  /** Closed loop: the clients; open loop: the most connections open at once (the server allows 64 per address). */
  connections: z.number().int().positive().max(64),
  /** Posts per second, open loop; 0: closed loop. */
  rate: z.number().nonnegative(),
  /** Seconds measured, after `warmupSeconds` whose answers are not counted. */
  seconds: z.number().positive(),
  warmupSeconds: z.number().nonnegative(),
  /** Extra node flags for the server, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]. */
  nodeArgs: z.array(z.string()),
  /** DATABASE_URL of an empty database: the servers keep the posts in PostgreSQL instead of DATA_DIR. */
  databaseUrl: z.string().optional(),
  /** Servers started, each posted to in turn (several only with `databaseUrl`). */
  instances: z.number().int().positive().default(1),
});
export type ContactLoadSettings = z.infer<typeof contactLoadSettingsSchema>;

export interface ContactLoadResult {
  settings: ContactLoadSettings;
  /**
   * The window's posts answered 201, per second from the window's start to the last of those
   * answers: the load itself when the function keeps up, what it managed when a backlog built up.
   */
  acceptedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 201 and failed requests in the measured window. */
  errors: number;
  /** 201 answers over the whole run, warm-up included, and messages stored (submissions.jsonl, or the database) after a clean stop. */
  acknowledged: number;
  stored: number;
  /** .eml files written by the time the server stopped (mail is sent after the answer). */
  mailed: number;
  /**
   * The server's CPU time (user + system) from the window's start until every post was answered,
   * per post answered 201 in that time, mail work included: less disturbed by other work on the machine than the latencies. NaN without /proc.
   */
  cpuMsPerPost: number;
}

const root = path.resolve(import.meta.dirname, "..");
/** Linux counts /proc CPU times in ticks of 1/100 s (getconf CLK_TCK) on every common platform. */
const CLOCK_TICKS = 100;
const serverFile = path.join(root, "functions/contact/server.ts");

const body = (n: number): string =>
  JSON.stringify({
    name: `Load Visitor ${n}`,
    email: `visitor${n}@example.com`,
    phone: "(803) 555-0142",
    serviceType: "tree-trimming",
    message: `Post number ${n}: the big oak by the driveway is leaning after the storm.`,
  });

export async function runContactLoad(settings: ContactLoadSettings): Promise<ContactLoadResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-contact-"));
  const env: Record<string, string> = settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {};
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < settings.instances; i++) servers.push(await startServer(dataDir, settings.nodeArgs, env));
    const cpuMs = async () => (await Promise.all(servers.map((s) => s.cpuMs()))).reduce((a, b) => a + b, 0);
    const agent = new http.Agent({ keepAlive: true, maxSockets: settings.connections });
    const latencies: number[] = [];
    let errors = 0;
    let acknowledged = 0;
    let sequence = 0;
    const t0 = performance.now();
    const measureFrom = t0 + settings.warmupSeconds * 1000;
    const stopAt = measureFrom + settings.seconds * 1000;
    const cpuFrom = new Promise<number>((resolve) => setTimeout(() => resolve(cpuMs()), Math.max(0, measureFrom - performance.now())));
    // For the CPU per post: every 201 from the window's start until the load is answered.
    let answeredSinceWindow = 0;
    let lastWindowAnswer = measureFrom;

    const record = (status: number, dueAt: number, doneAt: number): void => {
      if (status === 201) acknowledged += 1;
      if (status === 201 && doneAt >= measureFrom) answeredSinceWindow += 1;
      // Counted by when the post was due: the window's posts, each waited for.
      if (dueAt < measureFrom || dueAt >= stopAt) return;
      if (status === 201) {
        latencies.push(doneAt - dueAt);
        lastWindowAnswer = Math.max(lastWindowAnswer, doneAt);
      } else errors += 1;
    };
    const send = async (dueAt: number): Promise<void> => {
      const n = sequence++;
      const status = await post(servers[n % servers.length]?.url ?? "", body(n), agent).catch(() => 0);
      record(status, dueAt, performance.now());
    };

    if (settings.rate > 0) {
      // Every millisecond, start the posts due by now; the agent queues those past `connections`.
      const inFlight = new Set<Promise<void>>();
      // Every post due before stopAt is sent, even when this loop wakes late on a busy machine.
      const total = Math.ceil(((stopAt - t0) / 1000) * settings.rate);
      let begun = 0;
      while (begun < total) {
        const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * settings.rate));
        for (; begun < due; begun++) {
          const request = send(t0 + (begun * 1000) / settings.rate);
          inFlight.add(request);
          void request.finally(() => inFlight.delete(request));
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await Promise.all(inFlight);
    } else {
      const client = async (): Promise<void> => {
        while (performance.now() < stopAt) await send(performance.now());
      };
      await Promise.all(Array.from({ length: settings.connections }, client));
    }
    const cpuTo = await cpuMs();
    const cpuMsPerPost = (cpuTo - (await cpuFrom)) / answeredSinceWindow;
    agent.destroy();
    await Promise.all(servers.map((s) => s.stop()));

    const stored = settings.databaseUrl
      ? await countDatabaseMessages(settings.databaseUrl)
      : (await readFile(path.join(dataDir, "submissions.jsonl"), "utf8").catch(() => "")).split("\n").filter(Boolean).length;
    const mailed = (await readdir(path.join(dataDir, "mail")).catch(() => [])).filter((name) => name.endsWith(".eml")).length;
    latencies.sort((a, b) => a - b);
    return {
      settings,
      acceptedPerSecond: latencies.length / Math.max(settings.seconds, (lastWindowAnswer - measureFrom) / 1000),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      errors,
      acknowledged,
      stored,
      mailed,
      cpuMsPerPost,
    };
  } finally {
    for (const server of servers) server.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function countDatabaseMessages(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM messages WHERE box = 'inbox'")).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

function post(url: string, payload: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/contact`,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

interface RunningServer {
  url: string;
  /** SIGTERM, then waits for the server's own clean shutdown (answers finished, files closed). */
  stop(): Promise<void>;
  kill(): void;
  /** CPU time used so far (user + system), from /proc; NaN where there is none. */
  cpuMs(): Promise<number>;
}

async function startServer(dataDir: string, nodeArgs: readonly string[], extraEnv: Record<string, string>): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", CONTACT_RATE_LIMIT: "0", ...extraEnv };
  delete env.SMTP_URL;
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", serverFile], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the contact function did not start in 30 s:\n${output}`)), 30_000);
    const check = (): void => {
      const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`the contact function exited before listening:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      if (child.exitCode !== 0) throw new Error(`the contact function did not stop cleanly (exit ${child.exitCode}):\n${output}`);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    async cpuMs() {
      const stat = await readFile(`/proc/${child.pid}/stat`, "utf8").catch(() => "");
      // Fields after the command name: state is the 3rd field, utime and stime the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
  };
}
