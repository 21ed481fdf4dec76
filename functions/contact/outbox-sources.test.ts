// Every kind of email through one outbox: contact messages and reviews (each file of posts a
// source with its own watermark), a retry surviving a restart, nothing sent twice; and the
// desk's sign-in email, whose code is mailed with a stable Message-ID and then gone from DATA_DIR.
import { appendFile, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutbox } from "./outbox";
import { createMailer, createSmtpTransport } from "./mailer";
import { createFilesStore, type FilesStore } from "../store/files/files-store";
import { OUTBOX_FILE, REVIEWS_FILE, SUBMISSIONS_FILE } from "../store/files/file-names";
import type { MailJob } from "../store/records";
import { makeTempDir, parseMail, recordingLogger, site, startSmtpPeer, validInput, waitFor } from "../../tests/test-support";

let dir: string;
let cleanup: () => Promise<void>;
const toClose: Array<() => Promise<void> | void> = [];
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

async function openStore(): Promise<FilesStore> {
  const store = await createFilesStore({ dataDir: dir, logger: recordingLogger() });
  toClose.push(() => store.close());
  return store;
}

const now = new Date().toISOString();
const contact = { id: "c0000000-0000-4000-8000-000000000001", ...validInput, createdAt: now };
const review = { id: "r0000000-0000-4000-8000-000000000002", name: "Pat", location: "Irmo, SC", rating: 4, text: "Good work, tidy crew.", approved: false, createdAt: now };
const line = (record: unknown) => `${JSON.stringify(record)}\n`;

describe("outbox with several kinds of email", () => {
  it("mails both kinds of post, retries a review across a restart, and sends each once", async () => {
    await appendFile(path.join(dir, SUBMISSIONS_FILE), line(contact));
    await appendFile(path.join(dir, REVIEWS_FILE), line(review));
    const sent: MailJob[] = [];
    const store = await openStore();
    const first = createOutbox({
      store: store.outbox,
      retryDelays: [1_000],
      logger: recordingLogger(),
      send: async (job) => {
        if (job.kind === "review") throw new Error("451 try later");
        sent.push(job);
      },
    });
    await first.start();
    await waitFor(async () => (await store.outbox.undelivered()).every((job) => job.attempts === 1), 15_000, "the review's first attempt");
    await first.stop();
    expect(sent.map((m) => m.id)).toEqual([contact.id]);

    const restarted = await openStore();
    const again = createOutbox({ store: restarted.outbox, logger: recordingLogger(), retryDelays: [0], send: async (job) => void sent.push(job) });
    await again.start();
    const lines = (await readFile(path.join(dir, OUTBOX_FILE), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    // Compacted: a watermark per file of posts, the open review job and its retry.
    expect(lines).toMatchObject([
      { event: "watermark", file: SUBMISSIONS_FILE, last: { id: contact.id } },
      { event: "watermark", file: REVIEWS_FILE, last: { id: review.id } },
      { event: "watermark", file: "estimate-visits.jsonl", offset: 0 },
      { event: "queued", id: review.id, job: { kind: "review", review: { name: "Pat" } } },
      { event: "retry", id: review.id, attempts: 1 },
    ]);
    await waitFor(() => sent.length === 2, 15_000, "the review after the restart");
    await again.stop();
    expect(sent.map((m) => [m.id, m.kind])).toEqual([
      [contact.id, "contact"],
      [review.id, "review"],
    ]);
    expect(await restarted.outbox.undelivered()).toEqual([]);
  });

  it("mails the desk's sign-in code with a Message-ID of its job, and keeps no copy of the code once sent", async () => {
    const peer = await startSmtpPeer();
    const mailer = createMailer({ transport: createSmtpTransport(peer.url), site, addresses: { to: "owner@example.com", from: "no-reply@example.com" } });
    toClose.push(() => peer.close(), () => mailer.close());
    const store = await openStore();
    const outbox = createOutbox({ store: store.outbox, send: mailer.send, logger: recordingLogger() });
    toClose.push(() => outbox.stop());
    await outbox.start();
    const id = "5e1f0c3a-7d0e-4b8a-9a51-3f2f7c1d2b11";
    await store.outbox.add({
      kind: "sign-in",
      id,
      createdAt: new Date().toISOString(),
      to: "owner@example.com",
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      secret: { code: "730184", link: "https://cedarridgetree.example/owner/sign-in?token=aBc123" },
    });
    await waitFor(() => peer.received.length === 1, 15_000, "the sign-in email");
    const mail = parseMail(peer.received[0]?.raw ?? "");
    expect(peer.received[0]?.to).toEqual(["owner@example.com"]);
    expect(mail.headers.get("message-id")).toBe(`<${id}@cedarridgetree.example>`);
    expect(mail.text).toContain("730184");
    expect(mail.text).toContain("https://cedarridgetree.example/owner/sign-in?token=aBc123");
    await waitFor(async () => (await store.outbox.undelivered()).length === 0, 15_000, "the job settled");
    const kept = await Promise.all(
      (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), "utf8")),
    );
    expect(kept.join("\n")).not.toContain("730184");
    expect(kept.join("\n")).not.toContain("aBc123");
  });
});
