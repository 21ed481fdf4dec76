// The privacy page's promise kept by the server: messages and bookings past content/site.json's
// messagesKeptFor are erased, on both stores, records dated in the past by the stores' clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type TestCluster } from "../../tests/postgres-cluster";
import { makeTempDir, recordingLogger } from "../../tests/test-support";
import { createFilesStore } from "../store/files/files-store";
import { createPostgresStore } from "../store/postgres/postgres-store";
import type { Store } from "../store/store";
import { contact, estimateVisit } from "../store/store-suite";
import { startRetentionSweep, SWEEP_BY } from "./retention-sweep";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 15, 16);
const YEAR = 365 * DAY;
const ZONE = "America/New_York";
let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

/** Two stores over the same data: another instance on PostgreSQL; on files, the one store twice (one process writes a DATA_DIR). */
interface Opened {
  store: Store;
  other: Store;
  reopen(): Promise<Store>;
  close(): Promise<void>;
}
const stores: Record<string, (clock: () => number) => Promise<Opened>> = {
  files: async (clock) => {
    const { dir, cleanup } = await makeTempDir();
    const open: Store[] = [];
    const make = async () => {
      const store = await createFilesStore({ dataDir: dir, clock, logger: recordingLogger() });
      open.push(store);
      return store;
    };
    const store = await make();
    return { store, other: store, reopen: make, close: async () => { for (const s of open) await s.close(); await cleanup(); } };
  },
  PostgreSQL: async (clock) => {
    const url = await cluster.createDatabase();
    const open: Store[] = [];
    const make = async () => {
      const store = await createPostgresStore({ url, clock, logger: recordingLogger() });
      open.push(store);
      return store;
    };
    const store = await make();
    return { store, other: await make(), reopen: make, close: async () => { for (const s of open) await s.close(); await cluster.dropDatabase(url); } };
  },
};

const visit = (n: number, start: number) => estimateVisit(n, new Date(start).toISOString());

