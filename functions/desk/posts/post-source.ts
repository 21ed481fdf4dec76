import { splitFrontMatter } from "../../../src/content/front-matter";

// A post file (and a job of "Our work", the desk server's work/jobs-desk.ts: the same kind of
// file, other keys) as the desk reads and writes it: the same text a person would write by
// hand. Opening a post and saving it unchanged gives the same bytes; a changed field
// rewrites only its own line, in place; a new key goes where a person puts it (KEY_ORDER);
// comments, unknown keys, blank lines and line ends stay as they were. Pure: the file
// itself is read and written by post-files.ts. Parsing the YAML is src/content/front-matter.ts's.

/** The keys the desk edits, in the order a person writes them (README, npm run new-post, content/blog). */
export const KEY_ORDER = ["title", "slug", "publishDate", "category", "featured", "excerpt", "metaDescription", "author", "image", "imageAlt", "draft"] as const;
export type PostKey = (typeof KEY_ORDER)[number];

export type KeyValue = string | boolean;
/** The desk's keys as a file has them; a key the file does not have is left out. */
export type PostValues = Partial<Record<PostKey, KeyValue>>;

export interface PostSource {
  /** Everything before the text: byte-order mark, front matter and the blank lines after it. */
  head: string;
  /** The post's text as the editor shows it: from its first non-blank line. */
  body: string;
  /** The front matter as parsed (every key, the desk's and others). */
  data: Record<string, unknown>;
  newline: "\n" | "\r\n";
}

/** Splits a post file; throws the parser's ContentError (naming `file`) for front matter it cannot read. */
export function readPostSource(file: string, text: string): PostSource {
  const { data, body: afterFrontMatter } = splitFrontMatter(file, text);
  // The parser's body is the end of the file (after one byte-order mark and the closing line).
  const bodyStart = text.endsWith(afterFrontMatter) ? text.length - afterFrontMatter.length : 0;
  const leadingBlank = /^(?:[ \t]*\r?\n)*/.exec(text.slice(bodyStart))?.[0].length ?? 0;
  const split = bodyStart + leadingBlank;
  return { head: text.slice(0, split), body: text.slice(split), data, newline: /^[^\n]*\r\n/.test(text) ? "\r\n" : "\n" };
}

/** The desk's keys of a post as its form shows them: text stays text, true/false stays a switch. */
export function postValues(source: PostSource): PostValues {
  const values: PostValues = {};
  for (const key of KEY_ORDER) {
    const value = source.data[key];
    if (value === undefined || value === null) continue;
    values[key] = typeof value === "boolean" ? value : typeof value === "string" ? value : String(value);
  }
  return values;
}

const lf = (text: string) => text.replaceAll("\r\n", "\n");

/** The same value as far as the file is concerned; an empty text is no value (the schema reads it so). */
function sameValue(written: unknown, wanted: KeyValue | undefined): boolean {
  const isNone = (v: unknown) => v === undefined || v === null || v === "";
  if (isNone(written) || isNone(wanted)) return isNone(written) && isNone(wanted);
  if (typeof wanted === "boolean") return written === wanted;
  return typeof written !== "boolean" && String(written) === wanted;
}

/**
 * The file text for `values` (the desk's keys: a key left out is removed) and `body`.
 * `original` is the file as it was (undefined: a new file). Unchanged keys keep their
 * lines as written; a body equal to the original but for line ends keeps the original's
 * bytes (a textarea turns CRLF into LF).
 */
export function writePostSource(original: PostSource | undefined, values: PostValues, body: string): string {
  return writeSource(original, values, body, KEY_ORDER);
}

/** writePostSource for a file of other keys (`keys`, in the order a person writes them): a job's. */
export function writeSource(original: PostSource | undefined, values: Readonly<Partial<Record<string, KeyValue>>>, body: string, keys: readonly string[]): string {
  const newline = original?.newline ?? "\n";
  const text =
    original && lf(original.body) === lf(body) ? original.body : body === "" || body.endsWith("\n") ? lf(body).replaceAll("\n", newline) : `${lf(body)}\n`.replaceAll("\n", newline);
  if (!original || !original.head.startsWith("---") && !original.head.startsWith("\uFEFF---")) {
    const lines = keys.flatMap((key) => {
      const value = values[key];
      return value === undefined || value === "" || value === false ? [] : [keyLine(key, value)];
    });
    return ["---", ...lines, "---", "", ""].join(newline) + (original ? original.head : "") + text;
  }
  return editHead(original, values, keys) + text;
}

/** A top-level key's line: `name:` at the start of a line. */
const KEY_START = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)/;

