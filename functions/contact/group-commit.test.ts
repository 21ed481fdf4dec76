// Group commit through the real app over HTTP: concurrent posts share fsyncs, each 201 is
// sent only after the fsync covering its own line, and a failed fsync answers 500 for
// exactly the posts it covered, which are then not in submissions.jsonl (nor mailed after
// a restart). The file is the real one; only its fsync is watched, held or failed here.
import { open } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { createOutbox } from "./outbox";
import { createFilesStore } from "../store/files/files-store";
import type { AppendFile } from "../store/files/jsonl-append";
import type { MailJob } from "../store/records";
import { listen, makeTempDir, recordingLogger, storedMessages, validInput, waitFor } from "../../tests/test-support";

interface Fsync {
  kind: "synced" | "failed";
  batch: number;
  names: string[];
}
interface Answer {
  kind: "answered";
  name: string;
  status: number;
  body: unknown;
}
/** Fsyncs and answers in the order they happened. */
type Event = Fsync | Answer;
const isFsync = (event: Event): event is Fsync => event.kind !== "answered";
const isAnswer = (event: Event): event is Answer => event.kind === "answered";

let dir: string;
let cleanup: () => Promise<void>;
const toClose: Array<() => Promise<void> | void> = [];
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

const visitor = (job: MailJob): string => (job.kind === "contact" ? job.message.name : "?");
const nameOf = (record: unknown): string =>
  typeof record === "object" && record !== null && "name" in record && typeof record.name === "string" ? record.name : "?";
/** The visitors' names in written JSON lines: which posts a write carried. */
const namesIn = (bytes: Buffer): string[] =>
  bytes
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => nameOf(JSON.parse(line)));

/**
 * Opens the real file; records which posts each fsync covers. The first fsync waits until
 * `release()` says so, the `failBatch`-th fails with EIO (as a dying disk's would).
 */
function watchedFile(events: Event[], failBatch: number, release: () => boolean) {
  let batches = 0;
  return async (file: string): Promise<AppendFile> => {
    const fh = await open(file, "a+");
    let written: string[] = [];
    return {
      stat: () => fh.stat(),
      read: (buffer, offset, length, position) => fh.read(buffer, offset, length, position),
      async write(buffer, offset) {
        const result = await fh.write(buffer, offset);
        written.push(...namesIn(buffer.subarray(offset, offset + result.bytesWritten)));
        return result;
      },
      async sync() {
        const names = written;
        written = [];
        // The appender's own fsync after cutting a failed batch off: nothing new in it.
        if (names.length === 0) return fh.sync();
        const batch = ++batches;
        if (batch === 1) await waitFor(release, 10_000, "every post to reach the store");
        if (batch === failBatch) {
          events.push({ kind: "failed", batch, names });
          throw Object.assign(new Error("injected fsync failure"), { code: "EIO" });
        }
        await fh.sync();
        events.push({ kind: "synced", batch, names });
      },
      truncate: (length) => fh.truncate(length),
      close: () => fh.close(),
    };
  };
}

describe("group commit through the contact app", () => {
  it("answers each 201 after the fsync of its own line, and 500 for exactly the posts of a failed fsync, storing none of them", async () => {
    const events: Event[] = [];
    const logger = recordingLogger();
    const first = 30;
    let reached = 0;
    const store = await createFilesStore({ dataDir: dir, logger, openFile: watchedFile(events, 2, () => reached === first) });
    const mailed: string[] = [];
    const outbox = createOutbox({ store: store.outbox, send: async (job) => void mailed.push(visitor(job)), logger });
    await outbox.start();
    const app = createApp({
      // Counts the posts that reached the store, so the first fsync is held until all of the first wave queue behind it.
      store: {
        messages: {
          add: (input) => {
            reached += 1;
            return store.messages.add(input);
          },
          hold: store.messages.hold,
        },
        limits: store.limits,
      },
      rateLimit: { limit: 0 },
      logger,
    });
    const server = await listen(app);
    toClose.push(() => store.close(), () => outbox.stop(), () => server.close());

    const postAs = async (name: string): Promise<void> => {
      const res = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validInput, name }),
      });
      events.push({ kind: "answered", name, status: res.status, body: await res.json() });
    };
    await Promise.all(Array.from({ length: first }, (_, n) => postAs(`Visitor ${n}`)));
    // After the failure: the next posts are stored and answered as usual.
    await Promise.all(Array.from({ length: 10 }, (_, n) => postAs(`Later visitor ${n}`)));

    const fsyncs = events.filter(isFsync);
    const answers = events.filter(isAnswer);
    expect(answers).toHaveLength(first + 10);
    const failed = fsyncs.find((e) => e.kind === "failed");
    // One fsync covered every post that queued behind the held first one.
    expect(failed?.batch).toBe(2);
    expect(failed?.names.length).toBeGreaterThan(1);
    expect(fsyncs.filter((e) => e.batch <= 2).flatMap((e) => e.names).sort()).toEqual(
      Array.from({ length: first }, (_, n) => `Visitor ${n}`).sort(),
    );
    // Fewer fsyncs than posts, and every post in exactly one.
    expect(fsyncs.length).toBeLessThan(first + 10);
    expect(fsyncs.flatMap((e) => e.names).sort()).toEqual(answers.map((a) => a.name).sort());

    for (const answer of answers) {
      const covering = fsyncs.find((e) => e.names.includes(answer.name));
      const answeredAt = events.indexOf(answer);
      if (covering?.kind === "synced") {
        expect(answer.status, answer.name).toBe(201);
        // Answered only after the fsync that covers its own line.
        expect(events.indexOf(covering), answer.name).toBeLessThan(answeredAt);
      } else {
        expect(answer.status, answer.name).toBe(500);
        expect(answer.body).toMatchObject({ ok: false });
      }
    }

    // What is in the file (and what a restarted outbox mails) is exactly what was answered 201.
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.name).sort();
    await outbox.stop();
    await store.close();
    expect((await storedMessages(dir)).map((s) => s.name).sort()).toEqual(accepted);
    const restarted: string[] = [];
    const reopened = await createFilesStore({ dataDir: dir, logger });
    const again = createOutbox({ store: reopened.outbox, send: async (job) => void restarted.push(visitor(job)), logger });
    toClose.push(() => reopened.close(), () => again.stop());
    await again.start();
    await waitFor(() => new Set([...mailed, ...restarted]).size >= accepted.length, 10_000, "every accepted post mailed");
    expect([...new Set([...mailed, ...restarted])].sort()).toEqual(accepted);
    expect(logger.errors.join("\n")).not.toMatch(/could not be taken back/);
  });
});
