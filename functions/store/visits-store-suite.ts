// The behaviour every VisitsStore has (functions/store/visits-store.ts): each
// implementation's test runs this suite against a real store of its kind.
import { describe, expect, it } from "vitest";
import type { VisitCount, VisitsStore } from "./visits-store";

export interface VisitsStoreHarness {
  /** A new, empty store. */
  open(): Promise<VisitsStore>;
  /** Another store over the same data (a restart, or a second process). */
  reopen(): Promise<VisitsStore>;
  cleanup(): Promise<void>;
}

const view = (day: string, path: string, count = 1): VisitCount => ({
  day,
  kind: "view",
  path,
  source: "google.com",
  device: "phone",
  landing: "",
  button: "",
  count,
});

const total = (rows: readonly VisitCount[], kind: VisitCount["kind"]) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);

export function describeVisitsStore(name: string, harness: () => Promise<VisitsStoreHarness>): void {
  describe(`${name}: visits store`, () => {
    async function withStore(test: (store: VisitsStore, h: VisitsStoreHarness) => Promise<void>): Promise<void> {
      const h = await harness();
      const store = await h.open();
      try {
        await test(store, h);
      } finally {
        await store.close();
        await h.cleanup();
      }
    }

    it("sums counts by key across batches and keeps them across a restart", () =>
      withStore(async (store, h) => {
        await store.add({ counts: [view("2025-06-02", "/locations/irmo-sc", 2), view("2025-06-02", "/")], visitors: [] });
        await store.add({ counts: [view("2025-06-02", "/locations/irmo-sc", 3), view("2025-06-03", "/")], visitors: [] });
        expect(await store.counts("2025-06-02", "2025-06-02")).toEqual([view("2025-06-02", "/locations/irmo-sc", 5), view("2025-06-02", "/")]);
        await store.close();
        const again = await h.reopen();
        try {
          expect(total(await again.counts("2025-06-01", "2025-06-30"), "view")).toBe(7);
          expect(await again.counts("2025-06-03", "2025-06-03")).toEqual([view("2025-06-03", "/")]);
        } finally {
          await again.close();
        }
      }));

    it("counts a visitor once a day, also after a restart, and per device", () =>
      withStore(async (store, h) => {
        await store.daySalt("2025-06-02");
        await store.add({ counts: [], visitors: [{ day: "2025-06-02", hash: "a", device: "phone" }, { day: "2025-06-02", hash: "a", device: "phone" }] });
        await store.add({ counts: [], visitors: [{ day: "2025-06-02", hash: "a", device: "phone" }, { day: "2025-06-02", hash: "b", device: "desktop" }] });
        await store.close();
        const again = await h.reopen();
        try {
          await again.add({ counts: [], visitors: [{ day: "2025-06-02", hash: "b", device: "desktop" }, { day: "2025-06-02", hash: "c", device: "phone" }] });
          const rows = (await again.counts("2025-06-02", "2025-06-02")).filter((r) => r.kind === "visitor");
          expect(rows.map((r) => [r.device, r.count])).toEqual([
            ["phone", 2],
            ["desktop", 1],
          ]);
        } finally {
          await again.close();
        }
      }));

    it("keeps one salt per day, the same after a restart, and forgets it when the day ends", () =>
      withStore(async (store, h) => {
        const salt = await store.daySalt("2025-06-02");
        expect(salt.length).toBeGreaterThanOrEqual(16);
        expect(await store.daySalt("2025-06-02")).toEqual(salt);
        await store.close();
        const again = await h.reopen();
        try {
          expect(await again.daySalt("2025-06-02")).toEqual(salt);
          await again.add({ counts: [], visitors: [{ day: "2025-06-02", hash: "a", device: "phone" }] });
          await again.endDaysBefore("2025-06-03");
          const next = await again.daySalt("2025-06-03");
          expect(next).not.toEqual(salt);
          // The ended day's salt is gone: asking for it again never gives it back.
          expect(await again.daySalt("2025-06-02")).not.toEqual(salt);
          // Its visitors were counted and stay counted; the hashes that recognised them are gone.
          expect(total(await again.counts("2025-06-02", "2025-06-02"), "visitor")).toBe(1);
        } finally {
          await again.close();
        }
      }));

    it("deletes the counts of days past keeping, and only those", () =>
      withStore(async (store) => {
        await store.add({ counts: [view("2024-04-30", "/"), view("2024-05-01", "/"), view("2025-06-02", "/")], visitors: [] });
        await store.deleteBefore("2024-05-01");
        expect((await store.counts("2000-01-01", "2099-12-31")).map((r) => r.day)).toEqual(["2024-05-01", "2025-06-02"]);
      }));

    it("claims a name once, across restarts", () =>
      withStore(async (store, h) => {
        expect(await store.claim("weekly summary 2025-06-02")).toBe(true);
        expect(await store.claim("weekly summary 2025-06-02")).toBe(false);
        await store.close();
        const again = await h.reopen();
        try {
          expect(await again.claim("weekly summary 2025-06-02")).toBe(false);
          expect(await again.claim("weekly summary 2025-06-09")).toBe(true);
        } finally {
          await again.close();
        }
      }));
  });
}
