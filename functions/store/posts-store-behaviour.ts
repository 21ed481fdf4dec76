import { describe, expect, it } from "vitest";
import type { NewPostVersion, PostsStore } from "./posts-store";

// What every posts store does (functions/store/posts-store.ts), run against each implementation:
// functions/store/files/posts-store.test.ts and functions/store/postgres/postgres-store.test.ts.

export interface PostsStoreHarness {
  /** A new, empty store. */
  open(): Promise<PostsStore>;
  /** The same data opened again, as after a restart (the old one is closed first). */
  reopen(store: PostsStore): Promise<PostsStore>;
}

const version = (over: Partial<NewPostVersion> = {}): NewPostVersion => ({
  postId: "p1",
  slug: "oak-care",
  at: "2025-10-20T14:00:00.000Z",
  event: "saved",
  text: "---\ntitle: Oak Care\npublishDate: 2025-10-20\n---\n\nText.\n",
  photos: [],
  ...over,
});

export function describePostsStore(name: string, harness: PostsStoreHarness) {
  describe(`posts store: ${name}`, () => {
    it("keeps every version, newest first, with its text and photos, across a restart", async () => {
      let store = await harness.open();
      const first = await store.addVersion(version({ text: "one", by: "owner@example.com" }));
      await store.addVersion(version({ text: "two \u2028 \"quoted\" ünïcode", event: "published", photos: [{ name: "oak.jpg", sha: "a".repeat(64) }] }));
      await store.addVersion(version({ postId: "p2", slug: "pines", text: "other" }));
      for (let round = 0; round < 2; round++) {
        const history = await store.history("p1");
        expect(history.map((v) => [v.event, v.text])).toEqual([
          ["published", "two \u2028 \"quoted\" ünïcode"],
          ["saved", "one"],
        ]);
        expect(history[0]?.photos).toEqual([{ name: "oak.jpg", sha: "a".repeat(64) }]);
        expect(history[1]).toMatchObject({ id: first.id, by: "owner@example.com", slug: "oak-care", at: "2025-10-20T14:00:00.000Z" });
        expect((await store.version(first.id))?.text).toBe("one");
        store = await harness.reopen(store);
      }
      await store.close();
    });

    it("finds a post by the slug of its newest version, following renames, and gives each post's newest version", async () => {
      let store = await harness.open();
      await store.addVersion(version({ slug: "oak" }));
      await store.addVersion(version({ slug: "oak-care" }));
      await store.addVersion(version({ postId: "p2", slug: "pines" }));
      await store.addVersion(version({ postId: "p2", slug: "pines", event: "deleted", text: null }));
      store = await harness.reopen(store);
      expect((await store.latestBySlug("oak-care"))?.postId).toBe("p1");
      expect(await store.latestBySlug("oak")).toBeUndefined();
      expect((await store.latestVersions()).map((v) => [v.postId, v.event, v.slug])).toEqual([
        ["p2", "deleted", "pines"],
        ["p1", "saved", "oak-care"],
      ]);
      await store.addVersion(version({ postId: "p2", slug: "pines", event: "restored" }));
      expect((await store.latestVersions()).map((v) => v.event)).toEqual(["restored", "saved"]);
      await store.close();
    });

    it("keeps a photo's bytes once, by their hash", async () => {
      let store = await harness.open();
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
      const sha = await store.putPhoto(bytes);
      expect(sha).toMatch(/^[0-9a-f]{64}$/);
      expect(await store.putPhoto(bytes)).toBe(sha);
      store = await harness.reopen(store);
      expect(await store.photo(sha)).toEqual(bytes);
      expect(await store.photo("b".repeat(64))).toBeUndefined();
      expect(await store.photo("../../etc/passwd")).toBeUndefined();
      await store.close();
    });

    it("keeps the newest unsaved work per post until it is discarded", async () => {
      let store = await harness.open();
      await store.saveDraft({ postId: "p1", at: "2025-10-20T14:00:00.000Z", state: { text: "first" } });
      await store.saveDraft({ postId: "p1", at: "2025-10-20T14:00:05.000Z", state: { text: "second" } });
      await store.saveDraft({ postId: "p2", at: "2025-10-20T14:00:07.000Z", state: { text: "other" } });
      store = await harness.reopen(store);
      expect(await store.draft("p1")).toEqual({ postId: "p1", at: "2025-10-20T14:00:05.000Z", state: { text: "second" } });
      expect((await store.drafts()).map((d) => d.postId)).toEqual(["p2", "p1"]);
      await store.discardDraft("p1");
      store = await harness.reopen(store);
      expect(await store.draft("p1")).toBeUndefined();
      expect((await store.drafts()).map((d) => d.postId)).toEqual(["p2"]);
      await store.close();
    });
  });
}
