// The contact server killed with SIGKILL in the middle of a burst of posts, with emails on
// their way to a slow mail server, then started again: every message it stored reaches the
// (real, loopback) SMTP server at once after the restart (one process owns DATA_DIR, so the
// jobs that were in flight are its own: no lease to wait out), and in between
// `npm run submissions -- --undelivered` lists every one not yet mailed.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, parseMail, startSmtpPeer, storedMessages, validInput, waitFor, type SmtpPeer } from "../../tests/test-support";

const root = path.resolve(import.meta.dirname, "../..");
const serverFile = path.resolve(import.meta.dirname, "server.ts");
const run = promisify(execFile);

let dir: string;
let cleanup: () => Promise<void>;
let peer: SmtpPeer;
const children: ChildProcess[] = [];
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  peer = await startSmtpPeer();
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await peer.close();
  await cleanup();
});

async function startServer(): Promise<{ url: string; process: ChildProcess }> {
  const proc = spawn(process.execPath, ["--import", "tsx", serverFile], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", CONTACT_RATE_LIMIT: "0", SMTP_URL: peer.url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(proc);
  let output = "";
  proc.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(() => /listening on http:\/\/[\d.]+:\d+/.test(output) || proc.exitCode !== null, 20_000, "the server to listen");
  const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
  if (!url) throw new Error(`server did not start:\n${output}`);
  return { url, process: proc };
}

// Parsed once per mail: the wait below polls this often while mail arrives.
const parsed = new WeakMap<object, Map<string, string>>();
const headersOf = (mail: SmtpPeer["received"][number]) => {
  const headers = parsed.get(mail) ?? parseMail(mail.raw).headers;
  parsed.set(mail, headers);
  return headers;
};
const mailedIds = () => new Set(peer.received.map((mail) => headersOf(mail).get("x-submission-id")));

describe("a SIGKILL between storing a message and mailing it", () => {
  it("loses no message: each stored one is reported undelivered until it is mailed at once after the restart", async () => {
    // Each email waits 200 ms for its answer: the server dies with emails on the way.
    peer.delayMs = 200;
    const server = await startServer();
    let acknowledged = 0;
    let killed = false;
    let n = 0;
    // Eight clients post back to back while the notifications go out; the server dies after 150 answers.
    const client = async (): Promise<void> => {
      while (!killed) {
        try {
          const res = await fetch(`${server.url}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ ...validInput, name: `Visitor ${n++}` }),
          });
          if (res.status === 201) acknowledged += 1;
        } catch {
          return;
        }
        if (acknowledged >= 150 && !killed) {
          killed = true;
          server.process.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await waitFor(() => server.process.signalCode !== null, 5_000, "the server to die");

    const stored = (await storedMessages(dir)).map((s) => s.id);
    const mailedBefore = mailedIds();
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "--undelivered", "--json", "--data", dir], { cwd: root });
    const undelivered = new Set(JSON.parse(stdout).map((job: { id: string }) => job.id));
    // The report tells the truth: nothing stored is both unmailed and missing from it.
    expect(stored.filter((id) => !mailedBefore.has(id) && !undelivered.has(id))).toEqual([]);

    peer.delayMs = 0;
    await startServer();
    const restartedAt = Date.now();
    // At once: the replay finds every unsettled job due now, those that were on their way included.
    await waitFor(() => stored.every((id) => mailedIds().has(id)), 10_000, "every stored message to be mailed within 10 s of the restart");
    const counts = { stored: stored.length, unmailedAtKill: stored.filter((id) => !mailedBefore.has(id)).length, mails: peer.received.length, mailedWithinMs: Date.now() - restartedAt };
    console.log(`crash-recovery: ${JSON.stringify(counts)}`);
    expect(stored.filter((id) => !mailedIds().has(id))).toEqual([]);

    // A resend (sent before the kill, its "sent" line lost) carries the same Message-ID as the first copy.
    const messageIds = new Map<string, Set<string>>();
    for (const mail of peer.received) {
      const headers = headersOf(mail);
      const id = headers.get("x-submission-id") ?? "";
      messageIds.set(id, (messageIds.get(id) ?? new Set()).add(headers.get("message-id") ?? ""));
    }
    expect([...messageIds.values()].every((ids) => ids.size === 1)).toBe(true);
  }, 120_000);
});
