import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRepo, runNpm, type RepoCopy, type RunningCommand } from "./repo-copy";

// `npm start` as the README writes it, in a fresh copy of the checkout: a post dropped
// into content/ goes live by itself, a broken file leaves the live site as it was, and
// a post dated a few seconds ahead goes live at its time with nobody touching anything.

let repo: RepoCopy;
let start: RunningCommand;
let baseUrl: string;

beforeAll(async () => {
  repo = await copyRepo("npm-start-publish");
  start = runNpm(["start"], repo.dir, { PORT: "0", DATA_DIR: join(repo.dir, "data"), SMTP_URL: "" });
  baseUrl = (await start.waitFor(/Serving (http:\/\/\S+?)\/? /, 180_000))[1] ?? "";
}, 200_000);

afterAll(async () => {
  await start?.stop();
  await repo?.remove();
});

const blogFile = (slug: string) => join(repo.dir, "content", "blog", `${slug}.md`);
const status = async (path: string) => (await fetch(baseUrl + path)).status;
const post = (title: string, publishDate: string) => `---\ntitle: ${title}\npublishDate: "${publishDate}"\ncategory: Storm Prep\n---\n\nWritten while the site was running.\n`;

/** Polls until `check` is true; returns the milliseconds it took. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return Date.now() - started;
}

describe("npm start publishes without a programmer", () => {
  it("warns at start that without SMTP_URL messages are only saved as files", () => {
    expect(start.output()).toContain("WARNING: SMTP_URL is not set, so contact messages are NOT emailed to anyone.");
    expect(start.output()).toContain(`${join(repo.dir, "data", "mail")}/`);
  });

  it("publishes a post dropped into content/blog within seconds", async () => {
    expect(await status("/blog/dropped-on-the-live-site")).toBe(404);
    await writeFile(blogFile("dropped-on-the-live-site"), post("Dropped On The Live Site", "2025-02-01"));
    const ms = await until(async () => (await status("/blog/dropped-on-the-live-site")) === 200, 60_000);
    console.log(`npm start: drop to live ${ms} ms`);
    const listed = (await (await fetch(`${baseUrl}/api/blog`)).json()) as { slug: string }[];
    expect(listed.map((p) => p.slug)).toContain("dropped-on-the-live-site");
    expect(await (await fetch(`${baseUrl}/blog`)).text()).toContain("Dropped On The Live Site");
  });

  it("leaves the live site as it was when a file is broken, and says which file and field", async () => {
    const since = start.output().length;
    await writeFile(blogFile("half-written"), post("Half Written", "next Tuesday"));
    await start.waitFor(/NOT published; the live site is unchanged/, 60_000, since);
    expect(start.output().slice(since)).toContain("content/blog/half-written.md: publishDate: expected a date like 2025-03-01");
    expect(await status("/blog/dropped-on-the-live-site")).toBe(200);
    expect(await status("/blog/half-written")).toBe(404);

    const fixed = start.output().length;
    await rm(blogFile("half-written"));
    await start.waitFor(/changed: published in/, 60_000, fixed);
  });

  it("puts a post dated a few seconds ahead live at its time, with no file touched", async () => {
    const goLive = new Date(Date.now() + 10_000);
    const since = start.output().length;
    await writeFile(blogFile("scheduled-for-later"), post("Scheduled For Later", goLive.toISOString()));
    await start.waitFor(/Scheduled \(1\):\n {2}\/blog\/scheduled-for-later {2}Scheduled For Later {2}goes live/, 60_000, since);
    if (Date.now() < goLive.getTime()) expect(await status("/blog/scheduled-for-later")).toBe(404);

    await until(async () => (await status("/blog/scheduled-for-later")) === 200, 60_000);
    console.log(`npm start: scheduled post live ${Date.now() - goLive.getTime()} ms after its time`);
    expect(Date.now()).toBeGreaterThanOrEqual(goLive.getTime());
    // The timer published it (the log line follows the pages going live).
    await start.waitFor(/scheduled post due at .*: published in/, 30_000, since);
  });
});
