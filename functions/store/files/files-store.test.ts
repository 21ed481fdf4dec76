import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, recordingLogger } from "../../../tests/test-support";
import { contact as contactInput, describeStore, type StoreHarness } from "../store-suite";
import { StoreFormatError } from "../store-errors";
import type { Store } from "../store";
import { createFilesStore } from "./files-store";
import { DECISIONS_FILE, ESTIMATE_VISITS_FILE, OUTBOX_FILE, REVIEWS_FILE, SUBMISSIONS_FILE } from "./file-names";

/** Every file under `dir`, as text. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), "utf8")));
  return texts.join("\n");
}

describeStore("JSON-lines files", async (): Promise<StoreHarness> => {
  const { dir, cleanup } = await makeTempDir();
  const open: Store[] = [];
  return {
    async open(options = {}) {
      // A restart: the process that had the files lets go of them first.
      for (const store of open.splice(0)) await store.close();
      const store = await createFilesStore({ dataDir: dir, clock: options.clock, logger: recordingLogger() });
      open.push(store);
      return store;
    },
    atRest: () => allText(dir),
    async cleanup() {
      for (const store of open.splice(0)) await store.close();
      await cleanup();
    },
  };
});

describe("files store: one shape per file", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(() => cleanup());

  const line = (record: unknown) => `${JSON.stringify(record)}\n`;
  const at = "2025-03-01T12:00:00.000Z";
  const message = { id: "c0000000-0000-4000-8000-000000000001", name: "Jane", email: "jane@example.com", phone: "(803) 555-0142", serviceType: "tree-trimming", message: "The oak leans.", createdAt: at };

  async function refusal(file: string, text: string): Promise<string> {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, file), text);
    const error = await createFilesStore({ dataDir: dir, logger: recordingLogger() }).then(
      (store) => store.close().then(() => undefined),
      (e: unknown) => e,
    );
    await rm(path.join(dir, file));
    expect(error).toBeInstanceOf(StoreFormatError);
    return error instanceof Error ? error.message : "";
  }

  it("refuses at start an outbox file of a layout this version does not write, naming the file and line", async () => {
    // A watermark without `file`, and a job per `queued` line carrying `submission`: never written by a release.
    expect(await refusal(OUTBOX_FILE, line({ event: "watermark", at, offset: 0 }))).toMatch(
      new RegExp(`^${path.join(dir, OUTBOX_FILE)}:1: not a line this version of the site writes \\(file: `),
    );
    const queued = line({ event: "watermark", at, file: SUBMISSIONS_FILE, offset: 0 }) + line({ event: "queued", id: message.id, at, submission: message });
    expect(await refusal(OUTBOX_FILE, queued)).toContain(`${OUTBOX_FILE}:2: not a line this version of the site writes (job: `);
  });

  it("refuses a file of records of another shape, and takes a torn first line as a crash's", async () => {
    expect(await refusal(SUBMISSIONS_FILE, line({ ...message, createdAt: undefined }))).toContain(`${SUBMISSIONS_FILE}:1: not a line this version of the site writes (createdAt: `);
    expect(await refusal(DECISIONS_FILE, line({ id: message.id, approved: true, at, via: "link" }))).toContain(`${DECISIONS_FILE}:1:`);
    expect(await refusal(REVIEWS_FILE, line({ id: "r1", name: "Pat", location: "Irmo", text: "Good work.", createdAt: at }))).toContain(`${REVIEWS_FILE}:1:`);
    // An estimate visit's line without its seat: a time could be given twice.
    const visit = { id: message.id, start: "2025-03-03T09:00:00-05:00", end: "2025-03-03T10:00:00-05:00", name: "Jane", email: "jane@example.com", phone: "(803) 555-0142", address: "12 Oak St", town: "Chapin", serviceType: "tree-removal", message: "Dead pine.", createdAt: at };
    expect(await refusal(ESTIMATE_VISITS_FILE, line({ event: "booked", visit }))).toContain(`${ESTIMATE_VISITS_FILE}:1: not a line this version of the site writes (visit.seat: `);

    await writeFile(path.join(dir, SUBMISSIONS_FILE), `{"id":"torn","na\n${line(message)}`);
    await writeFile(path.join(dir, DECISIONS_FILE), "");
    await writeFile(path.join(dir, REVIEWS_FILE), "");
    const logger = recordingLogger();
    const store = await createFilesStore({ dataDir: dir, logger });
    expect((await store.messages.all("inbox")).map((m) => m.id)).toEqual([message.id]);
    expect(logger.warnings).toEqual([`${path.join(dir, SUBMISSIONS_FILE)}:1: skipped a line that is not a valid record`]);
    await store.close();
  });

  it("erases a message's line in place: the same bytes long, every other byte as it was, read past without a warning at each start", async () => {
    const logger = recordingLogger();
    const first = await createFilesStore({ dataDir: dir, logger });
    await first.outbox.open();
    const kept = await first.messages.add(contactInput(1));
    const erased = await first.messages.add(contactInput(2));
    await first.close();
    // A start: the outbox's watermark now names the erased message as the last one it read.
    const store = await createFilesStore({ dataDir: dir, logger });
    await store.outbox.open();
    const before = await readFile(path.join(dir, SUBMISSIONS_FILE), "utf8");
    expect(await store.messages.erase(erased.id, "owner@example.com")).toBe(true);
    const after = await readFile(path.join(dir, SUBMISSIONS_FILE), "utf8");
    const [keptLine, erasedLine] = before.split("\n");
    expect(after).toBe(`${keptLine}\n${`{"erased":"${erased.id}"}`.padEnd(Buffer.byteLength(erasedLine ?? ""), " ")}\n`);
    await store.close();
    const again = await createFilesStore({ dataDir: dir, logger });
    await again.outbox.open();
    expect((await again.messages.all("inbox")).map((m) => m.id)).toEqual([kept.id]);
    expect(await again.outbox.undelivered()).toEqual([expect.objectContaining({ id: kept.id })]);
    await again.close();
    expect(logger.warnings).toEqual([]);
  });

  it("starts on a DATA_DIR it cannot read or that does not exist yet, and leaves none behind", async () => {
    const blocker = path.join(dir, "blocker");
    await writeFile(blocker, "a file where the data folder should be");
    await (await createFilesStore({ dataDir: path.join(blocker, "data") })).close();
    const store = await createFilesStore({ dataDir: path.join(dir, "later") });
    expect(await store.reviews.approved()).toBeUndefined();
    expect((await store.messages.list()).items).toEqual([]);
    await store.close();
    expect(await readdir(dir)).toEqual(["blocker"]);
  });
});
