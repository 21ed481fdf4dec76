import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFilesStore } from "../functions/store/files/files-store";
import { addDays, businessDay } from "../src/format/business-time";
import { copyRepo, runNpm, type RepoCopy } from "../tests/repo-copy";
import { site, visitCount } from "../tests/test-support";

// `npm run report` as the README writes it, in a copy of the checkout, reading the counts
// and messages a server left in data/.

let repo: RepoCopy;
const today = businessDay(new Date(), site.timeZone);

beforeAll(async () => {
  repo = await copyRepo("report");
  const dataDir = join(repo.dir, "data");
  await mkdir(dataDir, { recursive: true });
  const store = await createFilesStore({ dataDir });
  await store.visits.add({
    counts: [
      visitCount(today, "visitor", { count: 12 }),
      visitCount(today, "view", { path: "/locations/irmo-sc", source: "google.com", count: 9 }),
      visitCount(today, "visit", { path: "/locations/irmo-sc", source: "google.com", count: 7 }),
      visitCount(today, "call", { path: "/locations/irmo-sc", source: "google.com", landing: "/locations/irmo-sc", button: "hero", count: 2 }),
      visitCount(addDays(today, -7), "visitor", { count: 4 }),
    ],
    visitors: [],
  });
  await store.close();
  // Two messages: one answered by a tap on Text a quarter of an hour after it came, one not answered for two days.
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  await writeFile(
    join(dataDir, "submissions.jsonl"),
    [
      { id: "m0", name: "Sam Ruiz", email: "sam@example.com", phone: "(803) 555-0143", serviceType: "stump-removal", message: "The stump.", createdAt: ago(2 * 24 * 60) },
      { id: "m1", name: "Jane Doe", email: "jane@example.com", phone: "(803) 555-0142", serviceType: "tree-removal", message: "The oak leans.", createdAt: ago(20) },
    ]
      .map((line) => `${JSON.stringify(line)}\n`)
      .join(""),
  );
  await writeFile(join(dataDir, "message-answers.jsonl"), `${JSON.stringify({ id: "m1", how: "text", by: "owner@example.com", at: ago(5) })}\n`);
});
afterAll(() => repo?.remove());

async function report(...args: string[]) {
  const run = runNpm(["run", "report", ...(args.length ? ["--", ...args] : [])], repo.dir);
  const code = await new Promise<number | null>((ok) => run.child.once("exit", ok));
  return { code, output: run.output() };
}

describe("npm run report", () => {
  it("prints the seven days ending today against the seven before: visitors, call taps, messages, pages, referrers, towns", async () => {
    const { code, output } = await report();
    expect(code, output).toBe(0);
    expect(output).toMatch(/Visitors\s+12\s+4\s+\+200%/);
    expect(output).toMatch(/Call taps\s+2\s+0\s+new/);
    expect(output).toMatch(/Messages\s+2\s+0/);
    expect(output).toMatch(/Irmo town page\s+9/);
    expect(output).toMatch(/google\.com\s+7/);
    expect(output).toMatch(/Irmo\s+2 call taps/);
    expect(output).toContain("2 call taps (hero button), came from /locations/irmo-sc via google.com");
    // How fast: the tap on Text is the answer; the other waits, counted in opening hours (content/site.json).
    expect(output).toMatch(/Half the messages were answered within (under 1 min|1?\d min); 1 of 2 messages answered\./);
    expect(output).toMatch(/Still waiting for an answer after more than an hour:\n\s+Sam Ruiz, .+: waiting \d+ h/);
    expect(output).toContain("times count your opening hours only");
  }, 60_000);

  it("prints the last whole week as JSON, as Monday's email has it", async () => {
    const { code, output } = await report("--last-week", "--json");
    expect(code, output).toBe(0);
    const summary = JSON.parse(output.slice(output.indexOf("{"))) as { week: { to: string } };
    expect(new Date(`${summary.week.to}T12:00:00Z`).getUTCDay()).toBe(0);
  }, 60_000);
});