for (const [name, openStores] of Object.entries(stores)) {
  describe(`the retention sweep: ${name}`, () => {
    let now = T0;
    let opened: Opened | undefined;
    const clock = () => now;
    const site = (messagesKeptFor: string) => async () => ({ messagesKeptFor, timeZone: ZONE });
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it("erases the messages received and the bookings started before messagesKeptFor, read at each sweep, and nothing newer, across a restart", async () => {
      now = T0;
      opened = await openStores(clock);
      const { store } = opened;
      await store.outbox.open();
      now = T0 - 2 * YEAR - 10 * DAY;
      const old = await store.messages.add(contact(1, { name: "Olive Old" }));
      const oldSpam = await store.messages.hold(contact(2, { name: "Sam Spam" }), "honeypot");
      const oldVisit = await store.estimateVisits.book({ ...visit(1, now + DAY), name: "Otto Oldvisit" }, 1);
      await store.estimateVisits.cancel(oldVisit?.id ?? "", { by: "visitor", who: "visitor1@example.com" });
      now = T0 - 2 * YEAR + 10 * DAY;
      const young = await store.messages.add(contact(3, { name: "Yvonne Young" }));
      const youngVisit = await store.estimateVisits.book(visit(2, now + DAY), 1);
      now = T0;
      const fresh = await store.messages.add(contact(4));
      const coming = await store.estimateVisits.book(visit(3, now + 3 * DAY), 1);

      const sweeper = startRetentionSweep({ store, site: site("two years"), clock, logger: recordingLogger(), firstAfterMs: 0 });
      // The sweep at start (the visits come after the messages).
      await expect.poll(async () => store.estimateVisits.get(oldVisit?.id ?? ""), { timeout: 5_000 }).toBeUndefined();
      await sweeper.stop();
      expect(await store.messages.get(old.id)).toBeUndefined();
      expect((await store.messages.list({ box: "spam" })).items.map((m) => m.id)).not.toContain(oldSpam.id);
      expect(await store.estimateVisits.get(oldVisit?.id ?? "")).toBeUndefined();
      expect((await store.messages.list()).items.map((m) => m.id)).toEqual([fresh.id, young.id]);
      expect(await store.estimateVisits.get(youngVisit?.id ?? "")).toBeDefined();
      // Nothing of them mailed after.
      const jobs = (await store.outbox.claim({ now: T0 + DAY, limit: 100, leaseMs: 60_000 })).jobs.map(({ job }) => JSON.stringify(job));
      expect(jobs.filter((job) => /Olive Old|Sam Spam|Otto Oldvisit/.test(job))).toEqual([]);

      // The owner writes a shorter time: the next sweep goes by it.
      const shorter = startRetentionSweep({ store, site: site("18 months"), clock, logger: recordingLogger(), firstAfterMs: 60_000 });
      expect(await shorter.sweep()).toEqual({ keptSince: expect.stringMatching(/^2024-12-15T0[45]:00:00.000Z$/), messages: 1, bookings: 1 });
      expect(await shorter.sweep()).toMatchObject({ messages: 0, bookings: 0 });
      // Each sweep that deleted something is in the desk's audit log, by counts; one that deleted nothing is not.
      const swept = (await store.desk.auditLog(10)).filter((entry) => entry.who === SWEEP_BY);
      expect(swept.map(({ action, from }) => ({ action, from }))).toEqual([
        { action: "deleted 1 message and 1 booking older than 18 months", from: "the server" },
        { action: "deleted 2 messages and 1 booking older than two years", from: "the server" },
      ]);
      await shorter.stop();
      const again = await opened.reopen();
      expect((await again.messages.list()).items.map((m) => m.id)).toEqual([fresh.id]);
      expect((await again.estimateVisits.starting(new Date(0).toISOString(), new Date(T0 + 30 * DAY).toISOString(), { cancelled: true })).map((v) => v.id)).toEqual([coming?.id]);
    });

    it("sweeps at start, then once a day, each day's sweep taken by one of the instances", async () => {
      now = T0;
      opened = await openStores(clock);
      const { store, other } = opened;
      const old = async (n: number) => {
        const at = now;
        now = T0 - 3 * YEAR;
        const message = await store.messages.add(contact(n));
        now = at;
        return message.id;
      };
      const first = await old(1);
      // Each instance's daily tries, counted: the first comes once its sweep at start is done.
      const tries = [0, 0];
      const sweepers = [store, other].map((s, n) => {
        const visits = { ...s.visits, claim: (name: string) => ((tries[n] = (tries[n] ?? 0) + 1), s.visits.claim(name)) };
        return startRetentionSweep({ store: { messages: s.messages, estimateVisits: s.estimateVisits, visits, desk: s.desk }, site: site("two years"), clock, logger: recordingLogger(), firstAfterMs: 0, everyMs: 20 });
      });
      try {
        await expect.poll(async () => store.messages.get(first), { timeout: 5_000 }).toBeUndefined();
        // Both swept at start and tried the day (one took it and swept, the other found it taken): one stored later that day waits
        // for the next day. Each has tried twice, so the day's first try, and the sweep of the one that took it, are over (a try is
        // counted when it asks: after one try only, the claim could still be on its way, its sweep still to come).
        await expect.poll(() => Math.min(...tries), { timeout: 5_000 }).toBeGreaterThan(1);
        const second = await old(2);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await store.messages.get(second)).toBeDefined();
        now += 86_400_000;
        await expect.poll(async () => store.messages.get(second), { timeout: 5_000 }).toBeUndefined();
      } finally {
        await Promise.all(sweepers.map((s) => s.stop()));
      }
    });

    it("loses nothing it should keep while two sweeps, the owner's deletes and new posts and bookings race", async () => {
      now = T0;
      opened = await openStores(clock);
      const { store, other } = opened;
      await store.outbox.open();
      now = T0 - 3 * YEAR;
      const oldMessages: string[] = [];
      const oldVisits: string[] = [];
      for (let n = 0; n < 16; n += 1) {
        now += DAY;
        oldMessages.push((await store.messages.add(contact(n, { name: `Old ${n}` }))).id);
        oldVisits.push((await store.estimateVisits.book(visit(n, now + DAY), 1))?.id ?? "");
      }
      now = T0 - 30 * DAY;
      const recent: string[] = [];
      for (let n = 0; n < 6; n += 1) recent.push((await store.messages.add(contact(100 + n))).id);
      now = T0;
      const [a, b] = [other, store].map((s) => startRetentionSweep({ store: s, site: site("two years"), clock, logger: recordingLogger(), firstAfterMs: 0 }));
      // The owner deletes some old and some recent ones at the same moment; visitors write and book.
      const ownerDeletes = [...oldMessages.filter((_, n) => n % 3 === 0), recent[0] ?? ""];
      const results = await Promise.all([
        a?.sweep(),
        b?.sweep(),
        ...ownerDeletes.map((id) => store.messages.erase(id, "owner@example.com")),
        ...oldVisits.filter((_, n) => n % 4 === 0).map((id) => other.estimateVisits.erase(id, "owner@example.com")),
        ...Array.from({ length: 10 }, (_, n) => store.messages.add(contact(200 + n))),
        ...Array.from({ length: 5 }, (_, n) => other.estimateVisits.book(visit(300 + n, T0 + (n + 2) * DAY), 1)),
      ]);
      await Promise.all([a?.stop(), b?.stop()]);
      const [first, second] = results;
      const byOwner = results.slice(2, 2 + ownerDeletes.length);
      const visitsByOwner = results.slice(2 + ownerDeletes.length, 2 + ownerDeletes.length + 4).filter((r) => r === true).length;
      const ids = (list: unknown[]) => list.flatMap((r) => (r && typeof r === "object" && "id" in r && typeof r.id === "string" ? [r.id] : []));
      const addedMessages = ids(results.slice(-15, -5));
      const addedVisits = ids(results.slice(-5));
      expect([addedMessages.length, addedVisits.length]).toEqual([10, 5]);
      expect(byOwner.at(-1)).toBe(true);
      // No old one erased twice (the sweeps at start ran at the same time too: at most as many as there were).
      if (typeof first !== "object" || typeof second !== "object") throw new Error("a sweep failed");
      expect(first.messages + second.messages + byOwner.slice(0, -1).filter((r) => r === true).length).toBeLessThanOrEqual(oldMessages.length);
      expect(first.bookings + second.bookings + visitsByOwner).toBeLessThanOrEqual(oldVisits.length);
      for (const s of [store, await opened.reopen()]) {
        const kept = (await s.messages.list({ limit: 100 })).items.map((m) => m.id);
        expect(kept.sort()).toEqual([...recent.slice(1), ...addedMessages].sort());
        for (const id of oldVisits) expect(await s.estimateVisits.get(id)).toBeUndefined();
        for (const id of addedVisits) expect(await s.estimateVisits.get(id)).toBeDefined();
      }
      expect(SWEEP_BY).toMatch(/messagesKeptFor/);
    });
  });
}
