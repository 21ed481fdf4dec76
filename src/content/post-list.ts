import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isContentError, type ContentProblem } from "./content-error";
import { isGone, readContentFileSync, resolvedRoot } from "./content-file";
import type { Post, PostJson, PostSummary } from "./posts";

// What is done with the blog as a whole: which files are posts, reading them, unique
// slugs, which are published, their public JSON. Light on purpose (no zod, no Markdown):
// the build's main thread runs it while worker threads parse (src/content/content-pipeline.ts).

/** A post file: its absolute path, and the path problems and the summary name it by (`content/blog/oak.md`). */
export interface PostFile {
  abs: string;
  shown: string;
}

/**
 * The post files in content/blog: each `name.md`, and each `name/index.md` (a post in
 * a folder of its own, with its photos beside it), in name order. Dot files are editor
 * backups and lock files. No blog folder: no posts.
 */
export async function listPostFiles(blogDir: string): Promise<PostFile[]> {
  const entries = await readdir(blogDir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const candidates = entries.flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return [path.join(blogDir, entry.name, "index.md")];
    return entry.name.endsWith(".md") ? [path.join(blogDir, entry.name)] : [];
  });
  // A folder without index.md is not a post (photos only, or work in progress). Only those are looked at:
  // a stat per file costs a third of a second with 4,000 posts, and a file that cannot be read is reported when read.
  const present = await Promise.all(candidates.map((file) => path.basename(file) !== "index.md" || stat(file).then(() => true, () => false)));
  // Each file is in the folder: its shown path is the folder's (relative to where the command runs) and its own
  // part (path.relative per file was a tenth of a rebuild with 4,000 posts).
  const dir = path.join(blogDir, ".");
  const shownDir = path.relative(process.cwd(), dir).split(path.sep).join("/");
  const shown = (abs: string) => {
    const own = abs.slice(dir.length + 1).split(path.sep).join("/");
    return shownDir ? `${shownDir}/${own}` : own;
  };
  return candidates
    .filter((_, i) => present[i])
    .sort()
    .map((abs) => ({ abs, shown: shown(abs) }));
}

/**
 * Reads each file (checked to be inside `contentDir` and small enough) and hands its
 * text to `parse`, collecting every file's problems so the owner fixes them in one go.
 * Reads are synchronous: the build's worker threads run this with nothing else to do
 * meanwhile, and an async read costs several thread-pool round trips per file.
 * `parse` is where the threads differ: the build's workers skip files they already
 * have parsed and keep a clock on each parse (scripts/build-engine/render-worker.ts).
 */
export function readPostFiles<F extends PostFile, T>(contentDir: string, files: readonly F[], parse: (file: F, text: string) => T): { results: T[]; problems: ContentProblem[] } {
  const results: T[] = [];
  const problems: ContentProblem[] = [];
  const rootReal = resolvedRoot(contentDir);
  for (const file of files) {
    try {
      results.push(parse(file, readContentFileSync(contentDir, file.abs, file.shown, rootReal)));
    } catch (err) {
      // Removed since it was listed (a post deleted while another change's build runs): not a problem.
      if (isGone(file.abs)) continue;
      if (isContentError(err)) problems.push(...err.problems);
      else problems.push({ file: file.shown, field: "(file)", problem: `could not be read: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}` });
    }
  }
  return { results, problems };
}

/** One problem per post whose slug an earlier post already uses, naming both files. */
export function findDuplicateSlugs(posts: readonly Pick<Post, "slug" | "file">[]): ContentProblem[] {
  const firstFile = new Map<string, string>();
  const problems: ContentProblem[] = [];
  for (const post of posts) {
    const owner = firstFile.get(post.slug);
    if (owner === undefined) firstFile.set(post.slug, post.file);
    else problems.push({ file: post.file, field: "slug", problem: `"${post.slug}" is already used by ${owner}` });
  }
  return problems;
}

export interface SelectOptions {
  /** Drafts are shown only by the dev server. */
  includeDrafts?: boolean;
  /** Posts dated after this are not out yet. */
  now: Date;
}

/** The posts a visitor sees, newest first (same date: by slug). Pure: the clock is passed in. */
export function selectPublished<T extends Pick<Post, "slug" | "publishDate" | "draft">>(
  posts: readonly T[],
  { includeDrafts = false, now }: SelectOptions,
): T[] {
  return posts
    .filter((post) => (includeDrafts || !post.draft) && post.publishDate.getTime() <= now.getTime())
    .sort(
      (a, b) =>
        b.publishDate.getTime() - a.publishDate.getTime() || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
    );
}

/** The light shape for /api/blog and list pages. */
export function toPostSummary(post: Post): PostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    metaDescription: post.metaDescription,
    publishDate: post.publishDate.toISOString(),
    category: post.category ?? null,
    author: post.author,
    excerpt: post.excerpt,
    featured: post.featured,
    readingMinutes: post.readingMinutes,
    ...(post.cover ? { cover: post.cover } : {}),
  };
}

/** The full shape for /api/blog/{slug}. */
export function toPostJson(post: Post): PostJson {
  return { ...toPostSummary(post), content: post.content, html: post.html };
}
