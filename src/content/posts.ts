import { hash } from "node:crypto";
import path from "node:path";
import * as z from "zod";
import { ContentError, problemsFromZod, type ContentProblem } from "./content-error";
import { findCategory } from "./blog-categories";
import { splitFrontMatter } from "./front-matter";
import { DATE_HINT, readIsoDate } from "./iso-date";
import { misspelledKeyProblems } from "./key-suggestions";
import { renderMarkdownWithSummary } from "./markdown";
import { namedPhoto } from "./named-photo";
import { SLUG_HINT, SLUG_PATTERN } from "./post-slug";
import type { Cover, Photo } from "./photo";
import type { Site } from "./site";

// The blog as a whole (listing, unique slugs, selection, public JSON) is in post-list.ts;
// loading everything is src/content/content-pipeline.ts.

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

// Front matter YAML leaves a date as the text written (front-matter.ts): readIsoDate checks the calendar.
const publishDate = z.string({ error: requiredOr(DATE_HINT) }).transform((value, ctx) => {
  const read = readIsoDate(value);
  if ("date" in read) return read.date;
  ctx.addIssue({ code: "custom", message: read.problem });
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
    /** The cover photo, beside the post (`./oak.jpg`); needs imageAlt. */
    image: optionalText,
    imageAlt: optionalText,
    featured: flag,
    draft: flag,
  },
  { error: "expected front matter keys such as title: and publishDate:" },
);

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** One parsed post: its front matter with every default settled, plus what the build derives. */
export type Post = Omit<FrontMatter, "slug" | "author" | "excerpt" | "metaDescription" | "image" | "imageAlt"> & {
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
  cover?: Cover;
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
  /** The cover photo with its description, when the post has one. */
  cover?: Cover;
}

/** /api/blog/{slug}: the summary plus the body (fields as in shared/CONTRACT.md). */
export interface PostJson extends PostSummary {
  content: string;
  html: string;
}

/** First 16 hex digits of sha256(slug). */
export const postId = (slug: string): string => hash("sha256", slug, "hex").slice(0, 16);

/** Cuts `text` to about `max` characters at a word boundary, ending with "…" when cut. */
export function truncateOnWord(text: string, max = EXCERPT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.!?\-–—]+$/u, "")}…`;
}

/**
 * Parses one post. Pure (no file system), so the build may run it in worker threads.
 * `file` is only used for the slug default and in messages. Throws a ContentError
 * listing every problem in the file.
 */
export function parsePost(file: string, source: string, site: Site, photos: Readonly<Record<string, Photo>> = {}): Post {
  const parsed = splitFrontMatter(file, source);
  const result = frontMatterSchema.safeParse(parsed.data);
  const problems: ContentProblem[] = result.success ? [] : problemsFromZod(file, result.error);
  // Other unknown keys are ignored; a near miss of a known one (`Title:`, `categroy:`) is a mistake.
  problems.push(...misspelledKeyProblems(file, parsed.data, Object.keys(frontMatterSchema.shape)));
  // The category must be on the blog's list (site.blogCategories); "storm prep" is written as the list writes it.
  const found = result.success && result.data.category !== undefined ? findCategory(result.data.category, site.blogCategories) : undefined;
  if (found && "problem" in found) problems.push({ file, field: "category", problem: found.problem });

  // content/blog/oak.md is "oak"; so is content/blog/oak/index.md (a folder with the post's photos).
  const posixFile = file.replaceAll("\\", "/");
  const fileSlug = path.posix.basename(posixFile) === "index.md" ? path.posix.basename(path.posix.dirname(posixFile)) : path.posix.basename(posixFile, ".md");
  if (result.success && result.data.slug === undefined && !SLUG_PATTERN.test(fileSlug)) {
    problems.push({
      file,
      field: "slug",
      problem: `the file name "${fileSlug}" can't be the slug: rename the file to lowercase words joined by hyphens (like spring-pruning-tips.md) or add a slug: line`,
    });
  }
  if (!result.success || problems.length > 0) throw new ContentError(problems);

  const { image, imageAlt, ...written } = result.data;
  const data = found && "category" in found ? { ...written, category: found.category.name } : written;
  const slug = data.slug ?? fileSlug;
  const content = parsed.body;
  const rendered = renderMarkdownWithSummary(content, { file, photos });
  // The cover: shown on the post, as its card's thumbnail, and as its share image.
  const cover = namedPhoto({ file, field: "image", altField: "imageAlt", src: image, alt: imageAlt, photos, problems: rendered.problems });
  if (rendered.problems.length > 0) throw new ContentError(rendered.problems);
  const { html, firstParagraph, readingMinutes } = rendered;
  const excerpt = data.excerpt ?? truncateOnWord(firstParagraph);
  return {
    ...data,
    ...(cover ? { cover } : {}),
    id: postId(slug),
    file,
    slug,
    author: data.author ?? site.name,
    excerpt,
    metaDescription: data.metaDescription ?? excerpt,
    content,
    html,
    readingMinutes,
  };
}

