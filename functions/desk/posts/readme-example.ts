import { readFileSync } from "node:fs";
import path from "node:path";

// The example post of the content guide (docs/content.md, linked from the README's "Blog posts"),
// made of its own snippets so that a change there is tested here: the example post (table,
// footnote, task list), with the cover lines and a photo line. Used by the desk's round-trip tests (posts/post-source.test.ts).

const readme = readFileSync(path.resolve(import.meta.dirname, "../../../docs/content.md"), "utf8");

const blocks = [...readme.matchAll(/```md\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

export function readmeExamplePost(): string {
  const post = blocks.find((b) => b.startsWith("---\ntitle:"));
  const cover = blocks.find((b) => b.startsWith("image:"));
  const photo = /`(!\[[^\]]+\]\(\.\/[^)]+\))`/.exec(readme)?.[1];
  if (!post || !cover || !photo) throw new Error("docs/content.md: the example post, its cover lines or its photo line moved; update readme-example.ts");
  const close = post.indexOf("\n---\n", 4);
  return `${post.slice(0, close + 1)}${cover}${post.slice(close + 1)}\n${photo}\n`;
}

/** The photo files the README's example names (its cover and the photo in its text). */
export function readmeExamplePhotos(): string[] {
  return [...readmeExamplePost().matchAll(/\.\/([\w-]+\.(?:jpe?g|png))/g)].map((m) => m[1] ?? "");
}
