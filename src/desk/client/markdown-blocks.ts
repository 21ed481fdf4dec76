// What the post editor saves: Markdown, never the editor's HTML, and the file's own bytes for
// every part the owner did not change. A post opened and saved unchanged keeps every byte; an
// edit rewrites only what it touched (a paragraph inside a list or a quote: that paragraph, with
// the list's or quote's marks in front of its lines as before). Used by the editor in the
// browser (rich-text.ts) and, the same module, by the round-trip tests in Node
// (editor-markdown.test.ts, beside the desk server's post files, through markdown-headless.ts).
//
// How: the text is opened with the editor's own parser, which also gives each block's place in
// the text (remark's positions). On each save every block of the editor's document is looked up
// among the opened ones (the same node, untouched, or an equal one after an undo): found, its
// text is the file's; changed, its text is the file's with the changed blocks inside it written
// by the editor's writer; new, it is written whole. The blocks are joined by the file's own
// blank lines where they were neighbours, else by one blank line. What was written is then read
// again around the change to be sure it means what the editor shows; if not (two lists made
// one), the whole post is written by the editor's writer.
import { Fragment, type Node as ProseNode } from "@milkdown/kit/prose/model";
import type { Nodes, Root, RootContent } from "mdast";

/** The editor's parser and writer (Milkdown's, markdown-setup.ts). */
export interface MarkdownIO {
  /** The editor's document for `markdown`, and the Markdown tree it was made from (one top-level node per block of the document). */
  parse(markdown: string): { doc: ProseNode; tree: Root };
  serialize(doc: ProseNode): string;
}

/** A post the editor cannot hold as it is written: it opens as text, with this reason. */
export class CannotHold extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CannotHold";
  }
}

/** A block of the opened text: the editor's node for it, its place in the text, and the blocks inside it. */
interface Placed {
  node: ProseNode;
  from: number;
  to: number;
  children?: Placed[];
}

/** Blocks whose blocks are merged one by one; any other changed block is written whole. */
const CONTAINERS = new Set(["blockquote", "bullet_list", "ordered_list", "list_item", "footnote_definition"]);

/** The owner's words for a kind of block (a Markdown tree's node type). */
const kindWords: Record<string, string> = {
  paragraph: "a paragraph",
  heading: "a heading",
  list: "a list",
  blockquote: "a quote",
  table: "a table",
  code: "a block of code",
  html: "HTML code",
  thematicBreak: "a line across the page",
  footnoteDefinition: "a footnote",
  definition: "a link address written below the text",
};

export interface PostTextOptions {
  /** Inline nodes that are not saved (a photo still on its way up: rich-text.ts). */
  unsaved?: (node: ProseNode) => boolean;
}

interface Written {
  nodes: ProseNode[];
  texts: string[];
  /** The opened block each came from (its neighbours' blank lines are the file's), if any. */
  origins: (number | undefined)[];
  /** What each one's text reads as: checked against the text read again in its place. */
  reads: ProseNode[][];
}

export class PostText {
  /** The editor's document for the opened text. */
  readonly doc: ProseNode;
  /** The Markdown tree of the opened text (the editor's parser's). */
  readonly tree: Root;
  private readonly blocks: Placed[];
  private readonly lead: string;
  private readonly tail: string;
  private readonly opened = new Map<ProseNode, number>();
  private last: Written | undefined;

  constructor(
    private readonly io: MarkdownIO,
    private readonly source: string,
    private readonly options: PostTextOptions = {},
  ) {
    let parsed: { doc: ProseNode; tree: Root };
    try {
      parsed = io.parse(source);
    } catch {
      throw new CannotHold("This post has something the editor cannot show, so it opens as text.");
    }
    const { doc, tree } = parsed;
    this.doc = doc;
    this.tree = tree;
    // An empty text is a document of one empty paragraph.
    const blank = tree.children.length === 0 && doc.childCount === 1 && doc.child(0).content.size === 0;
    if (tree.children.length !== doc.childCount && !blank) throw new CannotHold("This post has something the editor cannot show, so it opens as text.");
    this.blocks = tree.children.map((md, i) => place(doc.child(i), md));
    this.blocks.forEach((block, i) => this.opened.set(block.node, i));
    // Between blocks only blank lines: anything else (a link address written below the text) is lost by the editor.
    const gaps = [this.source.slice(0, this.blocks[0]?.from ?? this.source.length), ...this.blocks.map((b, i) => this.source.slice(b.to, this.blocks[i + 1]?.from ?? this.source.length))];
    const lost = gaps.findIndex((gap) => gap.trim() !== "");
    if (lost !== -1) throw new CannotHold(cannotKeep("definition", gaps[lost] ?? ""));
    this.lead = gaps[0] ?? "";
    this.tail = this.blocks.length > 0 ? (gaps.at(-1) ?? "") : "";
  }

