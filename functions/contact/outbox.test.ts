import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailer, createSmtpTransport, isPermanentMailError, type Mailer } from "./mailer";
import { createOutbox, type Outbox } from "./outbox";
import { contactSchema } from "../../src/content/contact-schema";
import { createFilesStore, type FilesStore } from "../store/files/files-store";
import { OUTBOX_FILE, SUBMISSIONS_FILE } from "../store/files/file-names";
import type { Submission } from "../store/records";
import { makeTempDir, parseMail, recordingLogger, serviceChoices, site, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "../../tests/test-support";

// The sending loop (outbox.ts) over the files store's outbox (functions/store/files/outbox-files.ts),
// with a real SMTP peer: retries, restarts, compaction, and one Message-ID per job.

const addresses = { to: "owner@example.com", from: "no-reply@example.com" };
const input = (n: number) => contactSchema.parse({ ...validInput, name: `Visitor ${n}` });
const jsonl = (items: unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join("");

let dir: string;
let cleanup: () => Promise<void>;
let store: FilesStore;
const toClose: Array<() => Promise<void> | void> = [];
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  store = await openStore();
});
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

/** A files store over the test's DATA_DIR: a new one is what a restarted process opens. */
async function openStore(dataDir = dir): Promise<FilesStore> {
  const opened = await createFilesStore({ dataDir, logger: recordingLogger() });
  toClose.push(() => opened.close());
  return opened;
}

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

function outboxWith(mailer: Mailer, retryDelays: number[], on: FilesStore = store, logger = recordingLogger()): Outbox {
  const outbox = createOutbox({ store: on.outbox, send: mailer.send, isPermanent: isPermanentMailError, retryDelays, logger });
  toClose.push(() => outbox.stop());
  return outbox;
}

/** What the contact app does for a post: store it, and with it its mail job. */
const post = (n: number, on: FilesStore = store): Promise<Submission> => on.messages.add(input(n));
const undelivered = (on: FilesStore = store) => on.outbox.undelivered();

