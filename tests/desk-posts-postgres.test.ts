import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectBrowser, openPage, touchPhone } from "./chromium";
import { addPhoto, photo, postText, signInWithCode } from "./desk-browser";
import { startCluster, withClient, type TestCluster } from "./postgres-cluster";
import { runNpm, serveCopy, type ServedCopy } from "./repo-copy";

// The desk's posts with DATABASE_URL (issue 32): `npm start` in a fresh copy of the checkout on a
// real PostgreSQL server, a post written and published on a 390 px touch phone; its versions and
// photo are in the database (not in DATA_DIR), its history shows them, and `npm run backup` has them.

const OWNER = "owner@example.com";
let cluster: TestCluster;
let databaseUrl = "";
let served: ServedCopy;
let browser: Browser;

beforeAll(async () => {
  cluster = await startCluster();
  databaseUrl = await cluster.createDatabase();
  served = await serveCopy("desk-posts-pg", { OWNER_EMAILS: OWNER, DATABASE_URL: databaseUrl });
  browser = await connectBrowser();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await cluster?.remove();
});

it("keeps a post's versions and photo in the database, shows its history, and backs them up", async () => {
  const { page, problems, close } = await openPage(browser, { baseURL: served.baseUrl, ...touchPhone });
  try {
    await signInWithCode(page, served.mail);
    await page.goto("/owner/posts/new");
    await page.getByLabel("Title", { exact: true }).fill("Cabling a split maple");
    await (await postText(page)).fill("Two cables saved the maple by the porch.");
    await addPhoto(page, { name: "IMG_0201.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 1200, 900) }, "The maple with its cables");
    await page.getByRole("button", { name: "Publish" }).tap();
    await page.waitForURL("**/owner/posts/edit/cabling-a-split-maple");
    await expect.poll(async () => (await fetch(`${served.baseUrl}/blog/cabling-a-split-maple`)).status).toBe(200);

    const rows = await withClient(databaseUrl, async (client) => ({
      versions: (await client.query<{ event: string }>("SELECT record->>'event' AS event FROM post_versions WHERE slug = 'cabling-a-split-maple'")).rows.map((r) => r.event),
      photos: Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM post_photos")).rows[0]?.n),
    }));
    expect(rows.versions).toContain("published");
    expect(rows.photos).toBe(1);
    expect((await readdir(join(served.repo.dir, "data")).catch(() => [])).filter((name) => name.startsWith("post-"))).toEqual([]);

    await page.getByRole("button", { name: "History" }).tap();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("History");
    expect(await page.getByRole("button", { name: /^Restore the version of/ }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }

  const backup = runNpm(["run", "backup", "--", "--to", "pg-backup"], served.repo.dir, { DATABASE_URL: databaseUrl });
  expect(await new Promise((ok) => backup.child.once("exit", ok)), backup.output()).toBe(0);
  const copy = join(served.repo.dir, "pg-backup");
  expect(await readFile(join(copy, "post-versions.jsonl"), "utf8")).toContain("title: Cabling a split maple");
  expect(await readdir(join(copy, "post-photos"))).toHaveLength(1);
}, 180_000);
