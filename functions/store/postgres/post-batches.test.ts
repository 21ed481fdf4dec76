// Posts stored together through the real PostgreSQL server: posts that arrive while a statement is
// on its way share the next one, each resolves after the commit that holds it, and one post's
// fault is answered to that post alone.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startCluster, withClient, type TestCluster } from "../../../tests/postgres-cluster";
import { recordingLogger, validInput } from "../../../tests/test-support";
import { contactJob, newPost } from "../records";
import { openDatabase, type Database } from "./database";
import { migrate } from "./migrate";
import { createPostBatches } from "./post-batches";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

let url: string;
let db: Database;
afterEach(async () => {
  await db?.end();
  await cluster.dropDatabase(url);
});

async function open(): Promise<Database> {
  url = await cluster.createDatabase();
  db = openDatabase(url, recordingLogger(), { max: 4 });
  await migrate(db);
  return db;
}

const message = (n: number) => newPost({ ...validInput, name: `Visitor ${n}` }, new Date(Date.UTC(2026, 10, 26, 12, 0, n)).toISOString(), {});
/** The transactions that wrote the messages: rows written by one share its id (`xmin`). */
const transactions = (): Promise<number> =>
  withClient(url, async (client) => Number((await client.query<{ n: string }>("SELECT count(DISTINCT xmin::text) AS n FROM messages")).rows[0]?.n));

describe("posts stored together", () => {
  it("share statements when they arrive together, in the order they came, each with its mail job", async () => {
    const batches = createPostBatches(await open(), "messages", "inbox");
    const posts = Array.from({ length: 60 }, (_, n) => message(n));
    await Promise.all(posts.map((post) => batches.store(post, contactJob(post), 1_000)));
    // Without batches each post is a transaction of its own: 60.
    expect(await transactions()).toBeLessThan(10);
    await withClient(url, async (client) => {
      const stored = await client.query<{ id: string }>("SELECT id FROM messages WHERE box = 'inbox' ORDER BY seq");
      expect(stored.rows.map((row) => row.id)).toEqual(posts.map((post) => post.id));
      const jobs = await client.query<{ id: string; kind: string; due_at: string }>("SELECT id, kind, due_at FROM mail_jobs ORDER BY seq");
      expect(jobs.rows).toEqual(posts.map((post) => ({ id: post.id, kind: "contact", due_at: "1000" })));
    });
  });

  it("refuses a post that cannot be stored to that post alone, the others of its batch stored", async () => {
    const batches = createPostBatches(await open(), "messages", "inbox");
    const first = message(0);
    await batches.store(first, contactJob(first), 1_000);
    // The same message again breaks the (box, id) key: its batch fails, and is tried post by post.
    const posts = [message(1), first, message(2)];
    const results = await Promise.allSettled(posts.map((post) => batches.store(post, contactJob(post), 1_000)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    await withClient(url, async (client) => {
      const stored = await client.query<{ id: string }>("SELECT id FROM messages ORDER BY seq");
      expect(stored.rows.map((row) => row.id)).toEqual([first.id, posts[0]?.id, posts[2]?.id]);
    });
  });
});
