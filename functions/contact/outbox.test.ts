import { appendFile, mkdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailer, createSmtpTransport, isPermanentMailError, type Mailer } from "./mailer";
import { createOutbox, readOutbox, type Outbox } from "./outbox";
import { contactSchema } from "../../src/content/contact-schema";
import { createSubmissionStore, type Submission, type SubmissionStore } from "./store";
import { makeTempDir, parseMail, recordingLogger, serviceChoices, site, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "../../tests/test-support";

const addresses = { to: "owner@example.com", from: "no-reply@example.com" };
const input = (n: number) => contactSchema.parse({ ...validInput, name: `Visitor ${n}` });
const record = (id: string, createdAt: string): Submission => ({ id, ...validInput, name: `Visitor ${id}`, createdAt });
const jsonl = (items: unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join("");

let dir: string;
let cleanup: () => Promise<void>;
let store: SubmissionStore;
const toClose: Array<() => Promise<void> | void> = [];
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  store = createSubmissionStore(dir, { logger: recordingLogger() });
  toClose.push(() => store.close());
});
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

function mailerFor(peer: { url: string }): Mailer {
  const mailer = createMailer({ transport: createSmtpTransport(peer.url), site, addresses, serviceChoices: async () => serviceChoices });
  toClose.push(() => mailer.close());
  return mailer;
}

async function peerOn(port = 0): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(port);
  toClose.push(() => peer.close());
  return peer;
}

/** A port nothing listens on: SMTP is down. */
async function deadPort(): Promise<number> {
  const probe = await startSmtpPeer();
  await probe.close();
  return probe.port;
}

function outboxWith(mailer: Mailer, retryDelays: number[], logger = recordingLogger()): Outbox {
  const outbox = createOutbox({ dataDir: dir, send: mailer.send, isPermanent: isPermanentMailError, retryDelays, logger });
  toClose.push(() => outbox.stop());
  return outbox;
}

/** What the app does for a post: store the line (the job), then hand it to the running outbox. */
async function post(outbox: Outbox, n: number): Promise<Submission> {
  const submission = await store.append(input(n));
  await outbox.enqueue(submission);
  return submission;
}

const outboxLines = async () =>
  (await readFile(path.join(dir, "outbox.jsonl"), "utf8"))
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const receivedIds = (peer: SmtpPeer) => peer.received.map((mail) => parseMail(mail.raw).headers.get("x-submission-id"));

