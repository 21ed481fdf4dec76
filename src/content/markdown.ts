// The Markdown step: GitHub-flavoured Markdown (tables, ~~strikethrough~~, bare links,
// task lists, footnotes) to HTML that is safe to inject, with heading ids, the owner's
// photos placed, and the first paragraph as plain text for a default excerpt.
//
// markdown-it (what Eleventy uses) parses; this file renders every token that can
// carry text or an address itself, so the output is safe without a sanitizer pass:
// raw HTML is dropped, text and attributes are escaped, and addresses pass only with
// GitHub's allowed protocols. The markup is the one remark + remark-gfm + remark-html made
// before, down to the escapes, so pages and /api/blog did not change; markdown-it takes
// 0.1 ms for a three-paragraph post where they took 2 ms (issue 12).
import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";
import footnote from "markdown-it-footnote";
import type { ContentProblem } from "./content-error";
import { localPhoto, pictureHtml } from "./markdown-photos";
import type { Photo } from "./photo";

/** The class of the box that lets a wide table scroll sideways on a phone (styled in src/components/prose.css.ts). */
export const TABLE_SCROLL_CLASS = "table-scroll";

/** Lowercase words joined by hyphens, the way GitHub slugs headings; "section" when nothing is left. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
  return slug === "" ? "section" : slug;
}

// Escapes as hast-util-to-html wrote them: in text only `<` and `&` matter, in a
// double-quoted attribute `"` and `&` (and ' and ` for old browsers).
const escapeText = (value: string): string => value.replace(/[&<]/g, (c) => (c === "&" ? "&#x26;" : "&#x3C;"));
const escapeAttribute = (value: string): string => value.replace(/["&'`]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);

/** GitHub's sanitizer allows these protocols (hast-util-sanitize's default schema); other addresses with a protocol are dropped. */
const HREF_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"];
const SRC_PROTOCOLS = ["http", "https"];

const md = new MarkdownIt({
  // Raw HTML is recognised, so it is parsed as GitHub parses it, and then dropped (see the html_* rules below).
  html: true,
  // Bare links (GitHub's "autolink literals"): https://…, www.…, and e-mail addresses.
  linkify: true,
});
md.use(footnote);
// GitHub has no ^[inline footnotes].
md.inline.ruler.disable("footnote_inline");
// A note defined twice keeps its first text, as on GitHub (and as links do); the plugin would keep the last.
md.core.ruler.before("footnote_tail", "footnote_first_definition", (state) => {
  const labels = new Set<unknown>();
  const kept: Token[] = [];
  let dropping = false;
  for (const token of state.tokens) {
    if (token.type === "footnote_reference_open") {
      dropping = labels.has(token.meta?.["label"]);
      labels.add(token.meta?.["label"]);
    }
    if (!dropping) kept.push(token);
    if (token.type === "footnote_reference_close") dropping = false;
  }
  state.tokens = kept;
});
// As GitHub: no ftp:// or //host links, www.example.com is one (to http://www.example.com),
// and so is all of http://user@example.com (linkify-it alone would stop before the user name).
let wwwRest: RegExp | undefined;
md.linkify
  .set({ urlAuth: true })
  .add("ftp:", null)
  .add("//", null)
  .add("www.", {
    validate: (text, pos, self) => {
      wwwRest ??= new RegExp(self.re.get_url_host_port().source + self.re.get_path().source, "iy");
      wwwRest.lastIndex = pos;
      return wwwRest.exec(text)?.[0].length ?? 0;
    },
    normalize: (match) => {
      match.url = `http://${match.url}`;
    },
  });

// Tokens keep each address as written (a photo's problem quotes it, photoPath reads it) and
// every link is kept, so a `javascript:` link shows its text without an address rather
// than its source: safeUrl encodes and checks addresses when they are written out.
const encodeUrl = md.normalizeLink.bind(md);
md.normalizeLink = (url) => url;
md.normalizeLinkText = (url) => url;
md.validateLink = () => true;

