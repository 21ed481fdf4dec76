import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, withClient, type TestCluster } from "../../../tests/postgres-cluster";
import { recordingLogger } from "../../../tests/test-support";
import { deskStoreBehaviour } from "../desk-store-behaviour";
import { describePostsStore } from "../posts-store-behaviour";
import { noticeTag } from "../records";
import { contact, describeStore, type StoreHarness } from "../store-suite";
import type { Store } from "../store";
import { createDeskTables } from "./desk-tables";
import { openDatabase, type Database } from "./database";
import { migrate } from "./migrate";
import { forgetStatement } from "./outbox-tables";
import { createPostgresStore } from "./postgres-store";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

/** Every row of every table, as text. */
const allRows = (url: string): Promise<string> =>
  withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
    const texts = [];
    for (const { name } of tables.rows) texts.push(...(await client.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)).rows.map((r) => r.row));
    return texts.join("\n");
  });

describeStore("PostgreSQL", async (): Promise<StoreHarness> => {
  const url = await cluster.createDatabase();
  const open: Store[] = [];
  return {
    async open(options = {}) {
      const store = await createPostgresStore({ url, clock: options.clock, logger: recordingLogger() });
      open.push(store);
      return store;
    },
    atRest: () => allRows(url),
    async cleanup() {
      for (const store of open.splice(0)) await store.close();
      await cluster.dropDatabase(url);
    },
  };
});

deskStoreBehaviour("PostgreSQL", async () => {
  const url = await cluster.createDatabase();
  const pools: Database[] = [];
  return {
    // Each "restart" is a pool of its own on the one database, as another instance or npm run owner would be.
    async open() {
      const db = openDatabase(url, recordingLogger(), { max: 4 });
      pools.push(db);
      await migrate(db);
      return createDeskTables(db);
    },
    async cleanup() {
      for (const db of pools.splice(0)) await db.end();
      await cluster.dropDatabase(url);
    },
  };
});

// Each test a database of its own; a "restart" is another store on it. Closing the posts closes their store.
const postsUrls = new WeakMap<object, string>();
async function openPosts(url: string) {
  const store = await createPostgresStore({ url, logger: recordingLogger() });
  const posts = { ...store.posts, close: () => store.close() };
  postsUrls.set(posts, url);
  return posts;
}
describePostsStore("PostgreSQL", {
  open: async () => openPosts(await cluster.createDatabase()),
  async reopen(posts) {
    await posts.close();
    return openPosts(postsUrls.get(posts)!);
  },
});

describe("PostgreSQL: passkey challenges across instances", () => {
  it("gives a challenge kept by one instance to another, once: of takes on both at once, one gets it", async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [openDatabase(url, recordingLogger(), { max: 4 }), openDatabase(url, recordingLogger(), { max: 4 })];
    try {
      await migrate(a);
      const [one, other] = [createDeskTables(a), createDeskTables(b)];
      const key = "k".repeat(64);
      await one.keepChallenge({ keyHash: key, challenge: "asked of one", expiresAt: "2026-03-01T09:05:00.000Z" }, "2026-03-01T09:00:00.000Z");
      expect(await other.takeChallenge(key, "2026-03-01T09:01:00.000Z")).toBe("asked of one");
      expect(await one.takeChallenge(key, "2026-03-01T09:01:00.000Z")).toBeUndefined();
      for (let round = 0; round < 10; round++) {
        await one.keepChallenge({ keyHash: key, challenge: `round ${round}`, expiresAt: "2026-03-01T09:05:00.000Z" }, "2026-03-01T09:00:00.000Z");
        const takes = await Promise.all([one, other, one, other].map((store) => store.takeChallenge(key, "2026-03-01T09:01:00.000Z")));
        expect(takes.filter(Boolean)).toEqual([`round ${round}`]);
      }
      // Many ceremonies at once on both, each keep sweeping the same expired ones: every keep goes through, and only the new ones are left.
      for (let i = 0; i < 50; i++) await one.keepChallenge({ keyHash: `old-${i}`, challenge: "expired", expiresAt: "2026-03-01T09:01:00.000Z" }, "2026-03-01T09:00:00.000Z");
      const keyOf = (i: number) => `new-${i}`;
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : other).keepChallenge({ keyHash: keyOf(i), challenge: `c${i}`, expiresAt: "2026-03-01T09:10:00.000Z" }, "2026-03-01T09:05:00.000Z")),
      );
      const { rows } = await a.query<{ key_hash: string }>("SELECT key_hash FROM desk_challenges ORDER BY key_hash");
      expect(rows.map((row) => row.key_hash)).toEqual(Array.from({ length: 40 }, (_, i) => keyOf(i)).sort());
    } finally {
      await Promise.all([a.end(), b.end()]);
      await cluster.dropDatabase(url);
    }
  });
});

