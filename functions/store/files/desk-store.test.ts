import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, recordingLogger } from "../../../tests/test-support";
import { deskStoreBehaviour } from "../desk-store-behaviour";
import { createFileDeskStore, DESK_FILE, MAX_CHALLENGES } from "./desk-store";

deskStoreBehaviour("JSON-lines files", async () => {
  const { dir, cleanup } = await makeTempDir();
  return { open: () => createFileDeskStore(dir, { logger: recordingLogger() }), cleanup };
});

describe("the desk's JSON-lines file", () => {
  it("holds each change as a line and skips a torn last line with a warning", async () => {
    const { dir, cleanup } = await makeTempDir();
    try {
      const logger = recordingLogger();
      const store = createFileDeskStore(dir, { logger });
      await store.addSession({ idHash: "h".repeat(64), email: "owner@example.com", via: "code", createdAt: "2026-03-01T09:00:00.000Z", expiresAt: "2026-03-31T09:00:00.000Z" });
      await store.endSession("h".repeat(64), "2026-03-02T09:00:00.000Z");
      await store.close();
      const lines = (await readFile(path.join(dir, DESK_FILE), "utf8")).trim().split("\n").map((line) => JSON.parse(line));
      expect(lines.map((line) => line.event)).toEqual(["session", "session-ended"]);

      const { appendFile } = await import("node:fs/promises");
      await appendFile(path.join(dir, DESK_FILE), '{"event":"session-ended","idHa');
      const again = createFileDeskStore(dir, { logger });
      expect((await again.session("h".repeat(64)))?.endedAt).toBe("2026-03-02T09:00:00.000Z");
      expect(await again.countCodeTry("k".repeat(64), "2026-03-02T10:00:00.000Z", "2026-03-01T00:00:00.000Z")).toBe(1);
      await again.close();
    } finally {
      await cleanup();
    }
  });
});

describe("the desk's passkey challenges in the files store", () => {
  const now = "2026-03-01T09:00:00.000Z";
  const later = "2026-03-01T09:05:00.000Z";
  const key = (i: number) => String(i).padStart(64, "0");

  it("holds at most MAX_CHALLENGES, the oldest going first; in memory only, so a restart forgets them", async () => {
    const { dir, cleanup } = await makeTempDir();
    try {
      const store = createFileDeskStore(dir, { logger: recordingLogger() });
      for (let i = 0; i <= MAX_CHALLENGES; i++) await store.keepChallenge({ keyHash: key(i), challenge: `c${i}`, expiresAt: later }, now);
      expect(await store.takeChallenge(key(0), now)).toBeUndefined();
      expect(await store.takeChallenge(key(1), now)).toBe("c1");
      expect(await store.takeChallenge(key(MAX_CHALLENGES), now)).toBe(`c${MAX_CHALLENGES}`);
      await store.close();
      const again = createFileDeskStore(dir, { logger: recordingLogger() });
      expect(await again.takeChallenge(key(2), now)).toBeUndefined();
      await again.close();
    } finally {
      await cleanup();
    }
  });
});