  /** The text between opened blocks i-1 and i. */
  private gap(i: number): string {
    return this.source.slice(this.blocks[i - 1]?.to ?? 0, this.blocks[i]?.from ?? 0);
  }

  private slice(block: Placed): string {
    return this.source.slice(block.from, block.to);
  }

  /**
   * Undefined when writing the opened post whole and reading it again gives every block the
   * same meaning; else why not, in the owner's words (the post then opens as text). Slower than
   * opening (a write and a read of the whole post): the editor runs it once it is ready.
   */
  unfaithful(): string | undefined {
    let again: Root;
    try {
      again = this.io.parse(this.io.serialize(this.doc)).tree;
    } catch {
      return "This post has something the editor would change, so it opens as text.";
    }
    const n = Math.max(this.tree.children.length, again.children.length);
    for (let i = 0; i < n; i++) {
      const before = this.tree.children[i];
      const after = again.children[i];
      if (!before || !after || JSON.stringify(meaning(before)) !== JSON.stringify(meaning(after))) {
        const block = before ?? this.tree.children.at(-1);
        return cannotKeep(block?.type ?? "paragraph", block?.position ? this.source.slice(block.position.start.offset, block.position.end.offset) : "");
      }
    }
    return undefined;
  }

  /** The Markdown for the editor's document `doc`. */
  markdown(doc: ProseNode): string {
    const nodes: ProseNode[] = [];
    doc.forEach((node) => {
      if (!this.empty(node)) nodes.push(node);
    });
    const count = nodes.length;
    const origins: (number | undefined)[] = new Array(count).fill(undefined);
    const texts: (string | undefined)[] = new Array(count).fill(undefined);
    const reads: ProseNode[][] = new Array(count).fill(undefined);
    const fresh: boolean[] = new Array(count).fill(false);
    const used = new Uint8Array(this.blocks.length);
    const take = (i: number, j: number) => {
      const block = this.blocks[j] as Placed;
      origins[i] = j;
      texts[i] = this.slice(block);
      reads[i] = [block.node];
      used[j] = 1;
    };

    // The opened blocks, untouched.
    nodes.forEach((node, i) => {
      const j = this.opened.get(node);
      if (j !== undefined && !used[j]) take(i, j);
    });
    // The blocks written last time, untouched since.
    if (this.last) {
      const last = this.last;
      const at = new Map(last.nodes.map((node, k) => [node, k]));
      nodes.forEach((node, i) => {
        const k = texts[i] === undefined ? at.get(node) : undefined;
        if (k === undefined) return;
        texts[i] = last.texts[k];
        reads[i] = last.reads[k] ?? [];
        const j = last.origins[k];
        if (j !== undefined && !used[j]) {
          origins[i] = j;
          used[j] = 1;
        }
      });
    }
    const origin = (i: number) => {
      for (let k = i - 1; k >= 0; k--) if (origins[k] !== undefined) return origins[k] as number;
      return -1;
    };
    // Changed back to an opened block (an undo), or moved: the file's text again.
    nodes.forEach((node, i) => {
      if (texts[i] !== undefined) return;
      const next = origin(i) + 1;
      const j = this.blocks[next] && !used[next] && this.blocks[next].node.eq(node) ? next : this.blocks.findIndex((b, k) => !used[k] && b.node.eq(node));
      if (j === -1) return;
      take(i, j);
      fresh[i] = true;
    });
    // Changed: merged into the opened block in its place, or written whole.
    nodes.forEach((node, i) => {
      if (texts[i] !== undefined) return;
      fresh[i] = true;
      const next = origin(i) + 1;
      const base = this.blocks[next];
      if (base && !used[next]) {
        // In the place of an opened block: its blank lines around it are kept.
        origins[i] = next;
        used[next] = 1;
        texts[i] = this.mergeInto(base, node) ?? this.write(node, continuation(this.source, base.from));
      } else texts[i] = this.write(node, "");
    });
    // What the changed blocks read as, with the post's footnotes.
    const notes = nodes.flatMap((node, i) => (node.type.name === "footnote_definition" ? [texts[i] ?? this.write(node, "")] : []));
    nodes.forEach((_node, i) => {
      // Read where it stands: after the spaces its first line had in the file.
      const at = origins[i] === undefined ? undefined : this.blocks[origins[i] as number];
      if (fresh[i] && reads[i] === undefined) reads[i] = this.read((at ? continuation(this.source, at.from) : "") + texts[i], notes);
    });

    // Joined by the file's own blank lines where two blocks were neighbours there.
    let out = "";
    const starts: number[] = [];
    const ends: number[] = [];
    nodes.forEach((_node, i) => {
      const j = origins[i];
      const before = origins[i - 1];
      if (i === 0) out += j === 0 ? this.lead : "";
      else out += j !== undefined && before !== undefined && j === before + 1 ? this.gap(j) : "\n\n";
      starts.push(out.length);
      out += texts[i];
      ends.push(out.length);
    });
    if (count > 0) out += origins[count - 1] === this.blocks.length - 1 ? this.tail : "\n";
    else out = this.blocks.length === 0 ? this.source : "";

    const written: Written = { nodes, texts: texts as string[], origins, reads };
    if (fresh.some(Boolean) && !this.readsAsWritten(out, written, fresh, starts, ends)) {
      // Two blocks that run together once written (a new list under a list): the editor's writer, which knows to keep them apart.
      this.last = undefined;
      const all = doc.type.create(doc.attrs, nodes.map((node) => this.strip(node)));
      return this.io.serialize(all);
    }
    this.last = written;
    return out;
  }

