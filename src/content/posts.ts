import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { ContentError, problemsFromZod, type ContentProblem } from "./content-error";
import { readContentFile } from "./content-file";
import { splitFrontMatter } from "./front-matter";
import { readingMinutes, renderMarkdownWithSummary } from "./markdown";
import type { Site } from "./site";

const DATE_HINT = "expected a date like 2025-03-01";
const SLUG_HINT = "expected lowercase words joined by hyphens, like spring-pruning-tips";
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EXCERPT_LENGTH = 160;

/** "is required" when the key is missing, `expected` when it has the wrong kind of value. */
const requiredOr = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "is required" : expected;

/** Optional text; an empty value (`category:` with nothing after it) counts as not given. */
const optionalText = z
  .string({ error: "expected text" })
  .trim()
  .nullish()
  .transform((value) => value || undefined);

const flag = z.boolean({ error: "expected true or false" }).default(false);

// YYYY-MM-DD, or an ISO time: 2025-03-01T09:30, 2025-03-01T09:30:00Z, 2025-03-01T09:30-05:00
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A real calendar date (no 2025-02-30) as a Date. A time without a zone is read as UTC
 * so that the build gives the same result on every machine.
 */
function parseIsoDate(text: string): Date | undefined {
  const m = ISO_DATE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "00", mi = "00", s = "00", zone] = m;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    return undefined;
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const offset = zone === undefined || zone === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

// gray-matter's YAML already turns an unquoted 2025-03-01 into a Date; a quoted one stays text.
const publishDate = z
  .union([z.date(), z.string()], { error: requiredOr(DATE_HINT) })
  .transform((value, ctx) => {
    const date = typeof value === "string" ? parseIsoDate(value) : value;
    if (date) return date;
    ctx.addIssue({ code: "custom", message: DATE_HINT });
    return z.NEVER;
  });

/**
 * The front matter of content/blog/*.md (see shared/CONTRACT.md). Unknown keys are
 * ignored; a known key with the wrong kind of value is an error. Defaults that need
 * the file name, the site or the body (slug, author, excerpt, metaDescription) are
 * filled in by parsePost.
 */
export const frontMatterSchema = z.object(
  {
    title: z.string({ error: requiredOr("expected text") }).trim().min(1, "is required"),
    publishDate,
    slug: optionalText.refine((slug) => slug === undefined || SLUG_PATTERN.test(slug), SLUG_HINT),
    category: optionalText,
    author: optionalText,
    excerpt: optionalText,
    metaDescription: optionalText,
    featured: flag,
    draft: flag,
  },
  { error: "expected front matter keys such as title: and publishDate:" },
);

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** One parsed post: its front matter with every default settled, plus what the build derives. */
export type Post = Omit<FrontMatter, "slug" | "author" | "excerpt" | "metaDescription"> & {
  /** Stable across builds: derived from the slug only. */
  id: string;
  /** Where the post came from, as given to parsePost (e.g. `content/blog/x.md`); used in error messages. */
  file: string;
  slug: string;
  author: string;
  excerpt: string;
  metaDescription: string;
  /** The Markdown body without front matter. */
  content: string;
  /** The sanitized HTML of the body. */
  html: string;
  readingMinutes: number;
};

/** What /api/blog lists and list pages need: no body, so 4,000 posts stay light. */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  metaDescription: string;
  publishDate: string;
  category: string | null;
  author: string;
  excerpt: string;
  featured: boolean;
  readingMinutes: number;
}

/** /api/blog/{slug}: the summary plus the body (fields as in shared/CONTRACT.md). */
export interface PostJson extends PostSummary {
  content: string;
  html: string;
}

/** First 16 hex digits of sha256(slug). */
export const postId = (slug: string): string => createHash("sha256").update(slug).digest("hex").slice(0, 16);