interface KeyBlock {
  key: string;
  /** Its first line and the lines after it that belong to its value (indented, or a block scalar's blank lines). */
  start: number;
  end: number;
}

/** The front matter's lines with the blocks of its top-level keys. */
function keyBlocks(lines: readonly string[], close: number): KeyBlock[] {
  const blocks: KeyBlock[] = [];
  for (let i = 1; i < close; i++) {
    const key = KEY_START.exec(lines[i] ?? "")?.[1];
    if (key === undefined) continue;
    let end = i + 1;
    // Indented lines (a list, a folded value) and blank lines followed by more of them belong to the key.
    for (let j = i + 1; j < close; j++) {
      const line = lines[j] ?? "";
      if (/^[ \t]+\S/.test(line)) end = j + 1;
      else if (line.trim() !== "") break;
    }
    blocks.push({ key, start: i, end });
    i = end - 1;
  }
  return blocks;
}

function editHead(original: PostSource, values: Readonly<Partial<Record<string, KeyValue>>>, keys: readonly string[]): string {
  const { head, newline, data } = original;
  const bom = head.startsWith("\uFEFF") ? "\uFEFF" : "";
  const lines = head.slice(bom.length).split(newline);
  // The closing line: the first after the opening one that starts with --- (as the parser reads it).
  const close = lines.findIndex((line, i) => i > 0 && line.startsWith("---"));
  if (close === -1) throw new Error("post-source: front matter without a closing line");
  const blocks = keyBlocks(lines, close);
  const replaced = new Map<number, string[]>();
  const removed = new Set<number>();
  const added: { after: number; line: string }[] = [];
  for (const key of keys) {
    const wanted = values[key];
    if (sameValue(data[key], wanted)) continue;
    const block = blocks.find((b) => b.key === key);
    const empty = wanted === undefined || wanted === "";
    if (block) {
      if (empty) for (let i = block.start; i < block.end; i++) removed.add(i);
      else {
        replaced.set(block.start, [keyLine(key, wanted, trailingComment(lines[block.start] ?? "", block.end - block.start === 1))]);
        for (let i = block.start + 1; i < block.end; i++) removed.add(i);
      }
    } else if (!empty) {
      added.push({ after: insertionLine(blocks, key, close, keys), line: keyLine(key, wanted) });
    }
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (!removed.has(i)) out.push(...(replaced.get(i) ?? [line]));
    out.push(...added.filter((a) => a.after === i).map((a) => a.line));
  });
  return bom + out.join(newline);
}

/** The line after which a new key goes: after the nearest key before it in `keys`, else before the nearest after it. */
function insertionLine(blocks: readonly KeyBlock[], key: string, close: number, keys: readonly string[]): number {
  const rank = keys.indexOf(key);
  const before = blocks.filter((b) => keys.indexOf(b.key) !== -1 && keys.indexOf(b.key) < rank);
  const last = before.at(-1);
  if (last) return last.end - 1;
  const after = blocks.find((b) => keys.indexOf(b.key) > rank);
  return after ? after.start - 1 : close - 1;
}

/** ` # a note` after a one-line value, kept when the value changes (npm run new-post writes them). */
function trailingComment(line: string, oneLine: boolean): string {
  if (!oneLine) return "";
  const value = line.slice(line.indexOf(":") + 1);
  let from = 0;
  const quote = value.trimStart()[0];
  if (quote === '"' || quote === "'") {
    const open = value.indexOf(quote);
    let i = open + 1;
    for (; i < value.length; i++) {
      if (quote === '"' && value[i] === "\\") i++;
      else if (value[i] === quote && quote === "'" && value[i + 1] === "'") i++;
      else if (value[i] === quote) break;
    }
    from = i + 1;
  }
  const comment = /[ \t]+#.*$/.exec(value.slice(from));
  return comment ? comment[0] : "";
}

/** `key: value` as a person writes it: bare when the YAML reads it back as the same value, else in double quotes. */
export function keyLine(key: string, value: KeyValue, comment = ""): string {
  if (typeof value === "boolean") return `${key}: ${value}${comment}`;
  const bare = `${key}: ${value}`;
  return (readsBackAs(bare, key, value) ? bare : `${key}: ${JSON.stringify(value)}`) + comment;
}

function readsBackAs(line: string, key: string, value: string): boolean {
  // A value with a colon reads back the same often enough, but people (and the README) quote times and titles with one.
  if (value !== value.trim() || /[:#]/.test(value) || value.includes("\n")) return false;
  try {
    return splitFrontMatter("(desk)", `---\n${line}\n---\n`).data[key] === value;
  } catch {
    return false;
  }
}
