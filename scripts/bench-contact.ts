// `npx tsx scripts/bench-contact.ts`: the contact load alone (scripts/bench-contact-load.ts),
// RUNS times (default 3) closed loop (the most it accepts per second) and RUNS times open loop
// at CONTACT_RATE posts per second (the latency at that load); each run, then the medians.
// `npm run bench` runs it too. Other settings: CONTACT_CONNECTIONS (50), CONTACT_SECONDS (10),
// CONTACT_NODE_ARGS (flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
// CONTACT_STORE=postgres: the servers keep posts in a throw-away PostgreSQL server (Debian's, as
// the tests start it: tests/postgres-cluster.ts), a new database each run, and CONTACT_INSTANCES
// (default 1) servers share it, posted to in turn.
import { contactLoadSettingsSchema, runContactLoad, type ContactLoadResult, type ContactLoadSettings } from "./bench-contact-load";

export function contactSettingsFromEnv(env: NodeJS.ProcessEnv): ContactLoadSettings {
  return contactLoadSettingsSchema.parse({
    connections: Number(env.CONTACT_CONNECTIONS || 50),
    rate: Number(env.CONTACT_RATE || 1000),
    seconds: Number(env.CONTACT_SECONDS || 10),
    warmupSeconds: 2,
    nodeArgs: (env.CONTACT_NODE_ARGS ?? "").split(" ").filter(Boolean),
    instances: Number(env.CONTACT_INSTANCES || 1),
  });
}

export interface ContactLoadFigures {
  acceptedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The server's CPU per accepted post, mail included (see ContactLoadResult). */
  cpuMsPerPost: number;
}

export interface ContactLoadSummary {
  settings: ContactLoadSettings;
  /** Medians of the closed-loop runs. */
  closed: ContactLoadFigures;
  /** Medians of the open-loop runs at settings.rate. */
  open: ContactLoadFigures;
}

export function describeRun(result: ContactLoadResult): string {
  const { settings } = result;
  const how = settings.rate > 0 ? `open loop at ${settings.rate}/s` : `closed loop, ${settings.connections} connections`;
  return (
    `${how}: ${result.acceptedPerSecond.toFixed(0)} accepted/s, p50 ${result.p50Ms.toFixed(1)} ms, ` +
    `p99 ${result.p99Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms, errors ${result.errors}, server CPU ${result.cpuMsPerPost.toFixed(2)} ms/post; ` +
    `answered 201 ${result.acknowledged}, stored ${result.stored}, .eml written ${result.mailed}`
  );
}

/**
 * Runs each load `runs` times; throws if any run answered 201 for a post that is not stored.
 * `freshDatabase`: a new empty database for each run (PostgreSQL), else the files in a temp DATA_DIR.
 */
export async function benchContact(settings: ContactLoadSettings, runs: number, log: (line: string) => void, freshDatabase?: () => Promise<string>): Promise<ContactLoadSummary> {
  const figures = async (rate: number): Promise<ContactLoadFigures> => {
    const results: ContactLoadResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await runContactLoad({ ...settings, rate, ...(freshDatabase ? { databaseUrl: await freshDatabase() } : {}) });
      results.push(result);
      log(`contact run ${run}/${runs}, ${describeRun(result)}`);
      if (result.stored < result.acknowledged) throw new Error(`only ${result.stored} of ${result.acknowledged} accepted posts are stored`);
    }
    return {
      acceptedPerSecond: median(results.map((r) => r.acceptedPerSecond)),
      p50Ms: median(results.map((r) => r.p50Ms)),
      p99Ms: median(results.map((r) => r.p99Ms)),
      cpuMsPerPost: median(results.map((r) => r.cpuMsPerPost)),
    };
  };
  const closed = await figures(0);
  const open = settings.rate > 0 ? await figures(settings.rate) : { acceptedPerSecond: Number.NaN, p50Ms: Number.NaN, p99Ms: Number.NaN, cpuMsPerPost: Number.NaN };
  return { settings, closed, open };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

export function describeFigures(f: ContactLoadFigures): string {
  return `${f.acceptedPerSecond.toFixed(0)} accepted/s, p50 ${f.p50Ms.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms, server CPU ${f.cpuMsPerPost.toFixed(2)} ms/post`;
}

export function describeSettings(settings: ContactLoadSettings): string {
  return (
    `contact function alone on loopback, rate limit off, fsync on, mail to .eml files; ` +
    `${settings.seconds} s measured after ${settings.warmupSeconds} s warm-up, up to ${settings.connections} keep-alive connections`
  );
}

if (import.meta.filename === process.argv[1]) {
  const settings = contactSettingsFromEnv(process.env);
  const runs = Number(process.env.RUNS || 3);
  const cluster = process.env.CONTACT_STORE === "postgres" ? await (await import("../tests/postgres-cluster")).startCluster() : undefined;
  console.log(`${describeSettings(settings)}${cluster ? `; PostgreSQL ${settings.instances} instance(s), synchronous_commit on` : ""}`);
  const { closed, open } = await benchContact(settings, runs, console.log, cluster && (() => cluster.createDatabase())).finally(() => cluster?.remove());
  const show = (f: ContactLoadFigures) => describeFigures(f);
  console.log(`contact median of ${runs}, closed loop (${settings.connections} connections): ${show(closed)}`);
  if (settings.rate > 0) console.log(`contact median of ${runs}, open loop at ${settings.rate}/s: ${show(open)}`);
}