const outboxLines = async () =>
  (await readFile(path.join(dir, OUTBOX_FILE), "utf8"))
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
    const { id } = await post(1);
    await waitFor(async () => (await undelivered()).length === 0, 15_000, "delivery");
    expect(peer.received).toHaveLength(1);
    await outbox.stop();
    expect((await outboxLines()).map((l) => [l.event, l.file ?? l.id])).toEqual([
      ["watermark", "submissions.jsonl"],
      ["watermark", "reviews.jsonl"],
      ["watermark", "estimate-visits.jsonl"],
      ["sent", id],
    ]);
  });

  it("mails a message whose sender never heard of it (a crash right after its fsync), after a restart", async () => {
    const peer = await peerOn();
    const first = outboxWith(mailerFor(peer), [50]);
    await first.start();
    // The line reaches the disk, and the process dies before its sender takes the job: here,
    // another store writes it, so the running sender is never told.
    const lost = await post(1, await openStore());
    await first.stop();
    expect(peer.received).toHaveLength(0);
    // The owner's report, read from the files as `npm run submissions -- --undelivered` does.
    expect((await undelivered(await openStore())).map((job) => [job.id, job.state])).toEqual([[lost.id, "pending"]]);

    const restarted = await openStore();
    const second = outboxWith(mailerFor(peer), [50], restarted);
    await second.start();
    await waitFor(() => peer.received.length === 1, 15_000, "the mail after restart");
    expect(receivedIds(peer)).toEqual([lost.id]);
    await waitFor(async () => (await undelivered(restarted)).length === 0, 15_000, "the job cleared");
    await second.stop();
    expect(await undelivered(await openStore())).toEqual([]);
  });

  it("loses nothing while SMTP is down and delivers once it is back", async () => {
    const port = await deadPort();
    const outbox = outboxWith(mailerFor({ url: `smtp://127.0.0.1:${port}` }), [100, 200, 300, 300, 300]);
    await outbox.start();
    for (const n of [1, 2, 3]) await post(n);
    await waitFor(async () => (await undelivered()).every((job) => job.attempts >= 1), 15_000, "first failed attempts");
    expect((await undelivered()).map((job) => job.state)).toEqual(["pending", "pending", "pending"]);
    expect((await undelivered())[0]?.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);

    const peer = await peerOn(port);
    await waitFor(() => peer.received.length === 3, 10_000, "delivery after SMTP returns");
    await waitFor(async () => (await undelivered()).length === 0, 15_000, "jobs cleared");
    const subjects = peer.received.map((m) => /Subject: (.*)/.exec(m.raw)?.[1]).sort();
    expect(subjects).toEqual([1, 2, 3].map((n) => `Tree Trimming & Pruning request from Visitor ${n}`));
  });

  it("marks a job failed at once on a permanent rejection (550) and keeps it", async () => {
    const peer = await peerOn();
    peer.rejectWith = 550;
    const outbox = outboxWith(mailerFor(peer), [60_000]);
    await outbox.start();
    const { id } = await post(1);
    await waitFor(async () => (await undelivered())[0]?.state === "failed", 15_000, "failed state");

    const [job] = await undelivered();
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toMatch(/550/);
    expect(peer.received).toHaveLength(0);
    await outbox.stop();
    expect(await undelivered(await openStore())).toMatchObject([{ id, state: "failed", attempts: 1 }]);
  });

  it("gives up after the last retry of a temporary rejection (451)", async () => {
    const peer = await peerOn();
    peer.rejectWith = 451;
    const outbox = outboxWith(mailerFor(peer), [20, 20]);
    await outbox.start();
    await post(1);
    await waitFor(async () => (await undelivered())[0]?.state === "failed", 15_000, "failed after retries");
    expect((await undelivered())[0]?.attempts).toBe(3);
  });

  it("resumes pending jobs after a restart, and compacts the file to a watermark", async () => {
    const port = await deadPort();
    const first = outboxWith(mailerFor({ url: `smtp://127.0.0.1:${port}` }), [60_000]);
    await first.start();
    const one = await post(1);
    const two = await post(2);
    await waitFor(async () => (await undelivered()).every((job) => job.attempts === 1), 15_000, "failed attempts");
    await first.stop();
    expect((await undelivered(await openStore())).map((job) => [job.id, job.state, job.attempts])).toEqual([
      [one.id, "pending", 1],
      [two.id, "pending", 1],
    ]);

    // A new process, two minutes later as far as its clock knows, so the retries are due.
    const peer = await peerOn(port);
    const later = await createFilesStore({ dataDir: dir, clock: () => Date.now() + 120_000, logger: recordingLogger() });
    toClose.push(() => later.close());
    const second = createOutbox({ store: later.outbox, send: mailerFor(peer).send, retryDelays: [10], clock: () => Date.now() + 120_000, logger: recordingLogger() });
    toClose.push(() => second.stop());
    await second.start();
    await waitFor(() => peer.received.length === 2, 15_000, "delivery after restart");
    await waitFor(async () => (await undelivered(later)).length === 0, 15_000, "jobs cleared");
    await second.stop();

    const third = createOutbox({ store: (await openStore()).outbox, send: async () => undefined, logger: recordingLogger() });
    await third.start();
    await third.stop();
    const size = (await stat(path.join(dir, SUBMISSIONS_FILE))).size;
    expect(await outboxLines()).toEqual([
      { event: "watermark", at: expect.any(String), file: SUBMISSIONS_FILE, offset: size, last: { id: two.id, start: expect.any(Number), createdAt: two.createdAt } },
      { event: "watermark", at: expect.any(String), file: "reviews.jsonl", offset: 0 },
      { event: "watermark", at: expect.any(String), file: "estimate-visits.jsonl", offset: 0 },
    ]);
    expect(peer.received).toHaveLength(2);
  });

  it("remembers 2,000 sent messages in one watermark line and resends none of them", async () => {
    const mailed: string[] = [];
    const first = createOutbox({ store: store.outbox, send: async (job) => void mailed.push(job.id), logger: recordingLogger() });
    await Promise.all(Array.from({ length: 2000 }, (_, n) => post(n)));
    await first.start();
    await waitFor(async () => mailed.length === 2000 && (await undelivered()).length === 0, 20_000, "2,000 notifications");
    await first.stop();

    const sent: string[] = [];
    const restarted = await openStore();
    const again = createOutbox({ store: restarted.outbox, send: async (job) => void sent.push(job.id), logger: recordingLogger() });
    await again.start();
    const after = await post(2001, restarted);
    await waitFor(() => sent.length === 1, 15_000, "the new message");
    await again.stop();
    expect(sent).toEqual([after.id]);
    // Compacted at the last start: the watermarks, then only what happened since.
    expect((await outboxLines()).map((l) => l.event)).toEqual(["watermark", "watermark", "watermark", "sent"]);
  });

  it("neither resends nor forgets when submissions.jsonl was edited since the last start", async () => {
    const sent: string[] = [];
    const outbox = createOutbox({ store: store.outbox, send: async (job) => void sent.push(job.id), logger: recordingLogger() });
    await outbox.start();
    const [a, b] = [await post(1), await post(2)];
    await waitFor(() => sent.length === 2, 15_000, "two sends");
    await outbox.stop();
    // Started once more: the watermark now covers both.
    const next = createOutbox({ store: (await openStore()).outbox, send: async (job) => void sent.push(job.id), logger: recordingLogger() });
    await next.start();
    await next.stop();

    // The owner deletes the first message by hand; a new one arrives while the server is down.
    const file = path.join(dir, SUBMISSIONS_FILE);
    const lines = (await readFile(file, "utf8")).split("\n");
    await writeFile(file, lines.slice(1).join("\n"));
    const c = await post(3, await openStore());
    const logger = recordingLogger();
    const restartedStore = await createFilesStore({ dataDir: dir, logger });
    toClose.push(() => restartedStore.close());
    const restarted = createOutbox({ store: restartedStore.outbox, send: async (job) => void sent.push(job.id), logger });
    await restarted.start();
    await waitFor(() => sent.length === 3, 15_000, "the new message");
    await restarted.stop();
    expect(sent).toEqual([a.id, b.id, c.id]);
    expect(logger.warnings.join("\n")).toMatch(/was changed since the outbox last read it/);
  });

  it("gives every send of one submission the same Message-ID, so a resend after a crash folds into the first", async () => {
    const peer = await peerOn();
    const first = outboxWith(mailerFor(peer), [50]);
    await first.start();
    const { id } = await post(1);
    await waitFor(() => peer.received.length === 1, 15_000, "the first send");
    await first.stop();
    // The crash came after the server took the mail and before "sent" reached the disk.
    const kept = (await outboxLines()).filter((line) => line.event !== "sent");
    await writeFile(path.join(dir, OUTBOX_FILE), jsonl(kept));

    const second = outboxWith(mailerFor(peer), [50], await openStore());
    await second.start();
    await waitFor(() => peer.received.length === 2, 15_000, "the resend");
    const ids = peer.received.map((mail) => parseMail(mail.raw).headers.get("message-id"));
    expect(ids).toEqual([`<${id}@cedarridgetree.example>`, `<${id}@cedarridgetree.example>`]);
  });

  it("can be started again after a failed start, e.g. once DATA_DIR is writable", async () => {
    const blocked = path.join(dir, "blocker");
    await writeFile(blocked, "a file where the data folder should be");
    const dataDir = path.join(blocked, "data");
    const sent: string[] = [];
    const blockedStore = await openStore(dataDir);
    const outbox = createOutbox({ store: blockedStore.outbox, send: async (job) => void sent.push(job.id), logger: recordingLogger() });
    toClose.push(() => outbox.stop());
    await expect(outbox.start()).rejects.toThrow(/ENOTDIR/);

    await rm(blocked);
    await mkdir(dataDir, { recursive: true });
    // The next post is stored, and its job wakes the outbox, which starts this time.
    const submission = await post(1, blockedStore);
    await waitFor(() => sent.length === 1, 15_000, "the send after the lazy start");
    expect(sent).toEqual([submission.id]);
  });

  it("leaves no timers behind after stop", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const outbox = createOutbox({
      store: store.outbox,
      send: async () => {
        throw new Error("down");
      },
      retryDelays: [60_000],
      logger: recordingLogger(),
    });
    await outbox.start();
    await post(1);
    // The retry timer is armed once the failure is on disk.
    await waitFor(() => timers() > before, 15_000, "the retry timer");
    expect((await undelivered())[0]?.attempts).toBe(1);
    await outbox.stop();
    expect(timers()).toBe(before);
  });
});
