import { readdir } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { ContentError, type ContentProblem } from "./content-error";
import { readContentFile } from "./content-file";
import { splitFrontMatter } from "./front-matter";
import { didYouMean } from "./key-suggestions";

// Field builders and the Markdown-folder reader shared by the content kinds
// (services.ts, locations.ts, home.ts), so every file reports problems in the same words.

/** What a YAML/JSON value is, in the words of someone editing the file. */
function describeValue(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  // Quoting short text shows the exact typo ("mountian"); long text would bury the message.
  if (typeof value === "string") return value.length <= 40 ? JSON.stringify(value) : "text";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "true/false";
  if (value instanceof Date) return "a date";
  return typeof value === "object" ? "a group of fields" : typeof value;
}

const missingOr = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "required" : `expected ${expected}, got ${describeValue(issue.input)}`;

/** Required text; surrounding whitespace is trimmed and an empty value is an error. */
export const text = () => z.string({ error: missingOr("text") }).trim().min(1, "must not be empty");

/** A whole number from 1 up: display orders. */
export const order = () =>
  z
    .number({ error: missingOr("a whole number like 1") })
    .int("expected a whole number like 1")
    .min(1, "must be 1 or more");

/** A true/false switch that defaults to false when left out. */
export const flag = () => z.boolean({ error: missingOr("true or false") }).default(false);

/** Search-result snippet: Google shows about 155 characters, so longer ones get cut mid-sentence. */
export const metaDescription = () =>
  text().max(155, {
    error: (issue) =>
      `must be at most 155 characters so search results do not cut it off, got ${
        typeof issue.input === "string" ? issue.input.length : "more"
      }`,
  });

/**
 * A list with a count rule, worded for the editor: "expected exactly 3 features, got 2".
 * `max` defaults to `min` (an exact count); pass Infinity for "at least".
 */
export function list<T extends z.ZodType>(item: T, noun: string, min: number, max: number = min) {
  const expected =
    min === max ? `exactly ${min}` : Number.isFinite(max) ? `${min} to ${max}` : `at least ${min}`;
  return z.array(item, { error: missingOr(`a list of ${noun}`) }).refine((items) => items.length >= min && items.length <= max, {
    // Count whenever it is a list, even if some items have their own problems, but not after "got text".
    when: (payload) => Array.isArray(payload.value),
    error: (issue) => `expected ${expected} ${noun}, got ${Array.isArray(issue.input) ? issue.input.length : 0}`,
  });
}

/** One of a fixed set of names; the message lists them. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: missingOr(`one of ${values.join(", ")}`) });

/**
 * A group of named fields. Unknown fields are errors, not ignored, so a typo
 * such as `metaDescripton` is caught instead of rendering as nothing.
 */
export function group<S extends z.core.$ZodLooseShape>(shape: S) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== "unrecognized_keys") return missingOr("a group of fields")(issue);
      // `Title:` or `tittle:` for title: name the field meant.
      const [only] = issue.keys;
      if (issue.keys.length === 1 && only !== undefined) {
        return `unknown field ${JSON.stringify(only)}: ${didYouMean(only, known) ?? "check the spelling or remove it"}`;
      }
      const keys = issue.keys.map((key) => {
        const meant = didYouMean(key, known);
        return meant ? `${JSON.stringify(key)} (${meant})` : JSON.stringify(key);
      });
      return `unknown fields ${keys.join(", ")}: check the spelling or remove them`;
    },
  });
}

/** A titled card: service features, town features. */
export const card = () => group({ title: text(), description: text() });

/** `content/services/x.md` rather than an absolute path: build output and test messages read the same on every machine. */
export function relativePath(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join("/");
}

/** One Markdown file before validation: its front matter is still `unknown`. */
export interface MarkdownFile {
  /** Path relative to the working directory, for messages. */
  file: string;
  /** The file name without `.md`; it becomes the URL segment. */
  slug: string;
  data: unknown;
  /** The Markdown below the front matter, trimmed. */
  body: string;
}

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads every `*.md` file in `dir` (other files such as a README are ignored).
 * Unreadable files, links out of the content folder `root` (by default the parent
 * of `dir`), bad YAML and file names that cannot be URLs become problems instead
 * of exceptions, so one build run lists everything that needs fixing.
 */
export async function readMarkdownDir(
  dir: string,
  slugRule: { pattern: RegExp; hint: string } = { pattern: kebabCase, hint: "like tree-removal.md" },
  root: string = path.dirname(path.resolve(dir)),
): Promise<{ files: MarkdownFile[]; problems: ContentProblem[] }> {
  const problems: ContentProblem[] = [];
  let names: string[];
  try {
    // Dot files are editors' lock and backup files (.#tree-removal.md), as in content/blog.
    names = (await readdir(dir)).filter((name) => name.endsWith(".md") && !name.startsWith(".")).sort();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { files: [], problems: [{ file: relativePath(dir), field: "(folder)", problem: `cannot read the folder: ${reason}` }] };
  }

  const files: MarkdownFile[] = [];
  for (const name of names) {
    const absolute = path.join(dir, name);
    const file = relativePath(absolute);
    const slug = name.slice(0, -".md".length);
    if (!slugRule.pattern.test(slug)) {
      problems.push({
        file,
        field: "(file name)",
        problem: `the file name becomes the page URL: use lowercase words joined by hyphens, ${slugRule.hint}`,
      });
      continue;
    }
    try {
      const { data, body } = splitFrontMatter(file, await readContentFile(root, absolute, file));
      files.push({ file, slug, data, body: body.trim() });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
    }
  }
  return { files, problems };
}

/**
 * Problems for values that must be unique across files (orders, names): the
 * second and later files that reuse a value are reported, naming the first.
 */
export function duplicateProblems<T extends { file: string }>(
  items: readonly T[],
  field: string,
  valueOf: (item: T) => string | number,
): ContentProblem[] {
  const firstFile = new Map<string | number, string>();
  const problems: ContentProblem[] = [];
  for (const item of items) {
    const value = valueOf(item);
    const earlier = firstFile.get(value);
    if (earlier === undefined) firstFile.set(value, item.file);
    else problems.push({ file: item.file, field, problem: `${JSON.stringify(value)} is already used by ${earlier}` });
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Services: content/services/{slug}.md, one page each at /services/{slug}.
// ---------------------------------------------------------------------------

/** Picks the card and hero icon; the page maps each name to an SVG. */
