// `npm run bench -- soak [--minutes N] [--stores files,postgres] [--gc] [--pending-reviews N]`: the owner's day repeated over
// HTTP, without a browser, against ONE `npm start` (in a copy of this checkout, as the README runs
// it) for N minutes (default 30) per store: the files store, then PostgreSQL (a cluster of its own).
// Meanwhile visitors post the contact and review forms (one a second, from 250 addresses) and
// readers fetch pages (four a second). The owner, in turns: signs in by the emailed code (every
// few minutes: the desk allows 5 codes an address in 15 minutes), saves Business details, writes
// a post with a photo (sent in parts as the editor sends it) and publishes it, marks the newest
// message handled, approves a pending review and takes it off the site again, and deletes the post
// again (so the site keeps its size: what grows is what leaks). Printed per store: requests, 5xx (must be 0), every 201 stored
// and mailed, GET / median and p95 in the first and the last minute, the server's RSS and open
// files after warm-up and at the end, and dist/'s size. tests/owner-day*.test.ts run the same
// day in Chromium; the traffic and the desk over HTTP live in scripts/soak/.
import { join } from "node:path";
import sharp from "sharp";
import { createStore } from "../functions/store/create-store";
import { deskPath, messageHandledPath } from "../src/desk/desk-routes";
import { freePort } from "../tests/nginx-process";
import { startCluster, type TestCluster } from "../tests/postgres-cluster";
import { copyRepo, runNpm, type RunningCommand } from "../tests/repo-copy";
import { parseMail, recordingLogger, startSmtpPeer, type SmtpPeer } from "../tests/test-support";
import { DeskHttp, formFields, withChanges } from "./soak/desk-http";
import { folderSize, groupFigures } from "./soak/process-figures";
import { Answers, Readers, Visitors } from "./soak/traffic";

const OWNER = "owner@example.com";
const SIGN_IN_EVERY_MS = 4 * 60_000;

export interface SoakSettings {
  minutes: number;
  stores: ("files" | "postgres")[];
  /** `--gc`: the server's processes trace V8's collections (scripts/soak/trace-gc.cjs), and the live heap after each full collection is reported per heap. */
  gc: boolean;
  /** `--pending-reviews N`: the store starts with N reviews waiting for the owner (as after a flood of them), added before npm start. */
  pendingReviews: number;
}

export function soakSettings(args: string[]): SoakSettings {
  const value = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const minutes = Number(value("--minutes") ?? 30);
  if (!(minutes > 0)) throw new Error(`--minutes must be a number of minutes above 0, not "${value("--minutes")}"`);
  const stores = (value("--stores") ?? "files,postgres").split(",").filter(Boolean);
  for (const store of stores) if (store !== "files" && store !== "postgres") throw new Error(`--stores: "${store}" is not files or postgres`);
  const pendingReviews = Number(value("--pending-reviews") ?? 0);
  if (!Number.isInteger(pendingReviews) || pendingReviews < 0) throw new Error(`--pending-reviews must be a whole number, not "${value("--pending-reviews")}"`);
  return { minutes, stores: stores as SoakSettings["stores"], gc: args.includes("--gc"), pendingReviews };
}

interface Sample {
  at: number;
  ms: number;
}

interface ServerFigures {
  rssMb: number;
  /** Each process of the group: its command and RSS (MB). */
  processes: { command: string; rssMb: number }[];
  openFiles: number;
  distMb: number;
  distFiles: number;
}

export interface SoakResult {
  store: string;
  minutes: number;
  requests: number;
  serverErrors: string[];
  rounds: number;
  signIns: number;
  ownerProblems: string[];
  accepted: number;
  posted: number;
  unmailed: string[];
  unstored: string[];
  homeFirst: { median: number; p95: number };
  homeLast: { median: number; p95: number };
  warm: ServerFigures;
  end: ServerFigures;
  /** The server's RSS (MB, the process group's sum) at the end of each minute. */
  rssByMinute: number[];
  /** With `--gc`: each heap's live MB after its full collections (first, last, highest), by process and heap. */
  heaps: HeapTrend[];
  /** When the server had stopped before the end: the last lines it printed (why). */
  stoppedEarly?: string[];
}

