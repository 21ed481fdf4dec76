// Contact messages and reviews through one outbox: each file a source with its own
// watermark, each job with its kind, a retry surviving a restart, nothing sent twice.
import { appendFile, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REVIEWS_FILE, type MailJob } from "./mail-job";
import { createOutbox, readOutbox, OUTBOX_FILE } from "./outbox";
import { SUBMISSIONS_FILE } from "./store";
import { makeTempDir, recordingLogger, validInput, waitFor } from "../../tests/test-support";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterEach(() => cleanup());

const now = new Date().toISOString();
const contact = { id: "c0000000-0000-4000-8000-000000000001", ...validInput, createdAt: now };
const review = { id: "r0000000-0000-4000-8000-000000000002", name: "Pat", location: "Irmo, SC", rating: 4, text: "Good work, tidy crew.", approved: false, createdAt: now };
const line = (record: unknown) => `${JSON.stringify(record)}\n`;

describe("outbox with several sources", () => {
  it("mails both kinds, retries a review across a restart, and sends each once", async () => {
    await appendFile(path.join(dir, SUBMISSIONS_FILE), line(contact));
    await appendFile(path.join(dir, REVIEWS_FILE), line(review));
    const sent: MailJob[] = [];
    const first = createOutbox({
      dataDir: dir,
      retryDelays: [1_000],
      logger: recordingLogger(),
      send: async (mail) => {
        if (mail.kind === "review") throw new Error("451 try later");
        sent.push(mail);
      },
    });
    await first.start();
    await waitFor(async () => (await readOutbox(dir, recordingLogger())).every((job) => job.attempts === 1), 5_000, "the review's first attempt");
    await first.stop();
    expect(sent.map((m) => m.id)).toEqual([contact.id]);

    const again = createOutbox({ dataDir: dir, logger: recordingLogger(), retryDelays: [0], send: async (mail) => void sent.push(mail) });
    await again.start();
    const lines = (await readFile(path.join(dir, OUTBOX_FILE), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    // Compacted: the contact watermark as before reviews (no `file`), the reviews one, the open review job and its retry.
    expect(lines).toMatchObject([
      { event: "watermark", offset: expect.any(Number) },
      { event: "watermark", file: REVIEWS_FILE, last: { id: review.id } },
      { event: "queued", id: review.id, kind: "review", review: { name: "Pat" } },
      { event: "retry", id: review.id, attempts: 1 },
    ]);
    expect(lines[0]).not.toHaveProperty("file");
    await waitFor(() => sent.length === 2, 5_000, "the review after the restart");
    await again.stop();
    expect(sent.map((m) => [m.id, m.kind ?? "contact"])).toEqual([
      [contact.id, "contact"],
      [review.id, "review"],
    ]);
    expect(await readOutbox(dir, recordingLogger())).toEqual([]);
  });
});
