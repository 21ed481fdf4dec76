// The JSON-lines files as the files store writes them: one line per record, fsynced, group
// committed, a torn last line kept apart, a folder that cannot be written refused.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactSchema } from "../../../src/content/contact-schema";
import { makeTempDir, recordingLogger, validInput } from "../../../tests/test-support";
import { StoreUnavailableError } from "../store-errors";
import { createFilesStore } from "./files-store";
import { createJsonlAppender } from "./jsonl-append";
import { SPAM_FILE, SUBMISSIONS_FILE } from "./file-names";

const input = contactSchema.parse(validInput);

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

describe("the files store's message files", () => {
  it("appends one JSON line per message with id and createdAt, creating the directory", async () => {
    const dataDir = path.join(dir, "nested", "data");
    const store = await createFilesStore({ dataDir, clock: () => Date.UTC(2025, 2, 1, 12) });
    const saved = await store.messages.add(input);
    await store.close();

    expect(saved).toEqual({ id: expect.any(String), ...input, createdAt: "2025-03-01T12:00:00.000Z" });
    const text = await readFile(path.join(dataDir, SUBMISSIONS_FILE), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.trim().split("\n").map((line) => JSON.parse(line))).toEqual([saved]);
    expect(await store.messages.all("inbox")).toEqual([saved]);
  });

  it("keeps 200 concurrent appends as 200 intact lines with distinct ids", async () => {
    const store = await createFilesStore({ dataDir: dir });
    const saved = await Promise.all(
      Array.from({ length: 200 }, (_, i) => store.messages.add({ ...input, message: `Message number ${i} ${"x".repeat(i * 20)}` })),
    );
    await store.close();

    const lines = (await readFile(path.join(dir, SUBMISSIONS_FILE), "utf8")).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(200);
    const records = lines.map((line) => JSON.parse(line));
    expect(new Set(records.map((r) => r.id)).size).toBe(200);
    expect(records.map((r) => r.message).sort()).toEqual(saved.map((s) => s.message).sort());
    // Group commit: the burst went to disk in a few write + fsync rounds, not 200.
    expect(store.messages.flushes).toBeLessThan(20);
  });

  it("starts a fresh line after a torn last line, and readers skip the fragment with a warning", async () => {
    const file = path.join(dir, SUBMISSIONS_FILE);
    const earlier = { id: "earlier", ...input, createdAt: "2025-01-01T00:00:00.000Z" };
    await writeFile(file, `${JSON.stringify(earlier)}\n{"id":"torn","name":"Ha`);
    const logger = recordingLogger();

    const store = await createFilesStore({ dataDir: dir, logger });
    const saved = await store.messages.add(input);
    expect(logger.warnings.join("\n")).toMatch(/incomplete/);
    const lines = (await readFile(file, "utf8")).split("\n");
    expect(lines[1]).toBe('{"id":"torn","name":"Ha');
    expect(JSON.parse(lines[2] ?? "")).toEqual(saved);

    const readLogger = recordingLogger();
    const reader = await createFilesStore({ dataDir: dir, logger: readLogger });
    expect(await reader.messages.all("inbox")).toEqual([earlier, saved]);
    expect(readLogger.warnings).toEqual([`${file}:2: skipped a line that is not a valid record`]);
    // Lists read the file from the end: the fragment is passed over, the messages around it found.
    expect((await reader.messages.list()).items.map((m) => m.id)).toEqual([saved.id, earlier.id]);
    expect((await reader.messages.get(earlier.id))?.id).toBe(earlier.id);
    await Promise.all([store.close(), reader.close()]);
  });

  it("skips lines that are JSON but not messages, after a good first line", async () => {
    const file = path.join(dir, SUBMISSIONS_FILE);
    const good = { id: "good", ...input, createdAt: "2025-01-01T00:00:00.000Z" };
    await writeFile(file, `${JSON.stringify(good)}\n{"hello":"world"}\n\n[1,2]\n`);
    const logger = recordingLogger();
    const store = await createFilesStore({ dataDir: dir, logger });
    expect(await store.messages.all("inbox")).toEqual([good]);
    expect(logger.warnings).toHaveLength(2);
    await store.close();
  });

  it("reads a missing file as empty", async () => {
    const store = await createFilesStore({ dataDir: path.join(dir, "nothing") });
    expect(await store.messages.all("inbox")).toEqual([]);
    expect(await store.messages.all("spam")).toEqual([]);
    await store.close();
  });

  it("rejects every append while the data directory cannot be created", async () => {
    const blocker = path.join(dir, "a-file");
    await writeFile(blocker, "not a directory");
    const store = await createFilesStore({ dataDir: path.join(blocker, "data") });
    await expect(store.messages.add(input)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.messages.add(input)).rejects.toThrow(/ENOTDIR/);
    await store.close();
  });

  it("keeps spam in its own file with the reason", async () => {
    const store = await createFilesStore({ dataDir: dir });
    const saved = await store.messages.hold(input, "honeypot");
    await store.close();
    expect(saved.spamReason).toBe("honeypot");
    expect(await store.messages.all("spam")).toEqual([saved]);
    expect(JSON.parse(await readFile(path.join(dir, SPAM_FILE), "utf8"))).toEqual(saved);
    expect(await store.messages.all("inbox")).toEqual([]);
  });
});

describe("a line overwritten in place", () => {
  it("is rewritten in the file's write turn, while lines are appended, only when on disk and only by as many bytes", async () => {
    const file = path.join(dir, "lines.jsonl");
    const appender = createJsonlAppender(file, recordingLogger());
    const starts = await Promise.all(Array.from({ length: 5 }, (_, n) => appender.append({ n, text: "x".repeat(n * 10) })));
    const third = starts[2] ?? 0;
    // Appends and an overwrite at once: the appended lines come after, every offset stays.
    const [done] = await Promise.all([
      appender.overwrite(third, (line) => " ".repeat(Buffer.byteLength(line))),
      ...Array.from({ length: 20 }, (_, n) => appender.append({ n: 5 + n })),
    ]);
    expect(done).toBe(true);
    const lines = (await readFile(file, "utf8")).split("\n");
    expect(lines).toHaveLength(26);
    expect(lines[2]).toBe(" ".repeat(Buffer.byteLength(JSON.stringify({ n: 2, text: "x".repeat(20) }))));
    expect(lines.filter((line) => line.trim() !== "").map((line) => JSON.parse(line).n)).toEqual([0, 1, 3, 4, ...Array.from({ length: 20 }, (_, n) => 5 + n)]);
    // Not a line on disk (past the end), left alone, or of another length: nothing written.
    expect(await appender.overwrite(1_000_000, () => "")).toBe(false);
    expect(await appender.overwrite(starts[1] ?? 0, () => undefined)).toBe(false);
    await expect(appender.overwrite(starts[1] ?? 0, () => "{}")).rejects.toThrow(/as many bytes/);
    await appender.close();
    expect((await readFile(file, "utf8")).split("\n")[1]).toBe(JSON.stringify({ n: 1, text: "x".repeat(10) }));
  });
});