export interface HeapTrend {
  heap: string;
  collections: number;
  firstMb: number;
  lastMb: number;
  highestMb: number;
}

/**
 * The live heap after each full collection (V8's --trace-gc lines: "[pid:0xheap] 1234 ms: Mark-Compact
 * 45.2 (60.1) -> 40.3 (58.0) MB, ..."), per heap: the main thread's and each worker's. A heap that
 * keeps more after every full collection holds what it no longer needs; RSS alone also counts what
 * the allocator keeps for reuse.
 */
/** A line of V8's GC trace starts with its process and heap: "[1234:0x55d1c0a0] ". */
const GC_TRACE_LINE = /^\[\d+:0x[0-9a-f]+\]/;

export function heapTrends(output: string): HeapTrend[] {
  const byHeap = new Map<string, number[]>();
  for (const m of output.matchAll(/^\[(\d+:0x[0-9a-f]+)\]\s+\d+ ms: Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/gm)) {
    const [, heap = "", live = "0"] = m;
    byHeap.set(heap, [...(byHeap.get(heap) ?? []), Number(live)]);
  }
  return [...byHeap].map(([heap, sizes]) => ({ heap, collections: sizes.length, firstMb: sizes[0] ?? 0, lastMb: sizes.at(-1) ?? 0, highestMb: Math.max(...sizes) }));
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

async function serverFigures(server: RunningCommand, dir: string): Promise<ServerFigures> {
  const group = await groupFigures(server.child.pid ?? 0);
  const dist = await folderSize(join(dir, "dist"));
  return {
    rssMb: group.reduce((sum, p) => sum + p.rssMb, 0),
    processes: group.map(({ command, rssMb }) => ({ command, rssMb })),
    openFiles: group.reduce((sum, p) => sum + p.openFiles, 0),
    distMb: dist.bytes / 1024 / 1024,
    distFiles: dist.files,
  };
}

/** The visitors' words in every email the peer received. */
function mailedTokens(mail: SmtpPeer): Set<string> {
  const tokens = new Set<string>();
  for (const received of mail.received) {
    const { text, html } = parseMail(received.raw);
    for (const token of `${text}\n${html}`.match(/\b[a-z]+-(?:contact|review)-\d+-[a-z0-9]+\b/g) ?? []) tokens.add(token);
  }
  return tokens;
}

/** The sign-in code in an email (its subject says it, as tests/desk-harness.ts reads it). */
function codeIn(raw: string): string {
  const code = /^Subject: (\d{6}) is your sign-in code/m.exec(raw)?.[1] ?? /\b(\d{6})\b/.exec(parseMail(raw).text)?.[1];
  if (!code) throw new Error("no code in the sign-in email");
  return code;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One owner's round of the day over HTTP; throws with what went wrong. */
async function ownerRound(desk: DeskHttp, round: number, photo: Buffer): Promise<void> {
  // Business details: the phone changes every round (its rebuild writes a whole new dist/).
  const business = `${deskPath.home}/business`;
  const page = await desk.get(business);
  const phone = `(803) 555-${String(1000 + (round % 9000)).padStart(4, "0")}`;
  const saved = await desk.postForm(business, withChanges(formFields(page.text, business), { phone }));
  if (saved.status !== 303) throw new Error(`Business details answered ${saved.status}`);

  // A post with a photo, published.
  const editor = await desk.get(deskPath.postNew);
  const added = await desk.addPhoto(photo, `The crew at work, round ${round}`, []);
  const title = `Soak round ${round}: raising a canopy`;
  const published = await desk.postForm(
    deskPath.postSave,
    withChanges(formFields(editor.text, deskPath.postSave), {
      title,
      summary: `${title}: what the crew did and why.`,
      text: `We raised the canopy so the trailer clears it.\n\n![The crew at work, round ${round}](./${added.name})\n`,
      photos: JSON.stringify([{ name: added.name, sha: added.sha }]),
      action: "publish",
    }),
  );
  if (published.status !== 303 || !published.location) throw new Error(`Publish answered ${published.status}: ${published.text.slice(0, 300)}`);
  const edit = await desk.follow(published);
  const slug = published.location.split("/").at(-1)?.split("?")[0] ?? "";
  const live = await fetch(`${desk.baseUrl}/blog/${slug}`);
  if (live.status !== 200) throw new Error(`the published post /blog/${slug} answered ${live.status}`);
  await live.arrayBuffer();

  // The newest message marked handled; a pending review approved.
  const inbox = await desk.get(deskPath.messages);
  // The list's first message (the Spam tab's link comes before the list).
  const message = [...inbox.text.matchAll(new RegExp(`href="${deskPath.messages}/([^"/?]+)"`, "g"))].map((m) => m[1] ?? "").find((id) => `${deskPath.messages}/${id}` !== deskPath.spam);
  if (message) {
    await desk.get(`${deskPath.messages}/${message}`);
    const handled = await desk.postForm(messageHandledPath(decodeURIComponent(message)), { handled: "yes" });
    if (handled.status !== 303) throw new Error(`Mark handled answered ${handled.status}`);
  }
  const reviews = await desk.get(deskPath.reviews);
  // A pending review's Approve form (an approved one has only "Take off the site").
  const decision = new RegExp(`action="(${deskPath.reviews}/[^"]+/decision)"[^>]*>(?:(?!</form>)[\\s\\S])*?name="approved" value="yes"`).exec(reviews.text)?.[1];
  if (decision) {
    const approved = await desk.postForm(decision, withChanges(formFields(reviews.text, decision), { approved: "yes" }));
    if (approved.status !== 303) throw new Error(`Approve answered ${approved.status}`);
    // And taken off the site again, so that the site's content is the same at every round's end:
    // what the server holds more of after that is held, not content.
    const takenOff = await desk.postForm(decision, withChanges(formFields(reviews.text, decision), { approved: "no" }));
    if (takenOff.status !== 303) throw new Error(`Take off the site answered ${takenOff.status}`);
  }

  // The post deleted again (kept in its history): the site's size stays that of the day's start.
  const deleted = await desk.postForm(deskPath.postDelete, formFields(edit.text, deskPath.postDelete));
  if (deleted.status !== 303) throw new Error(`Delete answered ${deleted.status}`);
}

/** `count` reviews from visitors, waiting for the owner, in the store the server will open (before it starts). */
async function addPendingReviews(count: number, where: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const store = await createStore({ ...where, logger: recordingLogger() });
  try {
    await store.ready;
    for (let n = 0; n < count; n += 50) {
      const batch = Array.from({ length: Math.min(50, count - n) }, (_, k) => n + k);
      await Promise.all(
        batch.map((i) => store.reviews.add({ name: `Waiting ${i}`, location: "Chapin", rating: 5, text: `Review ${i} from before the day: they took the oak down cleanly and hauled it all away.` })),
      );
    }
  } finally {
    await store.close();
  }
}

export async function soakStore(store: "files" | "postgres", minutes: number, say: (line: string) => void, gc = false, pendingReviews = 0): Promise<SoakResult> {
  const repo = await copyRepo(`soak-${store}`);
  const mail = await startSmtpPeer();
  let cluster: TestCluster | undefined;
  let server: RunningCommand | undefined;
  try {
    const databaseUrl = store === "postgres" ? await (cluster = await startCluster()).createDatabase() : undefined;
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = join(repo.dir, "data");
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      OWNER_EMAILS: OWNER,
      TRUST_PROXY: "127.0.0.1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(gc ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${join(import.meta.dirname, "soak", "trace-gc.cjs")}`.trim() } : {}),
    };
    if (pendingReviews > 0) await addPendingReviews(pendingReviews, { dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    server = runNpm(["start"], repo.dir, env);
    await server.waitFor(/Serving http:\/\/\S+ /, 240_000);
    say(`  ${store}: npm start serving ${baseUrl}; ${minutes} min${pendingReviews > 0 ? `, ${pendingReviews} reviews waiting at the start` : ""}`);

    const answers = new Answers();
    const visitors = new Visitors(() => [baseUrl], answers, { everyMs: 1_000, addresses: 250, label: "soak", from: "forwarded" });
    const readers = new Readers(() => baseUrl, answers, ["/", "/contact", "/blog", "/reviews", "/services"], 250);
    const home: Sample[] = [];
    const timeHome = setInterval(() => {
      const start = performance.now();
      void fetch(baseUrl, { signal: AbortSignal.timeout(30_000) })
        .then(async (r) => {
          await r.arrayBuffer();
          answers.note("probe", "GET", "/", r.status);
          home.push({ at: Date.now(), ms: performance.now() - start });
        })
        .catch(() => undefined);
    }, 1_000);
    visitors.start();
    readers.start();

    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 70, g: 110, b: 60 } } })
      .composite([{ input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#8a5"/></svg>'), left: 0, top: 0 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const ownerProblems: string[] = [];
    const started = Date.now();
    const until = started + minutes * 60_000;
    let desk: DeskHttp | undefined;
    let signedInAt = 0;
    let signIns = 0;
    let rounds = 0;
    let warm: ServerFigures | undefined;
    const rssByMinute: number[] = [];
    const sampleRss = setInterval(() => {
      void groupFigures(server?.child.pid ?? 0).then((group) => rssByMinute.push(group.reduce((sum, p) => sum + p.rssMb, 0)));
    }, 60_000);
    while (Date.now() < until) {
      try {
        if (!desk || Date.now() - signedInAt > SIGN_IN_EVERY_MS) {
          const next = new DeskHttp(baseUrl, (method, path, status) => answers.note("owner", method, path, status));
          const before = mail.received.length;
          await next.signIn(OWNER, async () => {
            const deadline = Date.now() + 30_000;
            for (;;) {
              const found = mail.received.slice(before).filter((m) => m.to.includes(OWNER)).at(-1);
              if (found) return codeIn(found.raw);
              if (Date.now() > deadline) throw new Error("no sign-in email");
              await sleep(50);
            }
          });
          desk = next;
          signedInAt = Date.now();
          signIns++;
        }
        await ownerRound(desk, rounds, photo);
      } catch (error) {
        ownerProblems.push(`round ${rounds}: ${error instanceof Error ? error.message : String(error)}`);
      }
      rounds++;
      // After the first round everything is loaded once (the warm-up): the figures to compare with.
      if (rounds === 1) warm = await serverFigures(server, repo.dir);
      await sleep(2_000);
    }
    clearInterval(timeHome);
    clearInterval(sampleRss);
    await visitors.stop();
    await readers.stop();
    const end = await serverFigures(server, repo.dir);

    // Every 201 mailed (the outbox may still be sending) and stored.
    const accepted = visitors.accepted();
    let unmailed: string[] = [];
    for (const deadline = Date.now() + 120_000; ; await sleep(500)) {
      const mailed = mailedTokens(mail);
      unmailed = accepted.filter((p) => !mailed.has(p.token)).map((p) => p.token);
      if (unmailed.length === 0 || Date.now() > deadline) break;
    }
    const heaps = gc ? heapTrends(server.output()) : [];
    // A server that stopped by itself says why in its last lines (its output is not kept otherwise).
    const stoppedEarly =
      server.child.exitCode !== null || server.child.signalCode !== null
        ? [`exit ${server.child.exitCode ?? server.child.signalCode}`, ...server.output().split("\n").filter((line) => !GC_TRACE_LINE.test(line)).slice(-40)]
        : undefined;
    await server.stop();
    const opened = await createStore({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), logger: recordingLogger() });
    let unstored: string[];
    try {
      await opened.ready;
      const ids = new Set([...(await opened.messages.all("inbox")), ...(await opened.messages.all("spam")), ...(await opened.reviews.list())].map((r) => r.id));
      unstored = accepted.filter((p) => !p.id || !ids.has(p.id)).map((p) => p.token);
    } finally {
      await opened.close();
    }

    const window = (from: number, to: number) => home.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
    const first = window(started, started + 60_000);
    const last = window(until - 60_000, until + 1);
    return {
      store,
      minutes,
      requests: answers.seen.length,
      serverErrors: answers.serverErrors(),
      rounds,
      signIns,
      ownerProblems,
      accepted: accepted.length,
      posted: visitors.posts.length,
      unmailed,
      unstored,
      homeFirst: { median: percentile(first, 50), p95: percentile(first, 95) },
      homeLast: { median: percentile(last, 50), p95: percentile(last, 95) },
      warm: warm ?? end,
      end,
      rssByMinute,
      heaps,
      stoppedEarly,
    };
  } finally {
    await server?.stop();
    await mail.close();
    await cluster?.remove();
    await repo.remove();
  }
}

export function describeSoak(r: SoakResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const figures = (f: ServerFigures) => `RSS ${f.rssMb.toFixed(0)} MB, ${f.openFiles} open files, dist/ ${f.distMb.toFixed(1)} MB in ${f.distFiles} files`;
  return [
    `${r.store} (${r.minutes} min): ${r.requests} requests, ${r.serverErrors.length} 5xx; owner ${r.rounds} rounds (${r.signIns} sign-ins), ${r.ownerProblems.length} failed`,
    `  visitors: ${r.posted} posts, ${r.accepted} accepted (201), ${r.accepted - r.unstored.length} of them stored, ${r.accepted - r.unmailed.length} mailed`,
    `  GET /: first minute median ${ms(r.homeFirst.median)}, p95 ${ms(r.homeFirst.p95)}; last minute median ${ms(r.homeLast.median)}, p95 ${ms(r.homeLast.p95)}`,
    `  server after warm-up: ${figures(r.warm)}`,
    `  server at the end:    ${figures(r.end)}`,
    ...r.end.processes.map((p) => `    ${p.rssMb.toFixed(0)} MB (after warm-up ${(r.warm.processes.find((w) => w.command === p.command)?.rssMb ?? 0).toFixed(0)}): ${p.command}`),
    `  RSS by minute (MB): ${r.rssByMinute.map((mb) => mb.toFixed(0)).join(", ")}`,
    ...r.heaps
      .filter((h) => h.collections >= 2)
      .map((h) => `  heap ${h.heap}: live after full collections ${h.firstMb.toFixed(1)} -> ${h.lastMb.toFixed(1)} MB (highest ${h.highestMb.toFixed(1)}, ${h.collections} collections)`),
    ...(r.stoppedEarly ? ["  the server stopped before the end; its last lines:", ...r.stoppedEarly.map((line) => `    ${line}`)] : []),
    ...r.serverErrors.slice(0, 10).map((e) => `  5xx: ${e}`),
    ...r.ownerProblems.slice(0, 10).map((p) => `  owner: ${p}`),
    ...r.unstored.slice(0, 5).map((t) => `  not stored: ${t}`),
    ...r.unmailed.slice(0, 5).map((t) => `  not mailed: ${t}`),
  ];
}

/** The soak for each store in turn; false when any store had a 5xx, a failed round, or a 201 not stored or not mailed. */
export async function runSoak(args: string[], say: (line: string) => void = console.log): Promise<boolean> {
  const settings = soakSettings(args);
  say(`npm run bench -- soak: ${new Date().toISOString()}, ${settings.minutes} min per store (${settings.stores.join(", ")})`);
  let ok = true;
  for (const store of settings.stores) {
    const result = await soakStore(store, settings.minutes, say, settings.gc, settings.pendingReviews);
    for (const line of describeSoak(result)) say(line);
    if (result.stoppedEarly || result.serverErrors.length + result.ownerProblems.length + result.unmailed.length + result.unstored.length > 0) ok = false;
  }
  return ok;
}