  /** The text around the changed blocks, read again, gives what each block's own text gives. */
  private readsAsWritten(out: string, written: Written, fresh: boolean[], starts: number[], ends: number[]): boolean {
    const first = fresh.indexOf(true);
    const lastFresh = fresh.lastIndexOf(true);
    const around = this.readsAt(out, written, Math.max(0, first - 1), Math.min(written.nodes.length - 1, lastFresh + 1), starts, ends);
    // Read with its neighbours only, a block may read otherwise than in the whole post (an indented block after a list): then the whole post.
    return around || this.readsAt(out, written, 0, written.nodes.length - 1, starts, ends);
  }

  private readsAt(out: string, written: Written, lo: number, hi: number, starts: number[], ends: number[]): boolean {
    let window = lo === 0 && hi === written.nodes.length - 1 ? out : out.slice(starts[lo], ends[hi]);
    // A footnote's mark is one only where its note is: the notes outside the window come along.
    if (window.includes("[^")) {
      written.nodes.forEach((node, k) => {
        if ((k < lo || k > hi) && node.type.name === "footnote_definition") window += `\n\n${written.texts[k]}`;
      });
    }
    const expected = written.reads.slice(lo, hi + 1).flat();
    let read: ProseNode;
    try {
      read = this.io.parse(window).doc;
    } catch {
      return false;
    }
    if (read.childCount < expected.length) return false;
    return expected.every((node, k) => node.eq(read.child(k)));
  }

  /**
   * What a block's text reads as on its own. With the post's footnotes after it: a footnote's
   * mark reads as one only where its note is.
   */
  private read(text: string, notes: readonly string[]): ProseNode[] {
    const withNotes = text.includes("[^") ? notes : [];
    try {
      const nodes: ProseNode[] = [];
      this.io.parse([text, ...withNotes].join("\n\n")).doc.forEach((node) => nodes.push(node));
      return nodes.slice(0, nodes.length - withNotes.length);
    } catch {
      return [];
    }
  }

  /** A paragraph with nothing saved in it (an empty line of the editor): not saved, never as `<br />`. */
  private empty(node: ProseNode): boolean {
    if (node.type.name !== "paragraph") return false;
    let empty = true;
    node.forEach((child) => {
      if (child.isText ? (child.text ?? "").trim() !== "" : child.type.name !== "hardbreak" && !this.options.unsaved?.(child)) empty = false;
    });
    return empty;
  }

