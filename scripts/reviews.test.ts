import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFilesStore } from "../functions/store/files/files-store";
import { loadApprovedReviews } from "../src/content/load-reviews";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let dir: string;
let site: string;

const review = (id: string, day: number) => ({
  id,
  name: `Reviewer ${id.slice(0, 4)}`,
  location: "Chapin, SC",
  rating: 4,
  text: "Careful crew, cleaned up everything.",
  approved: false,
  createdAt: `2025-03-0${day}T12:00:00.000Z`,
});
const older = "aaaa1111-0000-4000-8000-000000000001";
const newer = "bbbb2222-0000-4000-8000-000000000002";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "reviews-cli-"));
  site = path.join(dir, "site");
  await mkdir(site);
  await writeFile(path.join(dir, "reviews.jsonl"), [review(older, 1), review(newer, 2)].map((r) => `${JSON.stringify(r)}\n`).join(""));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  // Run in a folder of its own (for --export), with this checkout's tsx.
  run(process.execPath, ["--import", pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href, path.join(root, "scripts/reviews.ts"), ...args], {
    cwd: site,
    env: { ...process.env, DATA_DIR: dir },
  });

/** What a build shows with this DATA_DIR, as build.ts reads it: the store's approved reviews, else content/reviews.json. */
async function shownByBuild(dataDir: string) {
  const store = await createFilesStore({ dataDir });
  try {
    return await loadApprovedReviews(path.join(site, "content"), await store.reviews.approved());
  } finally {
    await store.close();
  }
}

describe("npm run reviews", () => {
  it("lists pending reviews, approves and rejects by the start of an id, and the build shows only approved ones", async () => {
    expect((await cli()).stdout).toMatch(/pending[\s\S]*Reviewer bbbb[\s\S]*Reviewer aaaa[\s\S]*2 waiting for you/);

    expect((await cli("approve", "aaaa")).stdout).toContain(`Approved: Reviewer aaaa, Chapin, SC (${older})`);
    await cli("reject", "bbbb");
    const listed = (await cli()).stdout;
    expect(listed).toMatch(/rejected.*Reviewer bbbb/);
    expect(listed).toMatch(/approved.*Reviewer aaaa/);
    expect(listed).toContain("0 waiting for you");
    expect((await shownByBuild(dir)).map((r) => r.id)).toEqual([older]);

    await expect(cli("approve", "cccc")).rejects.toMatchObject({ stderr: expect.stringContaining("No review with id cccc") });
  });

  it("exports the approved reviews to content/reviews.json, which a build without DATA_DIR reads", async () => {
    await cli("approve", older);
    await cli("--export");
    const exported = JSON.parse(await readFile(path.join(site, "content/reviews.json"), "utf8"));
    expect(exported).toEqual([{ ...review(older, 1), approved: true }]);
    const fromExport = await shownByBuild(path.join(dir, "none"));
    expect(fromExport.map((r) => r.id)).toEqual([older]);
  });
});
