// One of two instances on one PostgreSQL database killed with SIGKILL in the middle of a burst
// of posts, all real: the killed one the contact function's own server (functions/contact/
// server.ts, its default lease and heartbeat), the other the contact function in this process,
// each with its own real SMTP peer (so each email's sender is known), the killed one's slow so
// it has emails in flight when it dies.
//
// What is guaranteed: every post answered 201 is in the database (stored and committed with its
// mail job before the answer); every stored message is mailed within 90 s of the kill (the jobs
// the killed instance had claimed are the other's once their short lease, no longer renewed, runs
// out); and every message but those is mailed exactly once. One the killed instance had handed to
// its mail server before dying, but not yet recorded as sent, is mailed again, with the same
// Message-ID.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createContactFunction } from "../../contact/app";
import { startCluster, storedMessageIds, withClient, type TestCluster } from "../../../tests/postgres-cluster";
import { contentDir, listen, makeTempDir, parseMail, recordingLogger, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "../../../tests/test-support";

const root = path.resolve(import.meta.dirname, "../../..");
/** The kill to the last email: the jobs the killed instance held are taken over within a lease (30 s) of its last heartbeat. */
const MAILED_WITHIN_MS = 90_000;

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

function startChild(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "functions/contact/server.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return waitFor(() => /listening on http:\/\/[\d.]+:\d+/.test(output) || child.exitCode !== null, 30_000, "the instance to listen").then(() => {
    const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
    if (!url) throw new Error(`the instance did not start:\n${output}`);
    return { url, child, exited };
  });
}

/** Pending jobs claimed by some sender, with whose claim. */
const claimedNow = (url: string) =>
  withClient(url, async (db) => new Map((await db.query<{ id: string; claimed_by: string }>("SELECT id, claimed_by FROM mail_jobs WHERE state = 'pending' AND claimed_by IS NOT NULL")).rows.map((row) => [row.id, row.claimed_by])));

/** Each email's submission id and Message-ID, as one SMTP peer received them. */
const mailsOf = (peer: SmtpPeer) =>
  peer.received.map((mail) => {
    const headers = parseMail(mail.raw).headers;
    return { id: headers.get("x-submission-id") ?? "", messageId: headers.get("message-id") ?? "" };
  });

it("loses nothing answered 201, and the other instance mails what the killed one had claimed within 90 s of the kill", async () => {
  const databaseUrl = await cluster.createDatabase();
  const [slowPeer, peer, dataDir] = [await startSmtpPeer(), await startSmtpPeer(), await makeTempDir()];
  // The killed instance's mail server answers each message after 300 ms: it dies with emails claimed and in flight.
  slowPeer.delayMs = 300;
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir.dir, CONTACT_RATE_LIMIT: "0", SITE_URL: "https://reviews.test" };
  const doomed = await startChild({ ...env, SMTP_URL: slowPeer.url });
  const survivor = await createContactFunction({ ...env, SMTP_URL: peer.url }, { contentDir, logger: recordingLogger(), retryDelays: Array(10).fill(200) });
  const server = await listen(survivor.app);
  try {
    const accepted: string[] = [];
    let fromDoomed = 0;
    let killedAt = 0;
    let heldByDoomed: string[] = [];
    const post = async (url: string): Promise<void> => {
      const answer = await fetch(`${url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(validInput) }).catch(() => undefined);
      if (answer?.status !== 201) return;
      const body: unknown = await answer.json();
      if (typeof body === "object" && body !== null && "id" in body && typeof body.id === "string") accepted.push(body.id);
      if (url === doomed.url) fromDoomed += 1;
    };
    // Eight clients post back to back, half of them to each instance; the one is killed after 60 of its answers.
    const client = async (url: string): Promise<void> => {
      for (let n = 0; n < 40; n += 1) {
        await post(url);
        if (url === doomed.url && fromDoomed >= 60 && !killedAt) {
          killedAt = Date.now();
          doomed.child.kill("SIGKILL");
          await doomed.exited;
          // Its claims: those still held by the same sender a second later (the survivor's own are settled by then, its mail server answers at once).
          const atKill = await claimedNow(databaseUrl);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const later = await claimedNow(databaseUrl);
          heldByDoomed = [...atKill].filter(([id, by]) => later.get(id) === by).map(([id]) => id);
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => client(i % 2 ? doomed.url : server.url)));
    expect(killedAt).toBeGreaterThan(0);
    expect(heldByDoomed.length).toBeGreaterThan(0);

    const stored = await storedMessageIds(databaseUrl);
    expect(stored).toEqual(expect.arrayContaining(accepted));
    await waitFor(
      () => new Set([...mailsOf(slowPeer), ...mailsOf(peer)].map((mail) => mail.id)).size >= stored.length,
      Math.max(0, killedAt + MAILED_WITHIN_MS - Date.now()),
      "every stored message mailed within 90 s of the kill",
    );
    const lastMailedAfter = Date.now() - killedAt;
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const [doomedMails, survivorMails] = [mailsOf(slowPeer), mailsOf(peer)];
    const times = new Map<string, number>();
    for (const { id } of [...doomedMails, ...survivorMails]) times.set(id, (times.get(id) ?? 0) + 1);
    expect([...times.keys()].sort()).toEqual([...stored].sort());
    // What the killed instance held is mailed by the survivor, once its lease ran out.
    const bySurvivor = new Set(survivorMails.map((mail) => mail.id));
    expect(heldByDoomed.filter((id) => !bySurvivor.has(id))).toEqual([]);
    // Exactly once for everything else; at most twice for what it held, with one Message-ID.
    expect(stored.filter((id) => !heldByDoomed.includes(id) && times.get(id) !== 1)).toEqual([]);
    for (const id of heldByDoomed) {
      const messageIds = new Set([...doomedMails, ...survivorMails].filter((mail) => mail.id === id).map((mail) => mail.messageId));
      expect(messageIds.size).toBe(1);
      expect(times.get(id)).toBeLessThanOrEqual(2);
    }
    const states = await withClient(databaseUrl, async (db) => (await db.query<{ state: string }>("SELECT DISTINCT state FROM mail_jobs")).rows.map((row) => row.state));
    expect(states).toEqual(["sent"]);
    console.log(`sigkill: ${accepted.length} answered 201 (${fromDoomed} by the killed instance), ${stored.length} stored, ${heldByDoomed.length} claimed by it at the kill, mailed by it ${doomedMails.length} / by the other ${survivorMails.length}, ${[...times.values()].filter((n) => n > 1).length} twice, every one mailed ${(lastMailedAfter / 1000).toFixed(1)} s after the kill`);
  } finally {
    if (doomed.child.exitCode === null && doomed.child.signalCode === null) doomed.child.kill("SIGKILL");
    await server.close();
    await survivor.close();
    await Promise.all([slowPeer.close(), peer.close(), dataDir.cleanup()]);
    await cluster.dropDatabase(databaseUrl);
  }
}, 180_000);
