import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, recordingLogger } from "../../../tests/test-support";
import { describePostsStore } from "../posts-store-behaviour";
import { createFilePostsStore, DRAFTS_FILE, PHOTOS_DIR } from "./posts-store";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
const dirs = new WeakMap<object, string>();

describePostsStore("JSON lines", {
  async open() {
    const { dir, cleanup } = await makeTempDir();
    cleanups.push(cleanup);
    const store = createFilePostsStore(dir, recordingLogger());
    dirs.set(store, dir);
    return store;
  },
  async reopen(store) {
    const dir = dirs.get(store)!;
    await store.close();
    const again = createFilePostsStore(dir, recordingLogger());
    dirs.set(again, dir);
    return again;
  },
});

describe("posts store files", () => {
  it("writes photos that are not executable, and rewrites the autosaves with only the newest of each", async () => {
    const { dir, cleanup } = await makeTempDir();
    cleanups.push(cleanup);
    let store = createFilePostsStore(dir, recordingLogger());
    const sha = await store.putPhoto(Buffer.from("photo"));
    expect((await stat(path.join(dir, PHOTOS_DIR, sha))).mode & 0o111).toBe(0);
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.saveDraft({ postId: `p${i % 2}`, at: new Date(1_000_000 + i).toISOString(), state: { i } })));
    await store.close();
    store = createFilePostsStore(dir, recordingLogger());
    expect((await store.draft("p1"))?.state).toEqual({ i: 299 });
    expect((await readFile(path.join(dir, DRAFTS_FILE), "utf8")).trim().split("\n")).toHaveLength(2);
    expect((await readdir(dir)).filter((f) => f.startsWith("."))).toEqual([]);
    await store.close();
  });
});