/** The encoded address, or undefined when its protocol is not one of `protocols` (relative addresses always pass). */
function safeUrl(url: string, protocols: readonly string[]): string | undefined {
  const value = encodeUrl(url);
  const colon = value.indexOf(":");
  const firstOther = value.search(/[/?#]/);
  if (colon < 0 || (firstOther > -1 && colon > firstOther)) return value;
  return protocols.includes(value.slice(0, colon).toLowerCase()) ? value : undefined;
}

/** The owner's photos `prepare` found for image tokens, read when the image is written out. */
const photoOfImage = new WeakMap<Token, Photo>();

const rules = md.renderer.rules;
const at = (tokens: Token[], idx: number): Token => {
  const token = tokens[idx];
  if (!token) throw new Error(`no token ${idx}`);
  return token;
};
const attributeText = (name: string, value: string | number | null): string => (value === null ? "" : ` ${name}="${escapeAttribute(String(value))}"`);

md.renderer.renderAttrs = (token) => (token.attrs ?? []).map(([name, value]) => attributeText(name, value)).join("");
rules.text = (tokens, idx) => escapeText(at(tokens, idx).content);
rules.code_inline = (tokens, idx) => `<code>${escapeText(at(tokens, idx).content)}</code>`;
rules.code_block = (tokens, idx) => `<pre><code>${escapeText(at(tokens, idx).content)}</code></pre>\n`;
rules.fence = (tokens, idx) => {
  const token = at(tokens, idx);
  const language = md.utils.unescapeAll(token.info).trim().split(/\s+/)[0] ?? "";
  return `<pre><code${language ? ` class="language-${escapeAttribute(language)}"` : ""}>${escapeText(token.content)}</code></pre>\n`;
};
// Raw HTML in a post is dropped, tags and all (GitHub's sanitizer keeps some tags; we keep none).
rules.html_block = () => "";
rules.html_inline = () => "";
// ~~Struck~~ text is <del> (markdown-it's own is <s>).
rules.s_open = () => "<del>";
rules.s_close = () => "</del>";
rules.link_open = (tokens, idx) => {
  const token = at(tokens, idx);
  const href = safeUrl(String(token.attrGet("href") ?? ""), HREF_PROTOCOLS);
  return `<a${attributeText("href", href ?? null)}${attributeText("title", token.attrGet("title"))}>`;
};
rules.image = (tokens, idx) => {
  const token = at(tokens, idx);
  const alt = altText(token.children ?? []);
  const title = token.attrGet("title");
  const photo = photoOfImage.get(token);
  if (photo) return pictureHtml(photo, alt, title === null ? undefined : String(title), escapeAttribute);
  const src = safeUrl(String(token.attrGet("src") ?? ""), SRC_PROTOCOLS);
  return `<img${attributeText("src", src ?? null)}${attributeText("alt", alt)}${attributeText("title", title)}>`;
};
// Each table sits in a box that scrolls sideways, so a wide table never widens the page
// on a phone. The box is a labelled region that takes keyboard focus, so keyboard users can scroll it too.
rules.table_open = () => `<div class="${TABLE_SCROLL_CLASS}" role="region" aria-label="Table" tabindex="0"><table>\n`;
rules.table_close = () => "</table></div>\n";
// A task list item's checkbox (disabled: it only shows done or not), named by the item's text for screen readers.
rules.task_checkbox = (tokens, idx) => {
  const token = at(tokens, idx);
  return `<input type="checkbox"${token.info === "checked" ? " checked" : ""} disabled${attributeText("aria-label", token.content)}> `;
};

// Footnotes as GitHub writes them: the reference points at a visually hidden "Footnotes"
// heading (aria-describedby), the notes are listed by first reference, each with links back.
// Ids keep GitHub's user-content- prefix; src/components/prose.css.ts styles .footnotes and .sr-only.
const meta = (token: Token, key: string): unknown => token.meta?.[key];
const footnoteId = (token: Token): string => escapeAttribute(encodeUrl(String(meta(token, "label") ?? "").toLowerCase()));
const footnoteNumber = (token: Token): number => Number(meta(token, "id") ?? 0) + 1;
const subId = (token: Token): number => Number(meta(token, "subId") ?? 0);
/** "" for the first reference to a note, "-2" for the second, and so on. */
const rereference = (token: Token): string => (subId(token) > 0 ? `-${subId(token) + 1}` : "");
rules.footnote_ref = (tokens, idx) => {
  const token = at(tokens, idx);
  const id = footnoteId(token);
  return `<sup><a href="#user-content-fn-${id}" id="user-content-fnref-${id}${rereference(token)}" data-footnote-ref aria-describedby="footnote-label">${footnoteNumber(token)}</a></sup>`;
};
rules.footnote_block_open = () => '<section data-footnotes class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2>\n<ol>\n';
rules.footnote_block_close = () => "</ol>\n</section>\n";
rules.footnote_open = (tokens, idx) => `<li id="user-content-fn-${footnoteId(at(tokens, idx))}">\n`;
rules.footnote_close = () => "</li>\n";
rules.footnote_anchor = (tokens, idx) => {
  const token = at(tokens, idx);
  const again = rereference(token);
  const link =
    `<a href="#user-content-fnref-${footnoteId(token)}${again}" data-footnote-backref="" aria-label="Back to reference ${footnoteNumber(token)}${again}" class="data-footnote-backref">` +
    `↩${again ? `<sup>${again.slice(1)}</sup>` : ""}</a>`;
  // The plugin puts a note's links (one per reference, in order) inside its last paragraph, after
  // that paragraph's text; after a list or a quote they stand on lines of their own.
  if (tokens[idx - subId(token) - 1]?.type === "inline") return ` ${link}`;
  return again ? ` \n${link}\n` : `${link}\n`;
};

/** The plain text of inline tokens: text and code, image descriptions, line breaks as spaces. */
function plainText(tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (token.type === "text" || token.type === "text_special" || token.type === "code_inline") text += token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += " ";
    else if (token.type === "image") text += altText(token.children ?? []);
  }
  return text;
}

/** An image's description as written between its brackets, markup left out. */
function altText(tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (token.type === "text" || token.type === "text_special" || token.type === "code_inline" || token.type === "html_inline") text += token.content;
    else if (token.type === "softbreak") text += "\n";
    else if (token.type === "image") text += altText(token.children ?? []);
  }
  return text;
}

const collapseSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

// `- [x] done`: the marker, then space and more text (a bare `- [ ]` is not a task).
const TASK_MARKER = /^\[([ xX])\][ \t\n]+[^ \t\n]/;

/**
 * One pass over the parsed tokens before they are written out: unique heading ids
 * ("Why", "Why" -> "why", "why-1"), task list checkboxes, table alignment as the
 * `align` attribute (the site's CSP allows no inline styles), the owner's photos
 * (with `problems` for missing or undescribed ones), and the first paragraph's text.
 */
function prepare(tokens: Token[], file: string, photos: Readonly<Record<string, Photo>>, problems: ContentProblem[]): string {
  const usedIds = new Map<string, number>();
  const lists: Token[] = [];
  const tasks: Array<{ checkbox: Token; item: number }> = [];
  let firstParagraph: string | undefined;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = at(tokens, i);
    switch (token.type) {
      case "bullet_list_open":
      case "ordered_list_open":
        lists.push(token);
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const checkbox = taskCheckbox(tokens, i);
        if (!checkbox) break;
        tasks.push({ checkbox, item: i });
        token.attrJoin("class", "task-list-item");
        const list = lists.at(-1);
        if (list && list.attrGet("class") === null) list.attrJoin("class", "contains-task-list");
        break;
      }
      case "heading_open":
        token.attrSet("id", uniqueId(slugify(plainText(tokens[i + 1]?.children ?? [])), usedIds));
        break;
      case "paragraph_open":
        firstParagraph ??= collapseSpace(plainText(tokens[i + 1]?.children ?? []));
        break;
      case "th_open":
      case "td_open": {
        const align = /^text-align:(\w+)$/.exec(String(token.attrGet("style") ?? ""))?.[1];
        token.attrs = align ? [["align", align]] : null;
        break;
      }
      case "inline":
        for (const child of token.children ?? []) {
          if (child.type !== "image") continue;
          const photo = localPhoto({ url: String(child.attrGet("src") ?? ""), alt: altText(child.children ?? []) }, file, photos, problems);
          if (photo) photoOfImage.set(child, photo);
        }
        break;
    }
  }
  // Named once every marker is out of the text, so an item's name never reads "[x]" of a nested task.
  for (const { checkbox, item } of tasks) checkbox.content = collapseSpace(itemText(tokens, item));
  return firstParagraph ?? "";
}