/** Cuts `text` to about `max` characters at a word boundary, ending with "…" when cut. */
export function truncateOnWord(text: string, max = EXCERPT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.!?\-–—]+$/u, "")}…`;
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() ?? "unknown error";

/**
 * Parses one post. Pure (no file system), so the build may run it in worker threads.
 * `file` is only used for the slug default and in messages. Throws a ContentError
 * listing every problem in the file.
 */
export function parsePost(file: string, source: string, site: Site): Post {
  const parsed = splitFrontMatter(file, source);
  const result = frontMatterSchema.safeParse(parsed.data);
  const problems: ContentProblem[] = result.success ? [] : problemsFromZod(file, result.error);

  const fileSlug = path.posix.basename(file.replaceAll("\\", "/"), ".md");
  if (result.success && result.data.slug === undefined && !SLUG_PATTERN.test(fileSlug)) {
    problems.push({
      file,
      field: "slug",
      problem: `the file name "${fileSlug}" can't be the slug: rename the file to lowercase words joined by hyphens (like spring-pruning-tips.md) or add a slug: line`,
    });
  }
  if (!result.success || problems.length > 0) throw new ContentError(problems);

  const data = result.data;
  const slug = data.slug ?? fileSlug;
  const content = parsed.body;
  const { html, firstParagraph } = renderMarkdownWithSummary(content);
  const excerpt = data.excerpt ?? truncateOnWord(firstParagraph);
  return {
    ...data,
    id: postId(slug),
    file,
    slug,
    author: data.author ?? site.name,
    excerpt,
    metaDescription: data.metaDescription ?? excerpt,
    content,
    html,
    readingMinutes: readingMinutes(content),
  };
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

/** Throws a ContentError when two posts share a slug. */
export function checkUniqueSlugs(posts: readonly Pick<Post, "slug" | "file">[]): void {
  const problems = findDuplicateSlugs(posts);
  if (problems.length > 0) throw new ContentError(problems);
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

export interface LoadPostsOptions {
  includeDrafts?: boolean;
  /** The content folder every post must resolve inside; defaults to the parent of `dir`. */
  root?: string;
  /** Defaults to the current time. */
  now?: Date;
}

// Bounded so that 4,000 posts never hold 4,000 open files at once.
const READ_BATCH = 64;

type ReadResult = { file: string; source: string } | { file: string; problem: ContentProblem };

async function readSources(root: string, dir: string, names: readonly string[]): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for (let i = 0; i < names.length; i += READ_BATCH) {
    const batch = names.slice(i, i + READ_BATCH).map(async (name): Promise<ReadResult> => {
      const absolute = path.resolve(dir, name);
      const file = path.relative(process.cwd(), absolute).split(path.sep).join("/");
      try {
        return { file, source: await readContentFile(root, absolute, file) };
      } catch (error) {
        if (error instanceof ContentError && error.problems[0]) return { file, problem: error.problems[0] };
        throw error;
      }
    });
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/**
 * Reads and parses every `*.md` in `dir` (file-name order), checks slugs are unique,
 * and returns the published posts, newest first. Files are named relative to the
 * working directory (`content/blog/x.md`). Every problem in every file is reported
 * in one ContentError, so the owner can fix them all in one go.
 */
export async function loadPosts(dir: string, site: Site, opts: LoadPostsOptions = {}): Promise<Post[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new ContentError([{ file: dir, field: "(folder)", problem: `could not be read: ${firstLine(error)}` }]);
  }
  // Dot files are editor backups and lock files, not posts.
  const postNames = names.filter((name) => name.endsWith(".md") && !name.startsWith(".")).sort();

  const posts: Post[] = [];
  const problems: ContentProblem[] = [];
  for (const read of await readSources(opts.root ?? path.dirname(path.resolve(dir)), dir, postNames)) {
    if ("problem" in read) {
      problems.push(read.problem);
      continue;
    }
    try {
      posts.push(parsePost(read.file, read.source, site));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
    }
  }
  problems.push(...findDuplicateSlugs(posts));
  if (problems.length > 0) throw new ContentError(problems);

  return selectPublished(posts, { includeDrafts: opts.includeDrafts ?? false, now: opts.now ?? new Date() });
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
  };
}

/** The full shape for /api/blog/{slug}. */
export function toPostJson(post: Post): PostJson {
  return { ...toPostSummary(post), content: post.content, html: post.html };
}
