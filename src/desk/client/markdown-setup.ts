// The post editor's Markdown, as one set of Milkdown plugins and settings: what the editor in the
// browser is made of (rich-text.ts) and what the round-trip tests and the bench run in Node
// (markdown-headless.ts), so that both parse and write a post the same way. Milkdown's parser and
// writer are remark's, with remark-gfm, as the site's own build (src/content/markdown.ts).
import type { Ctx, MilkdownPlugin } from "@milkdown/kit/ctx";
import { remarkStringifyOptionsCtx } from "@milkdown/kit/core";
import * as cm from "@milkdown/kit/preset/commonmark";
import * as gfm from "@milkdown/kit/preset/gfm";
import { $remark } from "@milkdown/kit/utils";
import type { Nodes, Parents, Root, Table, Text } from "mdast";
import type { Info, State } from "mdast-util-to-markdown";
import type { Processor } from "unified";
import type { Options as StringifyOptions } from "remark-stringify";

/**
 * How new Markdown is written: as in this site's files (content/blog/*.md, docs/content.md's
 * example): `-` bullets, `1.` numbers, `*italic*`, `**bold**`, `---` rules, fenced code, one
 * space after a list marker. Tables: see siteTables.
 */
export const stringifyOptions = {
  bullet: "-",
  bulletOther: "*",
  bulletOrdered: ".",
  emphasis: "*",
  strong: "*",
  rule: "-",
  fence: "`",
  fences: true,
  listItemIndent: "one",
  incrementListMarker: true,
} as const satisfies StringifyOptions;

/** remark-gfm's table writing: `| a | b |` rows, not padded into columns (siteTables writes the line under the header). */
export const gfmOptions = { tablePipeAlign: false, tableCellPadding: true } as const;

type Handle = (node: never, parent: Parents | undefined, state: State, info: Info) => string;
type Extension = { handlers?: Partial<Record<string, unknown>> | null; extensions?: Extension[] | null };

/**
 * Text as written: escaped where Markdown would read it as something else. Milkdown's own
 * handler leaves text that ends in spaces unescaped (so `# not a heading ` at the start of a
 * paragraph would come back a heading); this one escapes all text, and drops spaces at the end
 * of a line, which Markdown drops too (rather than writing them as `&#x20;`).
 */
const text: Handle = (node: Text, _parent, state, info) => {
  const atLineEnd = !info.after || /^[\r\n]/.test(info.after);
  return state.safe(atLineEnd ? node.value.replace(/[ \t]+$/, "") : node.value, { ...info, encode: [] });
};

/**
 * The line under a table's header as this site's files have it: dashes as wide as the header
 * cell with its spaces, colons for the alignment, no spaces (`| Job | Cost |` over
 * `|-----|-----:|`), where remark-gfm alone writes `| - | -: |`.
 */
const siteTables = $remark("siteTables", () =>
  function siteTablesPlugin(this: Processor) {
    const data = this.data();
    const find = (list: readonly Extension[] | null | undefined): Handle | undefined => {
      for (const ext of [...(list ?? [])].reverse()) {
        const found = (ext.handlers?.["table"] as Handle | undefined) ?? find(ext.extensions);
        if (found) return found;
      }
      return undefined;
    };
    const table = find(data.toMarkdownExtensions as Extension[] | undefined);
    if (!table) return;
    const handle: Handle = (node: Table, parent, state, info) => withSiteRule(table(node as never, parent, state, info), node.align ?? []);
    data.toMarkdownExtensions = [...(data.toMarkdownExtensions ?? []), { handlers: { table: handle as never } }];
  },
);

/** A table's Markdown with its second line written the site's way. */
export function withSiteRule(markdown: string, align: Table["align"]): string {
  const lines = markdown.split("\n");
  const header = lines[0];
  if (header === undefined || lines.length < 2) return markdown;
  const cells = header.replace(/^\|/, "").replace(/(?<!\\)\|$/, "").split(/(?<!\\)\|/);
  lines[1] = `|${cells
    .map((cell, i) => {
      const width = Math.max(3, cell.length);
      const a = align?.[i];
      return a === "center" ? `:${"-".repeat(width - 2)}:` : a === "right" ? `${"-".repeat(width - 1)}:` : a === "left" ? `:${"-".repeat(width - 1)}` : "-".repeat(width);
    })
    .join("|")}|`;
  return lines.join("\n");
}

/**
 * The tree the last parse made, after the editor's own remark plugins and before it became
 * the editor's document: its blocks' places in the text (markdown-blocks.ts). Parsing is
 * synchronous, so it is read right after each parse.
 */
let lastTree: Root | undefined;
const treeCapture = $remark("treeCapture", () => () => (tree: Root) => {
  lastTree = tree;
});
/** The tree of the last parse (see treeCapture). */
export function takeLastTree(): Root {
  const tree = lastTree;
  lastTree = undefined;
  if (!tree) throw new Error("markdown-setup: no tree captured: the treeCapture plugin is missing");
  return tree;
}

/**
 * A photo without a title: remark reads its title as null, which Milkdown 7.22.1 hands to its
 * image node, whose title must be text; ProseMirror refuses the node and Milkdown leaves the
 * photo out of the document (logging the error). Without the null, the node takes its default.
 */
const photoTitles = $remark("photoTitles", () => () => (tree: Root) => {
  const visit = (node: Nodes) => {
    if (node.type === "image" && node.title === null) delete node.title;
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
});

/** Settings the plugins read: call from the editor's config (Editor.config, or markdown-headless.ts). */
export function configureMarkdown(ctx: Ctx): void {
  ctx.update(remarkStringifyOptionsCtx, (options) => ({ ...options, ...stringifyOptions, handlers: { ...options.handlers, text: text as never } }));
  ctx.set(gfm.remarkGFMPlugin.options.key, gfmOptions);
}

// Left out of the presets: the paragraph writer's `<br />` for an empty paragraph (an empty
// paragraph is not saved: markdown-blocks.ts), headings' ids kept in the document (they would
// change every heading's node as the editor opens: the site makes its own ids), typing
// `**`/`_` becoming marks (the owner does not type Markdown; the toolbar and keys do it), and
// code blocks from typing ``` (the toolbar has none).
const left = new Set<unknown>([
  cm.remarkPreserveEmptyLinePlugin.plugin,
  cm.remarkPreserveEmptyLinePlugin.options,
  cm.syncHeadingIdPlugin,
  cm.createCodeBlockInputRule,
]);

/** The editor's Milkdown plugins, in order: CommonMark, then GFM, then this site's. */
export const markdownPlugins: MilkdownPlugin[] = [
  ...cm.schema,
  ...cm.inputRules,
  ...cm.commands,
  ...cm.keymap,
  ...cm.plugins,
  ...gfm.schema,
  ...gfm.inputRules,
  ...gfm.pasteRules,
  ...gfm.keymap,
  ...gfm.commands,
  ...gfm.plugins,
  ...photoTitles,
  ...siteTables,
  ...treeCapture,
].filter((plugin) => !left.has(plugin));