/** Turns `[x] ` at the start of a list item's first paragraph into a checkbox token; undefined when the item is no task. */
function taskCheckbox(tokens: Token[], item: number): Token | undefined {
  const inline = tokens[item + 2];
  if (tokens[item + 1]?.type !== "paragraph_open" || inline?.type !== "inline") return undefined;
  const marker = TASK_MARKER.exec(inline.content);
  const first = inline.children?.[0];
  if (!marker || !inline.children || first?.type !== "text" || !first.content.startsWith(marker[0].slice(0, 3))) return undefined;
  // The marker and one space, tab or line break after it are gone; the checkbox is written with a space after it.
  first.content = first.content.slice(3);
  if (first.content === "" && inline.children[1]?.type === "softbreak") inline.children.splice(1, 1);
  else first.content = first.content.replace(/^[ \t]/, "");
  const checkbox = new MarkdownIt.Token("task_checkbox", "input", 0);
  checkbox.info = marker[1] === " " ? "" : "checked";
  inline.children.unshift(checkbox);
  return checkbox;
}

/**
 * The plain text of the list item opening at `item`, its paragraphs joined by a space.
 * Nested lists are left out: their items are tasks (or not) of their own.
 */
function itemText(tokens: Token[], item: number): string {
  const level = at(tokens, item).level;
  const texts: string[] = [];
  let nested = 0;
  for (let i = item + 1; i < tokens.length; i += 1) {
    const token = at(tokens, i);
    if (token.type === "list_item_close" && token.level === level) break;
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") nested += 1;
    else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") nested -= 1;
    else if (token.type === "inline" && nested === 0) texts.push(plainText(token.children ?? []));
  }
  return texts.join(" ");
}

/**
 * `base`, or `base-1`, `base-2`, … whichever is free first. `used` maps each id to the next
 * number to try for it as a base: ids are never freed, so the search goes on from there
 * (20,000 headings "#" took a minute when every one counted from 1).
 */
function uniqueId(base: string, used: Map<string, number>): string {
  let n = used.get(base);
  if (n === undefined) {
    used.set(base, 1);
    return base;
  }
  let id = `${base}-${n}`;
  while (used.has(id)) {
    n += 1;
    id = `${base}-${n}`;
  }
  used.set(base, n + 1);
  used.set(id, 1);
  return id;
}

export interface MarkdownSource {
  /** The file's shown path (content/blog/oak/index.md): photos are found relative to it, problems name it. */
  file: string;
  /** The build's processed photos by shown path (scripts/build-engine/photos.ts). */
  photos?: Readonly<Record<string, Photo>>;
}

/** Markdown -> sanitized HTML (raw HTML, scripts, event handlers and `javascript:` links are removed). */
export function renderMarkdown(markdown: string): string {
  return renderMarkdownWithSummary(markdown).html;
}

/**
 * Like renderMarkdown, plus the first paragraph as plain text, from the same single pass,
 * with the file's photos placed; `problems` lists photos that are missing or undescribed.
 */
export function renderMarkdownWithSummary(
  markdown: string,
  source: MarkdownSource = { file: "" },
): { html: string; firstParagraph: string; problems: ContentProblem[] } {
  const env = {};
  const tokens = md.parse(markdown, env);
  const problems: ContentProblem[] = [];
  const firstParagraph = prepare(tokens, source.file || "(text)", source.photos ?? {}, problems);
  return { html: md.renderer.render(tokens, md.options, env), firstParagraph, problems };
}

/** Minutes to read at 200 words a minute, at least 1. Markdown markers (#, -, >) are not words. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 200));
}
