// Changing a JSON file the way a person would: only the values that changed move; every other
// byte (spacing, one-line objects, key order) stays. The desk writes content/site.json and
// content/home.json with it, so a diff of the file shows exactly what the owner changed.

type JsonNode =
  | { kind: "object"; start: number; end: number; members: { key: string; keyStart: number; value: JsonNode }[] }
  | { kind: "array"; start: number; end: number; items: JsonNode[] }
  | { kind: "scalar"; start: number; end: number };

/** The spans of every value in `text`, which JSON.parse has accepted. */
function parseSpans(text: string): JsonNode {
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  };
  const string = () => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    space();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const members: { key: string; keyStart: number; value: JsonNode }[] = [];
      space();
      while (text[i] !== "}") {
        space();
        const keyStart = i;
        const key = string();
        space();
        i++; // :
        members.push({ key, keyStart, value: value() });
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
      return { kind: "object", start, end: i, members };
    }
    if (c === "[") {
      i++;
      const items: JsonNode[] = [];
      space();
      while (text[i] !== "]") {
        items.push(value());
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
      return { kind: "array", start, end: i, items };
    }
    if (c === '"') {
      string();
      return { kind: "scalar", start, end: i };
    }
    while (i < text.length && /[^\s,\]}]/.test(text[i] ?? "")) i++;
    return { kind: "scalar", start, end: i };
  };
  return value();
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The indentation of the line `at` is on. */
function indentAt(text: string, at: number): string {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
}

/** A value on one line, as this repository's JSON writes short objects: `{ "name": "X", "url": "..." }`, `["a", "b"]`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? "{}" : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** A value in the style of `like` (the text it replaces, or a sibling's): on one line if that is, else indented from `indent`. */
function serialize(value: unknown, like: string, indent: string): string {
  if (!like.includes("\n")) return inline(value);
  return JSON.stringify(value, null, 2).replaceAll("\n", `\n${indent}`);
}

/**
 * Removals from a list of entries (object members or array items), each as the text from the
 * end of the entry before it to its own end (`, "key": value`); leading ones up to the first
 * entry kept. `starts[i]`: where entry i begins (its key, or the value itself).
 */
function removals(starts: number[], ends: number[], removed: boolean[]): Edit[] {
  const edits: Edit[] = [];
  const firstKept = removed.findIndex((r) => !r);
  if (firstKept > 0) edits.push({ start: starts[0] ?? 0, end: starts[firstKept] ?? 0, text: "" });
  removed.forEach((r, i) => {
    if (r && i > firstKept) edits.push({ start: ends[i - 1] ?? 0, end: ends[i] ?? 0, text: "" });
  });
  return edits;
}

/** Text to append after entry `last` of a container: the separator its entries use, then each new entry. */
function appended(text: string, node: { start: number }, starts: number[], ends: number[], last: number, entries: string[]): Edit[] {
  const end = ends[last] ?? node.start;
  // What comes between two entries here (", " or ",\n    "), taken from the last pair, or from the container's opening.
  const separator = last > 0 ? text.slice(ends[last - 1], starts[last]) : `,${text.slice(node.start + 1, starts[0]) || " "}`;
  return [{ start: end, end, text: entries.map((entry) => `${separator}${entry}`).join("") }];
}

function diff(text: string, node: JsonNode, before: unknown, after: unknown): Edit[] {
  if (same(before, after)) return [];
  const replace = (): Edit[] => [{ start: node.start, end: node.end, text: serialize(after, text.slice(node.start, node.end), indentAt(text, node.start)) }];

  if (node.kind === "object" && isPlainObject(before) && isPlainObject(after)) {
    const kept = node.members.map((m) => m.key in after && after[m.key] !== undefined);
    if (!kept.some(Boolean)) return replace();
    const starts = node.members.map((m) => m.keyStart);
    const ends = node.members.map((m) => m.value.end);
    const edits = node.members.flatMap((m, i) => (kept[i] ? diff(text, m.value, before[m.key], after[m.key]) : []));
    edits.push(...removals(starts, ends, kept.map((k) => !k)));
    const added = Object.entries(after).filter(([key, value]) => value !== undefined && !node.members.some((m) => m.key === key));
    if (added.length > 0) {
      const last = kept.lastIndexOf(true);
      const like = text.slice(starts[last], ends[last]);
      const indent = indentAt(text, starts[last] ?? node.start);
      edits.push(...appended(text, node, starts, ends, last, added.map(([key, value]) => `${JSON.stringify(key)}: ${serialize(value, like, indent)}`)));
    }
    return edits;
  }

  if (node.kind === "array" && Array.isArray(before) && Array.isArray(after)) {
    if (after.length === 0 || node.items.length === 0) return replace();
    const starts = node.items.map((n) => n.start);
    const ends = node.items.map((n) => n.end);
    // Items taken out, the rest unchanged and in order (a removed row): cut just those.
    const removed = dropped(before, after);
    if (removed) return removals(starts, ends, removed);
    const common = Math.min(before.length, after.length);
    const edits = node.items.slice(0, common).flatMap((item, i) => diff(text, item, before[i], after[i]));
    if (after.length < before.length) edits.push(...removals(starts, ends, before.map((_, i) => i >= common)));
    if (after.length > before.length) {
      const last = common - 1;
      const like = text.slice(starts[last], ends[last]);
      const indent = indentAt(text, starts[last] ?? node.start);
      edits.push(...appended(text, node, starts, ends, last, after.slice(common).map((value) => serialize(value, like, indent))));
    }
    return edits;
  }

  return replace();
}

/** For each item of `before`, whether it is missing from `after`, when `after` is `before` with some items left out; else undefined (also yaml-edit.ts's). */
export function dropped(before: unknown[], after: unknown[]): boolean[] | undefined {
  if (after.length >= before.length) return undefined;
  const removed: boolean[] = [];
  let j = 0;
  for (const item of before) {
    const keep = j < after.length && same(item, after[j]);
    removed.push(!keep);
    if (keep) j++;
  }
  return j === after.length ? removed : undefined;
}

/**
 * `text` (a JSON file) changed to hold `after`, touching only what differs from what it holds
 * now. New keys go at the end of their object; a removed entry takes its comma with it.
 */
export function editJson(text: string, after: unknown): string {
  const before: unknown = JSON.parse(text);
  const edits = diff(text, parseSpans(text), before, after).sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}