  /** `node` without what is not saved in it. */
  private strip(node: ProseNode): ProseNode {
    const unsaved = this.options.unsaved;
    if (!unsaved) return node;
    let found = false;
    node.descendants((child) => {
      if (unsaved(child)) found = true;
      return !found;
    });
    if (!found) return node;
    const kept: ProseNode[] = [];
    node.forEach((child) => {
      if (!unsaved(child)) kept.push(this.strip(child));
    });
    return node.copy(Fragment.fromArray(kept));
  }

  /** `node` written by the editor's writer, its lines after the first led by what leads them at `from` (a quote's `>`, a list's indent). */
  private write(node: ProseNode, lead: string): string {
    const doc = node.type.schema.topNodeType.create(null, [this.strip(node)]);
    const text = this.io.serialize(doc).replace(/\n+$/, "");
    if (!lead) return text;
    return text
      .split("\n")
      .map((line, i) => (i === 0 ? line : line === "" ? lead.trimEnd() : lead + line))
      .join("\n");
  }

  /**
   * `node`, changed, in the place of the opened `base`: the file's text of `base` with each
   * changed block inside it merged the same way, or written. Undefined when `node` is not
   * `base` with blocks changed inside (another kind, other settings, blocks added or taken away).
   */
  private mergeInto(base: Placed, node: ProseNode): string | undefined {
    if (!base.children || base.node.type !== node.type || !sameSettings(base.node, node) || node.childCount !== base.children.length) return undefined;
    let out = "";
    let at = base.from;
    for (let i = 0; i < base.children.length; i++) {
      const inner = base.children[i] as Placed;
      const now = node.child(i);
      if (inner.node === now || inner.node.eq(now)) continue;
      const text = this.mergeInto(inner, now) ?? (now.type.isInGroup("block") ? this.write(now, continuation(this.source, inner.from)) : undefined);
      if (text === undefined) return undefined;
      out += this.source.slice(at, inner.from) + text;
      at = inner.to;
    }
    return out + this.source.slice(at, base.to);
  }
}

/** The editor's node for a block of the tree, with its place and, for a container, its blocks'. */
function place(node: ProseNode, md: RootContent | Nodes): Placed {
  const from = md.position?.start.offset;
  const to = md.position?.end.offset;
  if (from === undefined || to === undefined) throw new CannotHold("This post has something the editor cannot show, so it opens as text.");
  const kids = "children" in md ? (md.children as RootContent[]) : undefined;
  const children = CONTAINERS.has(node.type.name) && kids && kids.length === node.childCount && kids.every((k) => k.position) ? kids.map((k, i) => place(node.child(i), k)) : undefined;
  return { node, from, to, ...(children ? { children } : {}) };
}

/** Same kind and settings, but for what the editor works out itself (a numbered item's number). */
function sameSettings(a: ProseNode, b: ProseNode): boolean {
  const { label: _a, ...restA } = a.attrs;
  const { label: _b, ...restB } = b.attrs;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/**
 * What leads a block's lines after its first: what is before it on its first line, a quote's
 * `>` kept and everything else (list markers, checkboxes, a footnote's `[^1]:`) made spaces
 * (`> - [ ] ` gives `>       `).
 */
export function continuation(source: string, from: number): string {
  return source.slice(source.lastIndexOf("\n", from - 1) + 1, from).replace(/[^>\s]/g, " ");
}

/** A tree's meaning: without places in the text, the marks' signs (`*` or `_`), numbers the parser works out; neighbouring texts joined. */
function meaning(node: Nodes): unknown {
  const { position: _p, marker: _m, label: _l, data, children, ...rest } = node as Nodes & { marker?: string; label?: string; children?: Nodes[] };
  const out: Record<string, unknown> = { ...rest };
  if (node.type === "break" && data) out.data = data;
  if (children) {
    const kids: unknown[] = [];
    for (const child of children) {
      const prev = kids.at(-1) as { type?: string; value?: string } | undefined;
      if (child.type === "text" && prev?.type === "text") prev.value = `${prev.value ?? ""}${child.value}`;
      else kids.push(meaning(child));
    }
    out.children = kids;
  }
  return out;
}

/** The line that says why a post opens as text. */
function cannotKeep(kind: string, text: string): string {
  const words = text.replace(/[[\]^]/g, "").replace(/[\s#>*_`|]+/g, " ").trim().split(" ").slice(0, 6).join(" ");
  const what = kindWords[kind] ?? "a part";
  return `This post opens as text: the editor would change ${what}${words ? ` near “${words}”` : ""}, so you see the file itself.`;
}