describe("PostgreSQL: erasing a message while another instance rescues it", () => {
  it("erases the copy a Not spam stored while the erase waited for it, and mails nothing", async () => {
    const url = await cluster.createDatabase();
    const [one, other] = [await createPostgresStore({ url, logger: recordingLogger() }), await createPostgresStore({ url, logger: recordingLogger() })];
    try {
      const held = await one.messages.hold(contact(1, { name: "Rita Rescued" }), "honeypot");
      /** Statements of the two stores waiting for a row lock. */
      const waiting = (count: number) =>
        withClient(url, async (client) => {
          for (let tries = 0; tries < 200; tries++) {
            const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
            if (Number(rows[0]?.n) >= count) return;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          throw new Error(`never ${count} waiting for a lock`);
        });
      // The held row locked for a moment (as a first "Not spam" would): the rescue waits first, then the erase behind it.
      const rescued = await withClient(url, async (locker) => {
        await locker.query("BEGIN");
        await locker.query("SELECT 1 FROM messages WHERE id = $1 FOR UPDATE", [held.id]);
        const rescue = one.messages.rescue(held.id, "owner@example.com");
        await waiting(1);
        const erase = other.messages.erase(held.id, "owner@example.com");
        await waiting(2);
        await locker.query("COMMIT");
        return Promise.all([rescue, erase]);
      });
      expect(rescued[0]?.rescued).toBe(true);
      expect(rescued[1]).toBe(true);
      expect(await one.messages.get(held.id)).toBeUndefined();
      expect(await other.messages.all("inbox")).toEqual([]);
      expect((await one.outbox.claim({ now: Date.now() + 3_600_000, limit: 10, leaseMs: 60_000 })).jobs).toEqual([]);
      expect(await allRows(url)).not.toContain("Rita Rescued");
    } finally {
      await Promise.all([one.close(), other.close()]);
      await cluster.dropDatabase(url);
    }
  });
});

describe("PostgreSQL: forgetting a record's emails", () => {
  it("finds the jobs about one message, review or booking by an index, not by reading every job ever queued", async () => {
    const url = await cluster.createDatabase();
    const store = await createPostgresStore({ url, logger: recordingLogger() });
    try {
      // A few years of a busy site's mail, sent: each kind's jobs as the outbox writes them.
      await withClient(url, async (client) => {
        await client.query(`
          INSERT INTO mail_jobs (id, kind, job, state, due_at)
          SELECT kind || '-' || n, kind,
                 CASE kind WHEN 'estimate-visit' THEN jsonb_build_object('visit', jsonb_build_object('id', 'visit-' || n))
                           WHEN 'push' THEN jsonb_build_object('notice', jsonb_build_object('tag', 'message-' || n))
                           ELSE '{}'::jsonb END,
                 'sent', n
          FROM generate_series(1, 20000) AS n, unnest(ARRAY['contact', 'review', 'estimate-visit', 'push']) AS kind`);
        await client.query("ANALYZE mail_jobs");
      });
      for (const kind of ["message", "review", "visit"] as const) {
        const plan = await withClient(url, async (client) => {
          const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${forgetStatement(kind)}`, [`${kind}-7`, noticeTag(kind, `${kind}-7`)]);
          return rows.map((row) => row["QUERY PLAN"]).join("\n");
        });
        expect(plan, kind).not.toMatch(/Seq Scan/);
      }
      // And it still deletes them: a booking's, with its notification.
      await withClient(url, (client) => client.query("INSERT INTO mail_jobs (id, kind, job, due_at) VALUES ('n-visit', 'push', $1, 1)", [{ notice: { tag: noticeTag("visit", "visit-9") } }]));
      await withClient(url, (client) => client.query(forgetStatement("visit"), ["visit-9", noticeTag("visit", "visit-9")]));
      const left = await withClient(url, (client) => client.query("SELECT id FROM mail_jobs WHERE id IN ('estimate-visit-9', 'n-visit', 'estimate-visit-8')"));
      expect(left.rows).toEqual([{ id: "estimate-visit-8" }]);
    } finally {
      await store.close();
      await cluster.dropDatabase(url);
    }
  });
});
