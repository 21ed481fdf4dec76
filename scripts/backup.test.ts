import { appendFile, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRepo, runNpm, type RepoCopy } from "../tests/repo-copy";

// `npm run backup` as the README writes it, in a copy of the checkout, while a writer appends.

let repo: RepoCopy;
let dataDir: string;
const line = (i: number) =>
  `${JSON.stringify({ id: `m${i}`, name: "Jane", email: "jane@example.com", phone: "(803) 555-0142", serviceType: "other", message: "x".repeat(200), createdAt: "2025-03-01T12:00:00.000Z" })}\n`;

beforeAll(async () => {
  repo = await copyRepo("backup");
  dataDir = join(repo.dir, "data");
  await mkdir(join(dataDir, "mail"), { recursive: true });
  await writeFile(join(dataDir, "submissions.jsonl"), `${line(1)}${line(2)}{"id":"half-writ`);
  await writeFile(join(dataDir, "outbox.jsonl"), `${JSON.stringify({ event: "watermark", at: "2025-03-01T12:00:00.000Z", file: "submissions.jsonl", offset: 0 })}\n`);
  await writeFile(join(dataDir, "mail", "2025-03-01-m1.eml"), "Subject: one\r\n\r\nbody\r\n");
  await writeFile(join(dataDir, "mail", ".2025-03-01-m2.eml.tmp"), "Subject: half");
  await writeFile(join(dataDir, "review-secret"), "a".repeat(64), { mode: 0o600 });
});
afterAll(() => repo?.remove());

async function backup() {
  const run = runNpm(["run", "backup"], repo.dir);
  const code = await new Promise<number | null>((ok) => run.child.once("exit", ok));
  return { code, output: run.output() };
}

describe("npm run backup", () => {
  it("copies DATA_DIR whole lines only, without temp files, keeping modes, while a writer appends", async () => {
    let writing = true;
    const writer = (async () => {
      // Each record in two writes, as a crash or a slow disk can leave it.
      for (let i = 3; writing; i++) {
        const text = line(i);
        await appendFile(join(dataDir, "spam.jsonl"), text.slice(0, 50));
        await appendFile(join(dataDir, "spam.jsonl"), text.slice(50));
      }
    })();
    const { code, output } = await backup();
    writing = false;
    await writer;
    expect(code, output).toBe(0);
    const made = (await readdir(join(repo.dir, "backups"))).filter((n) => !n.startsWith("."));
    expect(made).toHaveLength(1);
    const copy = join(repo.dir, "backups", made[0] ?? "");
    expect(output).toContain(`to ${copy}`);

    expect(await readFile(join(copy, "submissions.jsonl"), "utf8")).toBe(`${line(1)}${line(2)}`);
    for (const l of (await readFile(join(copy, "spam.jsonl"), "utf8")).split("\n").filter(Boolean)) expect(() => JSON.parse(l)).not.toThrow();
    expect(await readdir(join(copy, "mail"))).toEqual(["2025-03-01-m1.eml"]);
    expect((await stat(join(copy, "review-secret"))).mode & 0o777).toBe(0o600);
  }, 60_000);

  it("says when there is nothing to back up", async () => {
    const run = runNpm(["run", "backup"], repo.dir, { DATA_DIR: join(repo.dir, "no-such-data") });
    const code = await new Promise<number | null>((ok) => run.child.once("exit", ok));
    expect(code).toBe(1);
    expect(run.output()).toContain("Nothing to back up");
  }, 60_000);
});
