import matter from "gray-matter";
import yaml from "js-yaml";
import { ContentError } from "./content-error";

// The only place that splits front matter from the body (posts.ts, fields.ts), with
// gray-matter (the design card's).
//
// Front matter is YAML and nothing else. gray-matter picks its parser from whatever
// follows the opening `---`, and its `javascript` engine (`---js`) runs the block with
// eval. So front matter must open with a bare `---` line, checked before gray-matter
// sees the text, and as a second guard every engine that is not YAML is replaced by one
// that refuses (grayMatterOptions). The YAML engine is js-yaml's CORE schema: no
// !!js/function tags (front-matter.test.ts), and no timestamp type, so
// `publishDate: 2025-02-30` stays the text the owner wrote instead of rolling over to
// March 2; the post schema checks the calendar (posts.ts).

export interface SplitFile {
  /** The parsed YAML; `{}` when the file has no front matter. */
  data: Record<string, unknown>;
  /** The Markdown below the front matter. */
  body: string;
}

/** The text without one leading byte-order mark. */
const withoutBom = (source: string) => (source.startsWith("\uFEFF") ? source.slice(1) : source);
/** True when the text's first line opens front matter: `---`, but not `----` (a file that starts so has no front matter). */
const opensFrontMatter = (text: string) => text.startsWith("---") && text[3] !== "-";

/**
 * True when the text opens front matter with anything after `---` on that line
 * (`---js`, `--- toml`). One byte-order mark is dropped first, as split() below does.
 */
