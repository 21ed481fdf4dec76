import matter from "gray-matter";
import { ContentError } from "./content-error";

// The only place that splits front matter from the body (posts.ts, fields.ts).
//
// gray-matter picks its parser from whatever follows the opening `---`, and
// `---js` runs the block with eval. So front matter must open with a bare `---`
// line (checked before gray-matter sees the text), and as a second guard the
// engines that run code are replaced by ones that refuse. Its YAML engine is
// js-yaml's safeLoad, which knows no !!js/function tags (front-matter.test.ts).

// The usual cause of a YAML error in front matter written by hand.
const YAML_HINT = '(tip: a value that contains ": " must be in "double quotes")';

const notYaml = (): object => {
  throw new Error("front matter must be YAML");
};
/**
 * What splitFrontMatter passes gray-matter: every name it maps to a code or
 * non-YAML engine (its lib/engine.js aliases) refuses. Exported for its test.
 */
export const grayMatterOptions = {
  engines: { javascript: notYaml, js: notYaml, coffee: notYaml, coffeescript: notYaml, cson: notYaml, json: notYaml, toml: notYaml },
};

export interface SplitFile {
  /** The parsed YAML; `{}` when the file has no front matter. */
  data: Record<string, unknown>;
  /** The Markdown below the front matter. */
  body: string;
}

/**
 * True when the text opens front matter with anything after `---` on that line
 * (`---js`, `--- toml`). gray-matter drops one byte-order mark first, so this does too.
 */
export function namesFrontMatterLanguage(source: string): boolean {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  // `----` is not an opening line for gray-matter: it reads the file as having no front matter.
  if (!text.startsWith("---") || text[3] === "-") return false;
  const lineEnd = text.indexOf("\n");
  return /\S/.test(text.slice(3, lineEnd === -1 ? undefined : lineEnd));
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() ?? "unknown error";

/** Splits YAML front matter from the body; throws a ContentError naming `file` for any other language or bad YAML. */
export function splitFrontMatter(file: string, source: string): SplitFile {
  if (namesFrontMatterLanguage(source)) throw new ContentError([{ file, field: "front matter", problem: "must be YAML" }]);
  try {
    // Passing options also turns off gray-matter's cache, which would keep every source in memory.
    const parsed = matter(source, grayMatterOptions);
    return { data: parsed.data, body: parsed.content };
  } catch (error) {
    const reason = firstLine(error).replace(/:$/, "");
    throw new ContentError([{ file, field: "front matter", problem: `could not be read: ${reason} ${YAML_HINT}` }]);
  }
}
