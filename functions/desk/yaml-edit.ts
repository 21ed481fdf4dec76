import yaml from "js-yaml";
import { dropped, isPlainObject, same } from "./json-edit";

// Changing a Markdown file's YAML front matter the way a person would (the YAML twin of
// json-edit.ts): only the values that changed are rewritten, in place; every other byte
// (comments, quoting, blank lines, key order, line ends, the Markdown below) stays. The desk
// writes content/services/*.md and content/locations/*.md with it. Where each value sits in the
// text comes from js-yaml itself (its `listener`, the parser the build reads the files with:
// src/content/front-matter.ts), and the result is read back and compared before it is returned.

type Node =
  | { kind: "mapping"; start: number; end: number; pairs: { key: Node; value: Node }[] }
  | { kind: "sequence"; start: number; end: number; items: Node[] }
  | { kind: "scalar"; start: number; end: number };

interface Raw {
  open: number;
  close: number;
  kind: string | null;
  children: Raw[];
}

/** The nodes of `text` (YAML) with the spans js-yaml read them from. */
function parseSpans(text: string): Node {
  const stack: Raw[] = [{ open: 0, close: 0, kind: null, children: [] }];
  yaml.load(text, {
    schema: yaml.CORE_SCHEMA,
    listener(event: "open" | "close", state: { position: number; kind: string | null }) {
      if (event === "open") stack.push({ open: state.position, close: state.position, kind: null, children: [] });
      else {
        const node = stack.pop()!;
        node.close = state.position;
        node.kind = state.kind;
        stack.at(-1)!.children.push(node);
      }
    },
  });
  const root = stack[0]!.children[0];
  if (!root) throw new Error("yaml-edit: the front matter is empty");
  return shape(text, root);
}

/** A node's text starts at its first character that is not a space, line end or comment. */
function valueStart(text: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1] ?? " "))) while (i < to && text[i] !== "\n") i++;
    else break;
  }
  return i;
}

/** And ends at its last character that is not a space or line end (a block scalar's close is the next line). */
function valueEnd(text: string, start: number, close: number): number {
  let i = close;
  while (i > start && /\s/.test(text[i - 1] ?? "")) i--;
  return i;
}

function shape(text: string, raw: Raw): Node {
  const start = valueStart(text, raw.open, raw.close);
  const end = Math.max(start, valueEnd(text, start, raw.close));
  if (raw.kind === "mapping") {
    const pairs: { key: Node; value: Node }[] = [];
    for (let i = 0; i + 1 < raw.children.length; i += 2) pairs.push({ key: shape(text, raw.children[i]!), value: shape(text, raw.children[i + 1]!) });
    return { kind: "mapping", start, end, pairs };
  }
  if (raw.kind === "sequence") return { kind: "sequence", start, end, items: raw.children.map((c) => shape(text, c)) };
  return { kind: "scalar", start, end };
}

interface Edit {
  start: number;
  end: number;
  text: string;
}


function readsBack(line: string, value: unknown): boolean {
  try {
    return same((yaml.load(line, { schema: yaml.CORE_SCHEMA }) as { v?: unknown } | undefined)?.v, value);
  } catch {
    return false;
  }
}

/**
 * A value on one line as a person writes it: bare when YAML reads it back as the same value and
 * nothing in it looks like YAML (": ", " #", a leading quote), else in double quotes (JSON's
 * escapes are YAML's).
 */
export function yamlScalar(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const plain = text === text.trim() && text !== "" && !/[\n\r\t]|: |:$| #|^[-?:,[\]{}#&*!|>'"%@`]/.test(text) && readsBack(`v: ${text}`, text);
  return plain ? text : JSON.stringify(text);
}

/** A value in block style, each line after the first indented by `indent` (the first goes after `key: ` or `- `). */
function block(value: unknown, indent: string): { inline: boolean; text: string } {
  if (Array.isArray(value)) {
    if (value.length === 0) return { inline: true, text: "[]" };
    const lines = value.map((item) => {
      const inner = block(item, `${indent}  `);
      return `${indent}- ${inner.inline ? inner.text : inner.text.slice(indent.length + 2)}`;
    });
    return { inline: false, text: lines.join("\n") };
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return { inline: true, text: "{}" };
    const lines = entries.map(([k, v]) => {
      const inner = block(v, `${indent}  `);
      return inner.inline ? `${indent}${yamlScalar(k)}: ${inner.text}` : `${indent}${yamlScalar(k)}:\n${inner.text}`;
    });
    return { inline: false, text: lines.join("\n") };
  }
  return { inline: true, text: yamlScalar(value) };
}