export function namesFrontMatterLanguage(source: string): boolean {
  const text = withoutBom(source);
  if (!opensFrontMatter(text)) return false;
  const lineEnd = text.indexOf("\n");
  return /\S/.test(text.slice(3, lineEnd === -1 ? undefined : lineEnd));
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() ?? "unknown error";

/** js-yaml's error: `reason` in its words, `mark` where it stopped (0-based, counted from the opening `---` line). */
interface YamlError {
  reason: string;
  mark: { line: number; column: number };
}
const isYamlError = (error: unknown): error is YamlError =>
  typeof error === "object" && error !== null && "reason" in error && typeof error.reason === "string" &&
  "mark" in error && typeof error.mark === "object" && error.mark !== null && "line" in error.mark && "column" in error.mark;

// `name: value` on one line, as front matter is written: indent (and list dash), name, separator, value.
const KEY_LINE = /^(\s*(?:-\s+)?)([^\s:#][^:]*?)(:\s+)(.*?)\s*$/;

interface KeyLine {
  key: string;
  value: string;
  /** 1-based column where the value starts. */
  valueColumn: number;
}
function keyLine(line: string | undefined): KeyLine | undefined {
  const m = KEY_LINE.exec(line ?? "");
  if (!m) return undefined;
  const [, indent = "", key = "", separator = "", value = ""] = m;
  return { key, value, valueColumn: indent.length + key.length + separator.length + 1 };
}

/** The fix for a `name: value` line YAML cannot read, or undefined when the line looks right. */
function hintForLine({ key, value }: KeyLine): string | undefined {
  const quote = value[0];
  if (quote === '"' || quote === "'") {
    const closes = value.indexOf(quote, 1);
    if (closes === -1) return `the value of ${key} opens a ${quote} but never closes it: end it with ${quote} on the same line`;
    if (!/^\s*(#.*)?$/.test(value.slice(closes + 1))) {
      return `the value of ${key} starts with a quote, so it must also end with one: put the whole value in single quotes, like ${key}: '${value.replaceAll("'", "''")}'`;
    }
    return undefined;
  }
  if (/:\s/.test(value)) return `a value that contains ": " must be in "double quotes": write ${key}: ${JSON.stringify(value)}`;
  if (/^[[{@`&*!|>%]/.test(value)) return `a value that starts with ${quote} must be in "double quotes": write ${key}: ${JSON.stringify(value)}`;
  return undefined;
}

/**
 * "line 2, column 15: <what to do>": where the mistake is in the file (the opening
 * `---` is line 1) and the fix for the mistake made there, in the owner's words. Only
 * a mistake it does not recognise keeps the YAML parser's own words.
 */
export function describeYamlError(source: string, error: unknown): string {
  if (!isYamlError(error)) return `could not be read: ${firstLine(error)}`;
  // js-yaml counts from the opening `---` line (its text starts with the rest of that line).
  const lines = withoutBom(source).split(/\r?\n/);
  const close = lines.findIndex((line, i) => i > 0 && /^---\s*$/.test(line));
  const last = close === -1 ? lines.length - 1 : close - 1;
  const index = Math.max(1, Math.min(error.mark.line, last));
  const column = error.mark.line > last ? 1 : error.mark.column + 1;
  const where = (i: number, col: number) => `line ${i + 1}, column ${col}`;
  const reason = error.reason;

  if (/duplicated mapping key/.test(reason)) {
    const key = keyLine(lines[index])?.key ?? (lines[index] ?? "").split(":")[0]?.trim();
    return `${where(index, 1)}: ${key} is written twice: keep one of the two lines`;
  }
  if (/^\s*\t/.test(lines[index] ?? "")) return `${where(index, 1)}: the line starts with a tab: indent with spaces`;
  // An unclosed quote is only noticed where the front matter ends: name the line that opened it.
  if (/quoted scalar/.test(reason)) {
    for (let i = 1; i <= index; i++) {
      const line = keyLine(lines[i]);
      const hint = line && /^["']/.test(line.value) ? hintForLine(line) : undefined;
      if (line && hint?.includes("never closes")) return `${where(i, line.valueColumn)}: ${hint}`;
    }
  }
  // js-yaml names the line where it gave up, which is often the start of the line after the mistake.
  for (const i of column === 1 ? [index - 1, index] : [index, index - 1]) {
    const line = i >= 1 ? keyLine(lines[i]) : undefined;
    const hint = line && hintForLine(line);
    if (line && hint) return `${where(i, i === index && column > 1 ? column : line.valueColumn)}: ${hint}`;
  }
  if (/bad indentation/.test(reason)) {
    const indent = (lines[index] ?? "").search(/\S/);
    return `${where(index, indent + 1)}: this line is indented differently from the lines around it: line the names up under each other, with spaces`;
  }
  return `${where(index, column)}: could not be read (${reason}): each line is a name, a colon, a space and a value, like title: Fall Leaf Cleanup`;
}

const notYaml = (): never => {
  throw new Error("front matter must be YAML");
};

/**
 * What splitFrontMatter passes gray-matter: YAML by js-yaml's CORE schema, and every
 * other name gray-matter knows (its lib/engines.js, and the aliases of lib/engine.js:
 * js, coffee, cson, ...) refuses; a name it does not know it refuses itself ("not
 * registered"). Passing options also keeps gray-matter from caching every source.
 */
export const grayMatterOptions = {
  language: "yaml",
  engines: {
    // Typed as gray-matter's engines are; a block that is a list or a lone value passes as it is, for the schemas to refuse.
    yaml: (text: string) => yaml.load(text, { schema: yaml.CORE_SCHEMA }) as object,
    javascript: notYaml,
    coffee: notYaml,
    json: notYaml,
    toml: notYaml,
  },
};

/** Splits YAML front matter from the body; throws a ContentError naming `file` for any other language or bad YAML. */
export function splitFrontMatter(file: string, source: string): SplitFile {
  if (namesFrontMatterLanguage(source)) throw new ContentError([{ file, field: "front matter", problem: "must be YAML" }]);
  try {
    const { data, content } = matter(source, grayMatterOptions);
    return { data, body: content };
  } catch (error) {
    throw new ContentError([{ file, field: "front matter", problem: describeYamlError(source, error) }]);
  }
}
