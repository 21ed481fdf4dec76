import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailer, createSmtpTransport, isPermanentMailError, type Mailer } from "./mailer";
import { createOutbox, readOutbox, type Outbox } from "./outbox";
import type { Submission } from "./store";
import { makeTempDir, recordingLogger, site, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "./test-support";

const addresses = { to: "owner@example.com", from: "no-reply@example.com" };
const submission = (n: number): Submission => ({
  id: `sub-${n}`,
  ...validInput,
  name: `Visitor ${n}`,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
});

let dir: string;
let cleanup: () => Promise<void>;
const toClose: Array<() => Promise<void> | void> = [];
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

function mailerFor(peer: { url: string }): Mailer {
  const mailer = createMailer({ transport: createSmtpTransport(peer.url), site, addresses });
  toClose.push(() => mailer.close());
  return mailer;
}

async function peerOn(port = 0): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(port);
  toClose.push(() => peer.close());
  return peer;
}

function outboxWith(mailer: Mailer, retryDelays: number[], logger = recordingLogger()): Outbox {
  const outbox = createOutbox({ dataDir: dir, send: mailer.send, isPermanent: isPermanentMailError, retryDelays, logger });
  toClose.push(() => outbox.stop());
  return outbox;
}

const outboxLines = async () =>
  (await readFile(path.join(dir, "outbox.jsonl"), "utf8"))
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe("outbox", () => {
  it("sends a queued job and records queued then sent", async () => {
    const peer = await peerOn();
    const outbox = outboxWith(mailerFor(peer), [50]);
    await outbox.start();
    await outbox.enqueue(submission(1));
    await waitFor(() => outbox.list().length === 0, 5_000, "delivery");
    expect(peer.received).toHaveLength(1);
    await outbox.stop();
    expect((await outboxLines()).map((l) => l.event)).toEqual(["queued", "sent"]);
  });

  it("loses nothing while SMTP is down and delivers once it is back", async () => {
    const probe = await startSmtpPeer();
    const { port } = probe;
    await probe.close();

    const outbox = outboxWith(mailerFor({ url: `smtp://127.0.0.1:${port}` }), [100, 200, 300, 300, 300]);
    await outbox.start();
    await Promise.all([1, 2, 3].map((n) => outbox.enqueue(submission(n))));
    await waitFor(() => outbox.list().every((job) => job.attempts >= 1), 5_000, "first failed attempts");
    expect(outbox.list().map((job) => job.state)).toEqual(["pending", "pending", "pending"]);
    expect(outbox.list()[0]?.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);

    const peer = await peerOn(port);
    await waitFor(() => peer.received.length === 3, 10_000, "delivery after SMTP returns");
    await waitFor(() => outbox.list().length === 0, 2_000, "jobs cleared");
    const subjects = peer.received.map((m) => /Subject: (.*)/.exec(m.raw)?.[1]).sort();
    expect(subjects).toEqual([1, 2, 3].map((n) => `Tree Trimming & Pruning request from Visitor ${n}`));
  });

  it("marks a job failed at once on a permanent rejection (550) and keeps it", async () => {
    const peer = await peerOn();
    peer.rejectWith = 550;
    const outbox = outboxWith(mailerFor(peer), [60_000]);
    await outbox.start();
    await outbox.enqueue(submission(1));
    await waitFor(() => outbox.list()[0]?.state === "failed", 5_000, "failed state");

    const [job] = outbox.list();
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toMatch(/550/);
    expect(peer.received).toHaveLength(0);
    await outbox.stop();
    expect(await readOutbox(dir)).toMatchObject([{ id: "sub-1", state: "failed", attempts: 1 }]);
  });

  it("gives up after the last retry of a temporary rejection (451)", async () => {
    const peer = await peerOn();
    peer.rejectWith = 451;
    const outbox = outboxWith(mailerFor(peer), [20, 20]);
    await outbox.start();
    await outbox.enqueue(submission(1));
    await waitFor(() => outbox.list()[0]?.state === "failed", 5_000, "failed after retries");
    expect(outbox.list()[0]?.attempts).toBe(3);
  });

  it("resumes pending jobs after a restart, and compacts the file", async () => {
    const probe = await startSmtpPeer();
    const { port } = probe;
    await probe.close();

    const first = outboxWith(mailerFor({ url: `smtp://127.0.0.1:${port}` }), [60_000]);
    await first.start();
    await first.enqueue(submission(1));
    await first.enqueue(submission(2));
    await waitFor(() => first.list().every((job) => job.attempts === 1), 5_000, "failed attempts");
    await first.stop();
    expect((await readOutbox(dir)).map((job) => [job.id, job.state, job.attempts])).toEqual([
      ["sub-1", "pending", 1],
      ["sub-2", "pending", 1],
    ]);

    // A new process, two minutes later as far as its clock knows, so the retries are due.
    const peer = await peerOn(port);
    const second = createOutbox({
      dataDir: dir,
      send: mailerFor(peer).send,
      retryDelays: [10],
      clock: () => Date.now() + 120_000,
      logger: recordingLogger(),
    });
    toClose.push(() => second.stop());
    await second.start();
    await waitFor(() => peer.received.length === 2, 5_000, "delivery after restart");
    await waitFor(() => second.list().length === 0, 2_000, "jobs cleared");
    await second.stop();

    const third = createOutbox({ dataDir: dir, send: async () => undefined, logger: recordingLogger() });
    await third.start();
    await third.stop();
    expect(await readFile(path.join(dir, "outbox.jsonl"), "utf8")).toBe("");
  });

  it("leaves no timers behind after stop", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const outbox = createOutbox({
      dataDir: dir,
      send: async () => {
        throw new Error("down");
      },
      retryDelays: [60_000],
      logger: recordingLogger(),
    });
    await outbox.start();
    await outbox.enqueue(submission(1));
    // The retry timer is armed once the failure is on disk.
    await waitFor(() => timers() > before, 2_000, "the retry timer");
    expect(outbox.list()[0]?.attempts).toBe(1);
    await outbox.stop();
    expect(timers()).toBe(before);
  });
});