const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
/** The position after the line end of the line `at` is on (or the text's end). */
function nextLine(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end === -1 ? text.length : end + 1;
}
const indentOf = (text: string, at: number) => text.slice(lineStart(text, at), at);
/** A block collection: its first item or key begins its own line (a flow one, `[a, b]` or `{a: 1}`, does not). */
const isBlock = (text: string, node: Node) => text[node.start] !== "[" && text[node.start] !== "{";

/** The lines of one entry, from its line's start to the end of its last line. */
function entryLines(text: string, first: number, last: Node): { start: number; end: number } {
  return { start: lineStart(text, first), end: nextLine(text, last.end) };
}

function diff(text: string, node: Node, before: unknown, after: unknown, order: readonly string[] | undefined, newline: string): Edit[] {
  if (same(before, after)) return [];
  const replace = (): Edit[] => {
    if (!Array.isArray(after) && !isPlainObject(after)) return [{ start: node.start, end: node.end, text: yamlScalar(after) }];
    // A list or group where there was a single value: in block style on the lines under its key.
    const indent = `${/^[ \t]*/.exec(text.slice(lineStart(text, node.start)))?.[0] ?? ""}  `;
    const made = block(after, indent);
    return [{ start: node.start, end: node.end, text: made.inline ? made.text : `\n${made.text}`.replaceAll("\n", newline) }];
  };

  if (node.kind === "mapping" && isPlainObject(before) && isPlainObject(after) && isBlock(text, node) && node.pairs.length > 0) {
    const edits: Edit[] = [];
    const keyText = (pair: { key: Node }) => text.slice(pair.key.start, pair.key.end);
    const keyOf = (pair: { key: Node }): string => String(yaml.load(keyText(pair), { schema: yaml.CORE_SCHEMA }));
    const present = node.pairs.map(keyOf);
    node.pairs.forEach((pair, i) => {
      const key = present[i]!;
      if (key in after && after[key] !== undefined) edits.push(...diff(text, pair.value, before[key], after[key], undefined, newline));
      else edits.push({ ...entryLines(text, pair.key.start, pair.value), text: "" });
    });
    const indent = indentOf(text, node.pairs[0]!.key.start);
    const rankOf = (key: string) => (order?.includes(key) ? order.indexOf(key) : Infinity);
    const added = Object.keys(after)
      .filter((key) => after[key] !== undefined && !present.includes(key))
      .sort((a, b) => (rankOf(a) === rankOf(b) ? 0 : rankOf(a) < rankOf(b) ? -1 : 1));
    // New keys by the place they go, in the order they come.
    const inserts = new Map<number, string[]>();
    for (const key of added) {
      // Where a person puts it: after the nearest key before it in `order` that the file has, else at the end.
      const rank = order?.indexOf(key) ?? -1;
      const before = rank > 0 ? order!.slice(0, rank).reverse().find((k) => present.includes(k)) : undefined;
      const pair = node.pairs[before !== undefined ? present.indexOf(before) : node.pairs.length - 1]!;
      const at = nextLine(text, pair.value.end);
      const made = block(after[key], `${indent}  `);
      inserts.set(at, [...(inserts.get(at) ?? []), made.inline ? `${indent}${yamlScalar(key)}: ${made.text}` : `${indent}${yamlScalar(key)}:\n${made.text}`]);
    }
    for (const [at, entries] of inserts) {
      edits.push({ start: at, end: at, text: (at === text.length && !text.endsWith("\n") ? newline : "") + `${entries.join("\n")}\n`.replaceAll("\n", newline) });
    }
    return edits;
  }

  if (node.kind === "sequence" && Array.isArray(before) && Array.isArray(after) && isBlock(text, node) && node.items.length > 0 && after.length > 0) {
    const edits: Edit[] = [];
    const dash = (item: Node) => text.lastIndexOf("-", item.start - 1);
    const removed = dropped(before, after);
    if (removed) return node.items.flatMap((item, i) => (removed[i] ? [{ ...entryLines(text, dash(item), item), text: "" }] : []));
    const common = Math.min(before.length, after.length);
    node.items.slice(0, common).forEach((item, i) => edits.push(...diff(text, item, before[i], after[i], undefined, newline)));
    node.items.slice(common).forEach((item) => edits.push({ ...entryLines(text, dash(item), item), text: "" }));
    if (after.length > before.length) {
      const last = node.items[common - 1]!;
      const at = nextLine(text, last.end);
      const indent = indentOf(text, dash(last));
      const made = block(after.slice(common), indent);
      edits.push({ start: at, end: at, text: (at === text.length && !text.endsWith("\n") ? newline : "") + `${made.text}\n`.replaceAll("\n", newline) });
    }
    return edits;
  }

  return replace();
}

