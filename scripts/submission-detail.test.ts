import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNpm } from "../tests/repo-copy";

// `npm run submissions` as the README writes it (it only reads): times on the business's
// clock, and long messages whole with --full or --id.

let dataDir: string;
const long = `${"The big oak by the driveway drops limbs every storm. ".repeat(8)}\nSecond paragraph: please call after 5 pm.\u001b[31m`;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "submissions-detail-"));
  const record = (id: string, createdAt: string, message: string) => ({ id, name: `Visitor ${id}`, email: `${id}@example.com`, phone: "(803) 555-0142", serviceType: "tree-removal", message, createdAt });
  const lines = [record("a1b2c3", "2025-03-01T03:30:00.000Z", long), record("ffee99", "2025-03-02T15:00:00.000Z", "Short one, thanks.")];
  await writeFile(join(dataDir, "submissions.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function submissions(...args: string[]) {
  // TZ=UTC: the server's own clock must not leak into what the owner reads.
  const run = runNpm(["run", "--silent", "submissions", "--", ...args], resolve("."), { DATA_DIR: dataDir, TZ: "UTC" });
  const code = await new Promise<number | null>((ok) => run.child.once("exit", ok));
  return { code, output: run.output() };
}

describe("npm run submissions", () => {
  it("shows times on the business's clock and says so", async () => {
    const { code, output } = await submissions();
    expect(code).toBe(0);
    // 03:30 UTC on March 1 is 10:30 pm on February 28 in Chapin.
    expect(output).toContain("2025-02-28 22:30");
    expect(output).toContain("Times are America/New_York time (timeZone in content/site.json).");
    expect(output).toContain("--full shows them whole");
  }, 30_000);

  it("shows every message whole with --full", async () => {
    const { code, output } = await submissions("--full");
    expect(code).toBe(0);
    expect(output).toContain("Received:     Feb 28, 2025, 10:30 PM EST");
    expect(output).toContain("    Second paragraph: please call after 5 pm.");
    expect(output.match(/drops limbs every storm/g)).toHaveLength(8);
    expect(output).toContain("Short one, thanks.");
    expect(output).not.toContain("\u001b");
  }, 30_000);

  it("shows one message by the first characters of its id", async () => {
    const { code, output } = await submissions("--id", "a1b2");
    expect(code).toBe(0);
    expect(output).toContain("Message a1b2c3");
    expect(output).not.toContain("Short one");
    const missing = await submissions("--id", "zzz");
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("No message with id zzz");
  }, 30_000);
});
