import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let dir: string;

const record = (id: string, day: number, extra: Record<string, string> = {}) => ({
  id,
  name: `Visitor ${id}`,
  email: `${id}@example.com`,
  phone: "(803) 555-0142",
  serviceType: "stump-removal",
  message: "Two stumps near the fence, please.",
  createdAt: `2025-03-0${day}T12:00:00.000Z`,
  ...extra,
});
const jsonl = (items: unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join("");

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "submissions-cli-"));
  const mailed = jsonl([record("one", 1), record("two", 2)]);
  await writeFile(path.join(dir, "submissions.jsonl"), mailed + jsonl([record("three", 3, { message: "Semi;=1+1" })]));
  await writeFile(path.join(dir, "spam.jsonl"), jsonl([record("bot", 3, { spamReason: "honeypot" })]));
  // As the outbox compacts it: "one" failed for good, "two" sent (covered by the watermark and
  // not open), and "three" stored after the watermark: its sender died before mailing it.
  const one = record("one", 1);
  await writeFile(
    path.join(dir, "outbox.jsonl"),
    jsonl([
      { event: "watermark", at: "2025-03-02T12:00:02.000Z", file: "submissions.jsonl", offset: Buffer.byteLength(mailed), last: { id: "two", start: Buffer.byteLength(jsonl([one])), createdAt: record("two", 2).createdAt } },
      { event: "queued", id: "one", at: one.createdAt, job: { kind: "contact", id: "one", createdAt: one.createdAt, message: one } },
      { event: "failed", id: "one", at: "2025-03-01T12:00:01.000Z", attempts: 1, error: "550 mailbox unavailable" },
    ]),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/submissions.ts", ...args], { cwd: root, env: { ...process.env, DATA_DIR: dir } });

describe("scripts/submissions.ts", () => {
  it("lists submissions newest first as a table", async () => {
    const { stdout } = await cli();
    expect(stdout.indexOf("Visitor two")).toBeLessThan(stdout.indexOf("Visitor one"));
    expect(stdout).toContain("Stump Removal & Grinding");
    expect(stdout).toContain("3 message(s)");
  });

  it("prints JSON and CSV", async () => {
    const json = JSON.parse((await cli("--json")).stdout);
    expect(json.map((s: { id: string }) => s.id)).toEqual(["three", "two", "one"]);
    const csv = (await cli("--csv")).stdout.split("\r\n");
    expect(csv[0]).toMatch(/^"id","createdAt","name"/);
    expect(csv[1]).toMatch(/^"three",/);
    // A spreadsheet in a semicolon locale must not find a formula after the semicolon.
    expect(csv[1]).toContain(`,"Semi;'=1+1",`);
  });

  it("lists held spam and undelivered mail, counting a stored message never queued", async () => {
    expect((await cli("--spam")).stdout).toMatch(/Visitor bot[\s\S]*honeypot/);
    const undelivered = (await cli("--undelivered")).stdout;
    expect(undelivered).toMatch(/failed\s+1.*Visitor one.*550 mailbox unavailable/);
    expect(undelivered).toMatch(/pending\s+0\s+now.*Visitor three/);
    expect(undelivered).not.toContain("Visitor two");
    expect(undelivered).toContain("2 notification email(s) not delivered");
  });

  it("counts every stored message past the outbox's watermark without a sent record as undelivered", async () => {
    const data = await mkdtemp(path.join(tmpdir(), "submissions-cli-"));
    try {
      const first = jsonl([record("mailed", 1)]);
      await writeFile(path.join(data, "submissions.jsonl"), first + jsonl([record("sent-later", 2), record("stranded", 3)]));
      await writeFile(
        path.join(data, "outbox.jsonl"),
        jsonl([
          { event: "watermark", at: "2025-03-01T13:00:00.000Z", file: "submissions.jsonl", offset: first.length, last: { id: "mailed", start: 0, createdAt: record("mailed", 1).createdAt } },
          { event: "sent", id: "sent-later", at: "2025-03-02T12:00:01.000Z", attempts: 1 },
        ]),
      );
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "--undelivered", "--json", "--data", data], { cwd: root });
      expect(JSON.parse(stdout).map((job: { id: string; state: string }) => [job.id, job.state])).toEqual([["stranded", "pending"]]);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  it("rejects an unknown option with the usage", async () => {
    await expect(cli("--bogus")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Usage:") });
  });
});
