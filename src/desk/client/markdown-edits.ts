// What the post editor's toolbar and keys do to the text (src/desk/client/post-editor.ts): pure
// functions from the text and the selection to one replacement, which the editor applies as
// typing would (so the browser's own undo takes it back). The owner never types Markdown; what
// is saved is the Markdown a person writes by hand (README "Add a blog post").

/** The text and the selection in it (textarea offsets). */
export interface Selection {
  text: string;
  start: number;
  end: number;
}

/** Replace text[from, to) with `insert`, then select [selectStart, selectEnd) of the new text. */
export interface Edit {
  from: number;
  to: number;
  insert: string;
  selectStart: number;
  selectEnd: number;
}

/** The edit's result, for tests and for applying it where the browser cannot (no execCommand). */
export function applyEdit(text: string, edit: Edit): Selection {
  return { text: text.slice(0, edit.from) + edit.insert + text.slice(edit.to), start: edit.selectStart, end: edit.selectEnd };
}

/**
 * Bold (`**`) or italic (`*`) around the selection, or taken off when it has it already. With
 * nothing selected, the word at the cursor; with no word there, a placeholder to type over.
 */
export function toggleInline(sel: Selection, mark: "**" | "*", placeholder: string): Edit {
  let { start, end } = sel;
  const { text } = sel;
  if (start === end) {
    // The word around the cursor.
    while (start > 0 && /[\p{L}\p{N}'’-]/u.test(text[start - 1] ?? "")) start--;
    while (end < text.length && /[\p{L}\p{N}'’-]/u.test(text[end] ?? "")) end++;
  }
  // Spaces at the ends of a selection stay outside the marks (`** bold **` is not bold).
  while (start < end && /\s/.test(text[start] ?? "")) start++;
  while (end > start && /\s/.test(text[end - 1] ?? "")) end--;
  const inner = text.slice(start, end);
  const L = mark.length;
  // `*x*` inside `**x**` is bold, not italic; inside `***x***` it is both.
  const boldNotItalic = (s: number, e: number) => mark === "*" && text[s - 2] === "*" && text[e + 1] === "*" && text[s - 3] !== "*";
  if (inner.length > 2 * L && inner.startsWith(mark) && inner.endsWith(mark) && !(mark === "*" && inner.startsWith("**") && !inner.startsWith("***"))) {
    const bare = inner.slice(L, -L);
    return { from: start, to: end, insert: bare, selectStart: start, selectEnd: start + bare.length };
  }
  if (start < end && text.slice(start - L, start) === mark && text.slice(end, end + L) === mark && !boldNotItalic(start, end)) {
    return { from: start - L, to: end + L, insert: inner, selectStart: start - L, selectEnd: end - L };
  }
  const words = inner || placeholder;
  return { from: start, to: end, insert: `${mark}${words}${mark}`, selectStart: start + mark.length, selectEnd: start + mark.length + words.length };
}

/** The whole lines the selection touches: [from, to) without the last line's end. */
function lineRange(sel: Selection): { from: number; to: number } {
  const from = sel.text.lastIndexOf("\n", sel.start - 1) + 1;
  const endAt = sel.end > sel.start && sel.text[sel.end - 1] === "\n" ? sel.end - 1 : sel.end;
  const next = sel.text.indexOf("\n", endAt);
  return { from, to: next === -1 ? sel.text.length : next };
}

export type LineStyle = "heading" | "subheading" | "bullets" | "numbers" | "quote";

const prefixes: Record<LineStyle, RegExp> = {
  heading: /^## /,
  subheading: /^### /,
  bullets: /^[-*+] (?!\[[ xX]\] )/,
  numbers: /^\d+[.)] /,
  quote: /^> ?/,
};
const anyPrefix = /^(?:#{1,6} |[-*+] |\d+[.)] |> ?)/;

/**
 * A heading, subheading, list or quote for the lines the selection touches, or back to plain
 * lines when they all have it already. Numbered lists count from 1.
 */
export function toggleLines(sel: Selection, style: LineStyle): Edit {
  const { from, to } = lineRange(sel);
  const lines = sel.text.slice(from, to).split("\n");
  const content = lines.filter((l) => l.trim() !== "");
  const has = content.length > 0 && content.every((l) => prefixes[style].test(l));
  let n = 0;
  const out = lines.map((line) => {
    if (has) return line.replace(prefixes[style], "");
    if (line.trim() === "" && lines.length > 1) return line;
    const bare = style === "heading" || style === "subheading" ? line.replace(anyPrefix, "") : line.replace(/^(?:#{1,6} |[-*+] |\d+[.)] |> ?)/, "");
    const prefix = style === "heading" ? "## " : style === "subheading" ? "### " : style === "bullets" ? "- " : style === "numbers" ? `${++n}. ` : "> ";
    return prefix + bare;
  });
  const insert = out.join("\n");
  // A heading or list is a block of its own: a blank line before it when the text above is a paragraph.
  const above = sel.text.slice(0, from);
  const needsGap = !has && from > 0 && !/\n\n$/.test(above) && !(style !== "heading" && style !== "subheading" && anyPrefix.test(above.split("\n").at(-2) ?? ""));
  const gap = needsGap ? "\n" : "";
  if (lines.length === 1 && sel.start === sel.end) {
    const caret = from + gap.length + insert.length;
    return { from, to, insert: gap + insert, selectStart: caret, selectEnd: caret };
  }
  return { from, to, insert: gap + insert, selectStart: from + gap.length, selectEnd: from + gap.length + insert.length };
}

/** `[words](address)` in place of the selection (its words, when there are any). */
export function insertLink(sel: Selection, address: string, words: string): Edit {
  const shown = (words || sel.text.slice(sel.start, sel.end) || address).replace(/[[\]]/g, "");
  const target = /\s/.test(address) ? `<${address}>` : address;
  const insert = `[${shown}](${target})`;
  return { from: sel.start, to: sel.end, insert, selectStart: sel.start + insert.length, selectEnd: sel.start + insert.length };
}

/** A block (table, photo) on lines of its own at the cursor, with a blank line on each side. */
export function insertBlock(sel: Selection, block: string): Edit {
  const before = sel.text.slice(0, sel.start);
  const after = sel.text.slice(sel.end);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : after === "" ? "\n" : "\n\n";
  const insert = `${lead}${block.replace(/\n+$/, "")}${trail}`;
  const caret = sel.start + lead.length + block.replace(/\n+$/, "").length;
  return { from: sel.start, to: sel.end, insert, selectStart: caret, selectEnd: caret };
}

/** A photo in the text: `![what it shows](./name.jpg)`, as a paragraph of its own. */
export function insertPhoto(sel: Selection, description: string, name: string): Edit {
  return insertBlock(sel, `![${description.replace(/[[\]\n]/g, " ").trim()}](./${name})`);
}

/**
 * Enter in a list item or quote: the next line continues it ("- ", "2. ", "> "); Enter on an
 * empty item ends the list instead. Undefined where Enter is just a new line.
 */
export function continueBlock(sel: Selection): Edit | undefined {
  if (sel.start !== sel.end) return undefined;
  const lineStart = sel.text.lastIndexOf("\n", sel.start - 1) + 1;
  const line = sel.text.slice(lineStart, sel.start);
  const m = /^(\s*)([-*+] \[[ xX]\] |[-*+] |(\d+)([.)]) |> ?)/.exec(line);
  if (!m) return undefined;
  const [prefix = "", indent = "", , num, delim] = m;
  if (line.trim() === prefix.trim() && sel.text.slice(sel.start, sel.text.indexOf("\n", sel.start) === -1 ? undefined : sel.text.indexOf("\n", sel.start)).trim() === "") {
    // An empty item: the list ends here.
    return { from: lineStart, to: sel.start, insert: "", selectStart: lineStart, selectEnd: lineStart };
  }
  const next = num !== undefined ? `${indent}${Number(num) + 1}${delim} ` : prefix.replace(/\[[xX]\]/, "[ ]");
  const insert = `\n${next}`;
  return { from: sel.start, to: sel.start, insert, selectStart: sel.start + insert.length, selectEnd: sel.start + insert.length };
}

// ------------------------------------------------------------------ tables

/** A table's cells by row; the first row is the header. `align` per column, from the line under the header. */
export interface TableCells {
  rows: string[][];
  align: ("left" | "right" | "center" | "")[];
}

const splitRow = (line: string): string[] => {
  const inner = line.trim().replace(/^\|/, "").replace(/(?<!\\)\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
};

/** The table around the cursor (its lines' range and cells), if the cursor is in one. */
export function tableAt(sel: Selection): { from: number; to: number; cells: TableCells } | undefined {
  const lines = sel.text.split("\n");
  let offset = 0;
  let at = -1;
  for (let i = 0; i < lines.length; i++) {
    const end = offset + (lines[i]?.length ?? 0);
    if (sel.start >= offset && sel.start <= end) {
      at = i;
      break;
    }
    offset = end + 1;
  }
  const isRow = (l: string | undefined) => l !== undefined && /^\s*\|.*\|\s*$/.test(l);
  if (at === -1 || !isRow(lines[at])) return undefined;
  let first = at;
  while (first > 0 && isRow(lines[first - 1])) first--;
  let last = at;
  while (last + 1 < lines.length && isRow(lines[last + 1])) last++;
  const block = lines.slice(first, last + 1);
  const rule = block[1];
  if (!rule || !/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(rule)) return undefined;
  const from = lines.slice(0, first).reduce((n, l) => n + l.length + 1, 0);
  const to = from + block.join("\n").length;
  const align = splitRow(rule).map((c) => (c.startsWith(":") && c.endsWith(":") ? "center" : c.endsWith(":") ? "right" : c.startsWith(":") ? "left" : ""));
  const rows = [block[0]!, ...block.slice(2)].map(splitRow);
  return { from, to, cells: { rows, align } };
}

/** A table as a person writes it: cells padded so the columns line up, `|` in a cell escaped. */
export function tableMarkdown({ rows, align }: TableCells): string {
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const cell = (r: string[], c: number) => (r[c] ?? "").replace(/\n/g, " ").replace(/\|/g, "\\|").trim();
  const widths = Array.from({ length: cols }, (_, c) => Math.max(3, ...rows.map((r) => cell(r, c).length)));
  const line = (r: string[]) => `| ${Array.from({ length: cols }, (_, c) => cell(r, c).padEnd(widths[c] ?? 3)).join(" | ")} |`;
  const rule = `|${Array.from({ length: cols }, (_, c) => {
    const a = align[c] ?? "";
    const dashes = "-".repeat(widths[c] ?? 3);
    return ` ${a === "center" ? `:${dashes.slice(2)}:` : a === "right" ? `${dashes.slice(1)}:` : a === "left" ? `:${dashes.slice(1)}` : dashes} `;
  }).join("|")}|`;
  const [header = [], ...body] = rows;
  return [line(header), rule, ...body.map(line)].join("\n");
}

/** The table the cursor is in replaced by `cells`, or a new table at the cursor. */
export function putTable(sel: Selection, cells: TableCells): Edit {
  const markdown = tableMarkdown(cells);
  const existing = tableAt(sel);
  if (existing) return { from: existing.from, to: existing.to, insert: markdown, selectStart: existing.from + markdown.length, selectEnd: existing.from + markdown.length };
  return insertBlock(sel, markdown);
}
