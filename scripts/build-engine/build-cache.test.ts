import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Post } from "../../src/content/posts";
import { postCacheBytes, postRecordName, readPostCache, type CachedPost } from "./build-cache";

const cached = (n: number): CachedPost & { stamp: string } => ({
  sha: `sha-${n}`,
  stamp: `${n}:1764000000000.123`,
  post: {
    id: `id-${n}`,
    file: `content/blog/post-${n}.md`,
    slug: `post-${n}`,
    title: `Post "${n}" ’quoted’`,
    metaDescription: "A note.",
    publishDate: new Date(Date.UTC(2025, 0, 1 + (n % 28))),
    category: "Tree Care Tips",
    author: "Crew",
    excerpt: "First paragraph.",
    featured: n % 7 === 0,
    draft: false,
    readingMinutes: 2,
    content: `Body of ${n}\nwith a line break and a \\ backslash`,
    html: `<p>Body of ${n}</p>`,
  } satisfies Post,
});

describe("postCacheBytes", () => {
  it("gives the JSON of the whole record, made a slice at a time", async () => {
    for (const count of [0, 1, 250, 251, 600]) {
      const posts = Array.from({ length: count }, (_, n) => cached(n));
      const bytes = await postCacheBytes("the-key", posts);
      expect(bytes.toString()).toBe(JSON.stringify({ key: "the-key", posts: Object.fromEntries(posts.map((c) => [c.post.file, c])) }));
    }
  });

  it("is read back by the next build", async () => {
    const dir = await mkdtemp(join(tmpdir(), "post-cache-"));
    try {
      const posts = Array.from({ length: 300 }, (_, n) => cached(n));
      await writeFile(join(dir, postRecordName), await postCacheBytes("the-key", posts));
      const read = await readPostCache(dir, "the-key");
      expect(read.size).toBe(300);
      expect(read.get("content/blog/post-42.md")).toEqual({ sha: "sha-42", post: posts[42]?.post });
      expect((await readPostCache(dir, "another-key")).size).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