/** Equal as data, whatever the order of keys. */
function sameData(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return same(keys(a), keys(b)) && keys(a).every((k) => sameData(a[k], b[k]));
  }
  return a === b;
}

export interface FrontMatterParts {
  /** From the file's start (a byte-order mark, the opening `---` line) to the YAML's first byte. */
  open: number;
  /** Where the closing `---` line starts. */
  close: number;
  /** The first byte of the Markdown body (after the closing line). */
  body: number;
}

/** Where the front matter of a Markdown file is, as the build's parser reads it (front-matter.ts). */
export function frontMatterParts(text: string): FrontMatterParts {
  const bom = text.startsWith("\uFEFF") ? 1 : 0;
  if (!text.startsWith("---", bom)) throw new Error("yaml-edit: the file has no front matter");
  const open = nextLine(text, bom);
  const closing = /^---/m;
  const rest = text.slice(open);
  const found = closing.exec(rest);
  if (!found) throw new Error("yaml-edit: the front matter is not closed");
  const close = open + found.index;
  return { open, close, body: nextLine(text, close) };
}

/**
 * `text` (a Markdown file with YAML front matter) with its front matter holding `after`, touching
 * only what differs from what it holds now; the body stays byte for byte. New keys go after the
 * key before them in `order` (the schema's order, as a person writes them). Throws when the
 * result would not read back as `after` (then nothing should be written).
 */
export function editFrontMatter(text: string, after: Record<string, unknown>, order?: readonly string[]): string {
  const { open, close } = frontMatterParts(text);
  const yamlText = text.slice(open, close);
  const before = yaml.load(yamlText, { schema: yaml.CORE_SCHEMA });
  if (!isPlainObject(before)) throw new Error("yaml-edit: the front matter is not a group of fields");
  const newline = /\r\n/.test(yamlText) ? "\r\n" : "\n";
  const edits = diff(yamlText, parseSpans(yamlText), before, after, order, newline).sort((a, b) => b.start - a.start || b.end - a.end);
  let result = yamlText;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  if (!sameData(yaml.load(result, { schema: yaml.CORE_SCHEMA }), JSON.parse(JSON.stringify(after)))) {
    throw new Error("yaml-edit: the edited front matter does not read back as intended");
  }
  return text.slice(0, open) + result + text.slice(close);
}

/** The file with its Markdown body replaced (line ends as the file has them), the front matter as it is. */
export function replaceBody(text: string, body: string): string {
  const { body: at } = frontMatterParts(text);
  const newline = /\r\n/.test(text) ? "\r\n" : "\n";
  const lead = /^(?:[ \t]*\r?\n)*/.exec(text.slice(at))?.[0] ?? "";
  const old = text.slice(at + lead.length);
  const lf = (s: string) => s.replaceAll("\r\n", "\n").trim();
  if (lf(old) === lf(body)) return text;
  const trimmed = lf(body);
  return text.slice(0, at) + (trimmed === "" ? "" : (lead || newline) + `${trimmed}\n`.replaceAll("\n", newline));
}

/** A new Markdown file: `data` as block YAML in its own key order, and the body. */
export function writeFrontMatter(data: Record<string, unknown>, body = ""): string {
  const made = block(data, "");
  return `---\n${made.text}\n---\n${body.trim() === "" ? "" : `\n${body.trim()}\n`}`;
}
