import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactSchema } from "../../src/content/contact-schema";
import { createSubmissionStore, readSubmissions, SPAM_FILE } from "./store";
import { makeTempDir, recordingLogger, validInput } from "../../tests/test-support";

const input = contactSchema.parse(validInput);

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

describe("createSubmissionStore", () => {
  it("appends one JSON line per record with id and createdAt, creating the directory", async () => {
    const dataDir = path.join(dir, "nested", "data");
    const store = createSubmissionStore(dataDir, { clock: () => Date.UTC(2025, 2, 1, 12) });
    const saved = await store.append(input);
    await store.close();

    expect(saved).toEqual({ id: expect.any(String), ...input, createdAt: "2025-03-01T12:00:00.000Z" });
    const text = await readFile(path.join(dataDir, "submissions.jsonl"), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.trim().split("\n").map((line) => JSON.parse(line))).toEqual([saved]);
    expect(await store.list()).toEqual([saved]);
  });

  it("keeps 200 concurrent appends as 200 intact lines with distinct ids", async () => {
    const store = createSubmissionStore(dir);
    const saved = await Promise.all(
      Array.from({ length: 200 }, (_, i) => store.append({ ...input, message: `Message number ${i} ${"x".repeat(i * 20)}` })),
    );
    await store.close();

    const lines = (await readFile(store.file, "utf8")).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(200);
    const records = lines.map((line) => JSON.parse(line));
    expect(new Set(records.map((r) => r.id)).size).toBe(200);
    expect(records.map((r) => r.message).sort()).toEqual(saved.map((s) => s.message).sort());
    // Group commit: the burst went to disk in a few write + fsync rounds, not 200.
    expect(store.flushes).toBeLessThan(20);
  });

  it("starts a fresh line after a torn last line, and readers skip the fragment with a warning", async () => {
    const file = path.join(dir, "submissions.jsonl");
    const earlier = { id: "earlier", ...input, createdAt: "2025-01-01T00:00:00.000Z" };
    await writeFile(file, `${JSON.stringify(earlier)}\n{"id":"torn","name":"Ha`);
    const logger = recordingLogger();

    const store = createSubmissionStore(dir, { logger });
    const saved = await store.append(input);
    await store.close();

    expect(logger.warnings.join("\n")).toMatch(/incomplete/);
    const lines = (await readFile(file, "utf8")).split("\n");
    expect(lines[1]).toBe('{"id":"torn","name":"Ha');
    expect(JSON.parse(lines[2] ?? "")).toEqual(saved);

    const readLogger = recordingLogger();
    expect(await readSubmissions(file, readLogger)).toEqual([earlier, saved]);
    expect(readLogger.warnings).toEqual([`${file}:2: skipped a line that is not a valid record`]);
  });

  it("skips lines that are JSON but not records", async () => {
    const file = path.join(dir, "submissions.jsonl");
    await writeFile(file, `{"hello":"world"}\n\n[1,2]\n`);
    const logger = recordingLogger();
    expect(await readSubmissions(file, logger)).toEqual([]);
    expect(logger.warnings).toHaveLength(2);
  });

  it("reads a missing file as empty", async () => {
    expect(await readSubmissions(path.join(dir, "nothing.jsonl"))).toEqual([]);
  });

  it("rejects every append when the data directory cannot be created", async () => {
    const blocker = path.join(dir, "a-file");
    await writeFile(blocker, "not a directory");
    const store = createSubmissionStore(path.join(blocker, "data"));
    await expect(store.append(input)).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect(store.append(input)).rejects.toThrow();
    await store.close();
  });

  it("keeps spam in its own file with the reason", async () => {
    const spam = createSubmissionStore(dir, { fileName: SPAM_FILE });
    const saved = await spam.append(input, { spamReason: "honeypot" });
    await spam.close();
    expect(saved.spamReason).toBe("honeypot");
    expect(await readSubmissions(path.join(dir, "spam.jsonl"))).toEqual([saved]);
    expect(await readSubmissions(path.join(dir, "submissions.jsonl"))).toEqual([]);
  });
});