describe("outbox", () => {
  it("sends a stored submission and records only that it was sent", async () => {
    const peer = await peerOn();
    const outbox = outboxWith(mailerFor(peer), [50]);
    await outbox.start();
    const { id } = await post(outbox, 1);
    await waitFor(() => outbox.list().length === 0, 5_000, "delivery");
    expect(peer.received).toHaveLength(1);
    await outbox.stop();
    expect((await outboxLines()).map((l) => [l.event, l.id])).toEqual([
      ["watermark", undefined],
      ["sent", id],
    ]);
  });

  it("mails a message that was stored but never handed over (a crash between the two), after a restart", async () => {
    const peer = await peerOn();
    const first = outboxWith(mailerFor(peer), [50]);
    await first.start();
    // The process dies right after the fsync of the submission: enqueue never runs.
    const lost = await store.append(input(1));
    await first.stop();
    expect(peer.received).toHaveLength(0);
    // The owner's report, read from the files as `npm run submissions -- --undelivered` does.
    expect((await readOutbox(dir, recordingLogger())).map((job) => [job.id, job.state])).toEqual([[lost.id, "pending"]]);

    const second = outboxWith(mailerFor(peer), [50]);
    await second.start();
    await waitFor(() => peer.received.length === 1, 5_000, "the mail after restart");
    expect(receivedIds(peer)).toEqual([lost.id]);
    await waitFor(() => second.list().length === 0, 2_000, "the job cleared");
    await second.stop();
    expect(await readOutbox(dir, recordingLogger())).toEqual([]);
  });

  it("loses nothing while SMTP is down and delivers once it is back", async () => {
    const port = await deadPort();
    const outbox = outboxWith(mailerFor({ url: `smtp://127.0.0.1:${port}` }), [100, 200, 300, 300, 300]);
    await outbox.start();
    for (const n of [1, 2, 3]) await post(outbox, n);
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
    const { id } = await post(outbox, 1);
    await waitFor(() => outbox.list()[0]?.state === "failed", 5_000, "failed state");

    const [job] = outbox.list();
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toMatch(/550/);
    expect(peer.received).toHaveLength(0);
    await outbox.stop();
    expect(await readOutbox(dir)).toMatchObject([{ id, state: "failed", attempts: 1 }]);
  });

  it("gives up after the last retry of a temporary rejection (451)", async () => {
    const peer = await peerOn();
    peer.rejectWith = 451;
    const outbox = outboxWith(mailerFor(peer), [20, 20]);
    await outbox.start();
    await post(outbox, 1);
    await waitFor(() => outbox.list()[0]?.state === "failed", 5_000, "failed after retries");
    expect(outbox.list()[0]?.attempts).toBe(3);
  });

  it("resumes pending jobs after a restart, and compacts the file to a watermark", async () => {
    const port = await deadPort();
    const first = outboxWith(mailerFor({ url: `smtp://127.0.0.1:${port}` }), [60_000]);
    await first.start();
    const one = await post(first, 1);
    const two = await post(first, 2);
    await waitFor(() => first.list().every((job) => job.attempts === 1), 5_000, "failed attempts");
    await first.stop();
    expect((await readOutbox(dir)).map((job) => [job.id, job.state, job.attempts])).toEqual([
      [one.id, "pending", 1],
      [two.id, "pending", 1],
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
    const size = (await stat(store.file)).size;
    expect(await outboxLines()).toEqual([
      { event: "watermark", at: expect.any(String), offset: size, last: { id: two.id, start: expect.any(Number), createdAt: two.createdAt } },
    ]);
    expect(peer.received).toHaveLength(2);
  });

  it("remembers 2,000 sent messages in one watermark line and resends none of them", async () => {
    const mailed: string[] = [];
    const first = createOutbox({ dataDir: dir, send: async (s) => void mailed.push(s.id), logger: recordingLogger() });
    await Promise.all(Array.from({ length: 2000 }, (_, n) => store.append(input(n))));
    await first.start();
    await waitFor(() => mailed.length === 2000 && first.list().length === 0, 20_000, "2,000 notifications");
    await first.stop();

    const sent: string[] = [];
    const again = createOutbox({ dataDir: dir, send: async (s) => void sent.push(s.id), logger: recordingLogger() });
    await again.start();
    const after = await post(again, 2001);
    await waitFor(() => sent.length === 1, 5_000, "the new message");
    await again.stop();
    expect(sent).toEqual([after.id]);
    // Compacted at the last start: the watermark, then only what happened since.
    expect((await outboxLines()).map((l) => l.event)).toEqual(["watermark", "sent"]);
  });

  it("reads an outbox.jsonl written by the previous version (a queued line per job)", async () => {
    const long = record("sent-and-forgotten", "2025-01-01T10:00:00.000Z");
    const sent = record("sent", "2025-03-01T10:00:00.000Z");
    const open = record("still-open", "2025-03-01T11:00:00.000Z");
    await writeFile(store.file, jsonl([long, sent, open]));
    await writeFile(
      path.join(dir, "outbox.jsonl"),
      jsonl([
        { event: "queued", id: sent.id, at: sent.createdAt, submission: sent },
        { event: "sent", id: sent.id, at: sent.createdAt, attempts: 1 },
        { event: "queued", id: open.id, at: open.createdAt, submission: open },
        { event: "retry", id: open.id, at: open.createdAt, attempts: 1, error: "ECONNREFUSED", nextAttemptAt: open.createdAt },
      ]),
    );
    // Stored after the old outbox's last write: the old version crashed before queueing it.
    const stranded = record("stranded", "2025-03-01T12:00:00.000Z");
    await utimes(path.join(dir, "outbox.jsonl"), new Date("2025-03-01T11:30:00Z"), new Date("2025-03-01T11:30:00Z"));
    await appendFile(store.file, jsonl([stranded]));

    expect((await readOutbox(dir)).map((job) => [job.id, job.attempts])).toEqual([
      ["stranded", 0],
      ["still-open", 1],
    ]);
    const peer = await peerOn();
    const outbox = outboxWith(mailerFor(peer), [50]);
    await outbox.start();
    await waitFor(() => peer.received.length === 2, 5_000, "the two open jobs");
    await waitFor(() => outbox.list().length === 0, 2_000, "jobs cleared");
    await outbox.stop();
    expect(receivedIds(peer).sort()).toEqual(["still-open", "stranded"]);

    // Converted: a restart sends nothing more.
    await outbox.start();
    await outbox.stop();
    expect(peer.received).toHaveLength(2);
    expect((await outboxLines())[0]).toMatchObject({ event: "watermark", last: { id: "stranded" } });
  });

  it("neither resends nor forgets when submissions.jsonl was edited since the last start", async () => {
    const sent: string[] = [];
    const outbox = createOutbox({ dataDir: dir, send: async (s) => void sent.push(s.id), logger: recordingLogger() });
    await outbox.start();
    const [a, b] = [await post(outbox, 1), await post(outbox, 2)];
    await waitFor(() => sent.length === 2, 5_000, "two sends");
    await outbox.stop();
    await outbox.start();
    await outbox.stop();

    // The owner deletes the first message by hand; a new one arrives while the server is down.
    const lines = (await readFile(store.file, "utf8")).split("\n");
    await writeFile(store.file, lines.slice(1).join("\n"));
    const c = await store.append(input(3));
    const logger = recordingLogger();
    const restarted = createOutbox({ dataDir: dir, send: async (s) => void sent.push(s.id), logger });
    await restarted.start();
    await waitFor(() => sent.length === 3, 5_000, "the new message");
    await restarted.stop();
    expect(sent).toEqual([a.id, b.id, c.id]);
    expect(logger.warnings.join("\n")).toMatch(/was changed since the outbox last read it/);
  });

  it("gives every send of one submission the same Message-ID, so a resend after a crash folds into the first", async () => {
    const peer = await peerOn();
    const first = outboxWith(mailerFor(peer), [50]);
    await first.start();
    const { id } = await post(first, 1);
    await waitFor(() => peer.received.length === 1, 5_000, "the first send");
    await first.stop();
    // The crash came after the server took the mail and before "sent" reached the disk.
    const kept = (await outboxLines()).filter((line) => line.event !== "sent");
    await writeFile(path.join(dir, "outbox.jsonl"), jsonl(kept));

    const second = outboxWith(mailerFor(peer), [50]);
    await second.start();
    await waitFor(() => peer.received.length === 2, 5_000, "the resend");
    const ids = peer.received.map((mail) => parseMail(mail.raw).headers.get("message-id"));
    expect(ids).toEqual([`<${id}@cedarridgetree.example>`, `<${id}@cedarridgetree.example>`]);
  });

  it("can be started again after a failed start, e.g. once DATA_DIR is writable", async () => {
    const blocked = path.join(dir, "blocker");
    await writeFile(blocked, "a file where the data folder should be");
    const dataDir = path.join(blocked, "data");
    const sent: string[] = [];
    const outbox = createOutbox({ dataDir, send: async (s) => void sent.push(s.id), logger: recordingLogger() });
    toClose.push(() => outbox.stop());
    await expect(outbox.start()).rejects.toThrow(/ENOTDIR/);

    await rm(blocked);
    await mkdir(dataDir, { recursive: true });
    const later = createSubmissionStore(dataDir, { logger: recordingLogger() });
    toClose.push(() => later.close());
    const submission = await later.append(input(1));
    await outbox.enqueue(submission);
    await waitFor(() => sent.length === 1, 5_000, "the send after the lazy start");
    expect(sent).toEqual([submission.id]);
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
    await post(outbox, 1);
    // The retry timer is armed once the failure is on disk.
    await waitFor(() => timers() > before, 2_000, "the retry timer");
    expect(outbox.list()[0]?.attempts).toBe(1);
    await outbox.stop();
    expect(timers()).toBe(before);
  });
});
