import { existsSync } from "node:fs";
import { appendFile, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, recordingLogger } from "../../../tests/test-support";
import type { VisitCount } from "../visits-store";
import { VISITS_FILE, VISITS_TODAY_FILE } from "./file-names";
import { createVisitsFiles } from "./visits-files";

// What only the files do; the behaviour every store has is store-suite.ts ("visits").

const call = (day: string, count: number): VisitCount => ({
  day,
  kind: "call",
  path: "/locations/irmo-sc",
  source: "google.com",
  device: "phone",
  landing: "/locations/irmo-sc",
  button: "header",
  count,
});

describe("visits as JSON lines", () => {
  it("deletes the day's file, salt and hashes together, when the day ends", async () => {
    const { dir, cleanup } = await makeTempDir();
    const store = createVisitsFiles({ dataDir: dir, clock: Date.now, logger: recordingLogger() });
    try {
      const salt = await store.daySalt("2025-06-02");
      await store.add({ counts: [], visitors: [{ day: "2025-06-02", hash: "hash-of-someone", device: "phone" }] });
      const today = await readFile(path.join(dir, VISITS_TODAY_FILE), "utf8");
      expect(today).toContain(salt.toString("base64"));
      expect(today).toContain("hash-of-someone");
      await store.endDaysBefore("2025-06-03");
      expect(existsSync(path.join(dir, VISITS_TODAY_FILE))).toBe(false);
      // The count stays; nothing in it links to the visitor.
      const counts = await readFile(path.join(dir, VISITS_FILE), "utf8");
      expect(counts.trim()).toBe('{"day":"2025-06-02","kind":"visitor","device":"phone","count":1}');
    } finally {
      await store.close();
      await cleanup();
    }
  });

  it("compacts to one line per key, so a busy day does not grow the file", async () => {
    const { dir, cleanup } = await makeTempDir();
    const store = createVisitsFiles({ dataDir: dir, clock: Date.now, logger: recordingLogger(), compactAfterLines: 20 });
    try {
      for (let i = 0; i < 60; i += 1) await store.add({ counts: [call("2025-06-02", 1), call("2025-06-03", 2)], visitors: [] });
      const lines = (await readFile(path.join(dir, VISITS_FILE), "utf8")).trim().split("\n");
      expect(lines.length).toBeLessThanOrEqual(20);
      expect(await store.counts("2025-06-02", "2025-06-03")).toEqual([call("2025-06-02", 60), call("2025-06-03", 120)]);
    } finally {
      await store.close();
      await cleanup();
    }
  });

  it("reads past a line torn by a crash, and appends after it", async () => {
    const { dir, cleanup } = await makeTempDir();
    const logger = recordingLogger();
    const first = createVisitsFiles({ dataDir: dir, clock: Date.now, logger });
    await first.add({ counts: [call("2025-06-02", 1)], visitors: [] });
    await first.close();
    await appendFile(path.join(dir, VISITS_FILE), '{"day":"2025-06-02","kind":"ca');
    const second = createVisitsFiles({ dataDir: dir, clock: Date.now, logger });
    try {
      expect(await second.counts("2025-06-02", "2025-06-02")).toEqual([call("2025-06-02", 1)]);
      await second.add({ counts: [call("2025-06-02", 1)], visitors: [] });
      expect(await second.counts("2025-06-02", "2025-06-02")).toEqual([call("2025-06-02", 2)]);
      expect(logger.warnings.join("\n")).toMatch(/skipped a line/);
    } finally {
      await second.close();
      await cleanup();
    }
  });
});
