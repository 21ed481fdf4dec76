// Time must not tell who the owner is (issue 36: a wrong code for an owner's address took 5.6 ms,
// for any other 3.4 ms, because the owner's path wrote two files before answering). The server
// is functions/contact/server.ts (the contact function with the desk, as deployed) in a process
// of its own on the files store, so that what it does after answering is not timed with the
// answer; many tries of owners' and strangers' addresses in turn, each from a client address of
// its own; the medians are compared, with a bound the old code's two writes exceed.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeIn, deskClient, type DeskClient } from "../../tests/desk-harness";
import { makeTempDir, sleep, startSmtpPeer, waitFor, type SmtpPeer } from "../../tests/test-support";

const ADDRESSES = 24;
const addresses = (who: string, test: string) => Array.from({ length: ADDRESSES }, (_, i) => `${who}${i}.${test}@example.com`);
const owners = { code: addresses("owner", "code"), ask: addresses("owner", "ask") };
const strangers = { code: addresses("someone", "code"), ask: addresses("someone", "ask") };

let server: ChildProcess | undefined;
let url = "";
let mail: SmtpPeer;
let folder: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  mail = await startSmtpPeer();
  folder = await makeTempDir();
  server = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, "../contact/server.ts")], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      DATA_DIR: folder.dir,
      PORT: "0",
      HOST: "127.0.0.1",
      SMTP_URL: mail.url,
      OWNER_EMAILS: [...owners.code, ...owners.ask].join(","),
      TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(() => /listening on http:\/\/[\d.]+:\d+/.test(output) || server?.exitCode !== null, 30_000, "the server to listen");
  url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1] ?? "";
  if (!url) throw new Error(`the server did not start:\n${output}`);
}, 60_000);
afterAll(async () => {
  server?.kill("SIGKILL");
  await mail?.close();
  await folder?.cleanup();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
let clients = 0;
/** Each request from a client address of its own (TRUST_PROXY), so no per-client limit is reached. */
const fresh = () => ({ headers: { "x-forwarded-for": `10.0.${Math.floor(++clients / 250)}.${clients % 250}` } });

async function timed(work: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = performance.now();
  const answer = await work();
  const ms = performance.now() - started;
  expect(answer.status).toBe(status);
  return ms;
}

/**
 * Samples of each kind of address in pairs, who goes first alternating, `settle` after each; the
 * medians, and the median of each pair's difference (owner minus stranger), which the machine's
 * load, drifting over the run, shifts less.
 */
async function compare(kinds: { owner: string[]; stranger: string[] }, rounds: number, sample: (email: string) => Promise<number>, settle: () => Promise<void>) {
  const times = { owner: [] as number[], stranger: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < ADDRESSES; i++) {
      const pair = [["owner", kinds.owner[i] ?? ""], ["stranger", kinds.stranger[i] ?? ""]] as const;
      for (const [kind, email] of (round + i) % 2 ? pair : [...pair].reverse()) {
        times[kind].push(await sample(email));
        await settle();
      }
    }
  }
  const owner = median(times.owner);
  const stranger = median(times.stranger);
  const difference = median(times.owner.map((ms, i) => ms - (times.stranger[i] ?? Number.NaN)));
  const said = `${owner.toFixed(2)} ms for an owner's address, ${stranger.toFixed(2)} ms for another, ${difference.toFixed(2)} ms apart (medians of ${times.owner.length} each)`;
  return { stranger, difference, said };
}

/** Apart by less than half a millisecond, or 15 % of the time: the old code's two fsyncs were 2 to 4 ms here. */
const alike = ({ stranger, difference }: { stranger: number; difference: number }) => expect(Math.abs(difference)).toBeLessThan(Math.max(0.5, 0.15 * stranger));

describe("the sign-in takes the same time for every address (functions/contact/server.ts, files)", () => {
  it("answers a wrong code for an owner's address as fast as for any other", async () => {
    const browsers = new Map<string, DeskClient>();
    const wrong = new Map<string, string>();
    for (const email of [...owners.code, ...strangers.code]) {
      const browser = deskClient(() => url, mail);
      browsers.set(email, browser);
      const before = mail.received.length;
      await browser.get("/owner/sign-in");
      expect((await browser.post("/owner/sign-in", { email }, fresh())).status).toBe(303);
      if (owners.code.includes(email)) {
        await waitFor(() => mail.received.length > before, 10_000, "the sign-in email");
        const code = codeIn(mail.received.at(-1)?.raw ?? "");
        wrong.set(email, code === "000000" ? "111111" : "000000");
      } else wrong.set(email, "000000");
      await browser.get("/owner/sign-in/code");
    }
    // Four wrong codes per address (a fifth locks it).
    const timing = await compare(
      { owner: owners.code, stranger: strangers.code },
      4,
      (email) => timed(() => (browsers.get(email) as DeskClient).post("/owner/sign-in/code", { code: wrong.get(email) ?? "" }, fresh()), 400),
      () => sleep(20),
    );
    console.log(`a wrong code: ${timing.said}`);
    alike(timing);
  });

  it("answers asking for a code for an owner's address as fast as for any other", async () => {
    const browser = deskClient(() => url, mail);
    await browser.get("/owner/sign-in");
    const mails = mail.received.length;
    let asked = 0;
    // Four codes per address (within the five a quarter hour allows).
    const timing = await compare(
      { owner: owners.ask, stranger: strangers.ask },
      4,
      (email) => {
        if (owners.ask.includes(email)) asked += 1;
        return timed(() => browser.post("/owner/sign-in", { email }, fresh()), 303);
      },
      // An owner's code is mailed after the answer: each sample starts once the one before it is done.
      async () => {
        await waitFor(() => mail.received.length === mails + asked, 10_000, "the sign-in emails");
        await sleep(20);
      },
    );
    console.log(`asking for a code: ${timing.said}`);
    alike(timing);
  });
});
