// The Markdown step: GitHub-flavoured Markdown (tables, ~~strikethrough~~, bare links,
// task lists, footnotes) to HTML that is safe to inject, with heading ids, the owner's
// photos placed, the first paragraph as plain text for a default excerpt, and the
// number of words for the reading time.
//
// remark (the design card's) parses, with remark-gfm; remark-html writes the HTML,
// through hast-util-sanitize (the unified collective's sanitizer, GitHub's rules). What
// the site adds are plugins on the same trees, in the same single pass per document:
// documentFacts on the Markdown tree (heading ids, photos, first paragraph, words) and
// remark-html's handlers on the HTML tree (photos as <picture>, tables in a box that
// scrolls, task checkboxes with names). One processor is made and frozen when this
// module loads, so each build worker sets it up once (scripts/build-engine/render-worker.ts).
import type { Element, ElementContent } from "hast";
import { defaultSchema, type Schema } from "hast-util-sanitize";
import type { Definition, Image, ImageReference, ListItem, Nodes, Root } from "mdast";
import { defaultHandlers, type Handlers } from "mdast-util-to-hast";
import { remark } from "remark";
import remarkGfm from "remark-gfm";
import remarkHtml from "remark-html";
import type { VFile } from "vfile";
import type { ContentProblem } from "./content-error";
import { nestedTooDeeply } from "./content-limits";
import { localPhoto, photoElement, photoSanitizeAttributes, photoSanitizeTags } from "./markdown-photos";
import type { Photo } from "./photo";

declare module "mdast" {
  interface ImageData {
    /** Set by documentFacts when the image is one of the owner's processed photos. */
    photo?: Photo;
  }
  interface ImageReferenceData {
    photo?: Photo;
  }
}

declare module "vfile" {
  interface DataMap {
    /** In: the build's processed photos, by shown path (scripts/build-engine/photos.ts). */
    photos: Readonly<Record<string, Photo>>;
    /** Out: what documentFacts found. */
    facts: DocumentFacts;
  }
}

/** What the pass over the Markdown tree finds in one document. */
interface DocumentFacts {
  /** The first paragraph as plain text (footnotes left out): the default excerpt. */
  firstParagraph: string;
  /** Words a reader reads: text, code and photo descriptions; not addresses or dropped HTML. */
  words: number;
  /** Photos that are missing, undescribed or on another site, in the order written. */
  problems: ContentProblem[];
}

/** The class of the box that lets a wide table scroll sideways on a phone (styled in src/components/prose.css.ts). */
export const TABLE_SCROLL_CLASS = "table-scroll";

/**
 * GitHub's sanitizer rules, except that `id` is not rewritten to `user-content-…`.
 * Safe here because raw HTML in a post is dropped before sanitizing (remark-html
 * keeps no raw HTML while sanitizing), so the only ids in the output are the heading
 * slugs made below and the footnotes' (already `user-content-` ones), and
 * `/blog/x#why-prune-in-winter` stays readable.
 */
const sanitizeSchema: Schema = {
  ...defaultSchema,
  // Footnote references point at their label with aria-describedby: keep it in step with the unprefixed ids.
  clobber: (defaultSchema.clobber ?? []).filter((name) => name !== "id" && name !== "ariaDescribedBy"),
  attributes: {
    ...defaultSchema.attributes,
    // The scroll box around each table (see handlers), and nothing else new.
    div: [...(defaultSchema.attributes?.["div"] ?? []), ["className", TABLE_SCROLL_CLASS], ["role", "region"], "ariaLabel"],
    // A task list's checkbox is named by its item's text (see handlers).
    input: [...(defaultSchema.attributes?.["input"] ?? []), "ariaLabel"],
    // Owner photos as <picture> (src/content/markdown-photos.ts).
    source: photoSanitizeAttributes.source,
    img: [...(defaultSchema.attributes?.["img"] ?? []), ...photoSanitizeAttributes.img],
  },
  tagNames: [...(defaultSchema.tagNames ?? []), ...photoSanitizeTags],
};

/** Lowercase words joined by hyphens, the way GitHub slugs headings; "section" when nothing is left. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
  return slug === "" ? "section" : slug;
}

/** The plain text of a node: text and code, image descriptions, line breaks as spaces. Raw HTML is left out (it is dropped). */
function plainText(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value;
    case "break":
      return " ";
    case "image":
    case "imageReference":
      return node.alt ?? "";
  }
  if (!("children" in node)) return "";
  let text = "";
  for (const child of node.children) text += plainText(child);
  return text;
}

const collapseSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;
const countWords = (text: string): number => text.match(WORD)?.length ?? 0;

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

/**
 * The one pass over a document's Markdown tree: unique heading ids ("Why", "Why" ->
 * "why", "why-1"), the owner's photos found (or a problem each), the first paragraph's
 * text and the words, kept in `file.data.facts` so none of them costs a second parse.
 */
function documentFacts() {
  return (tree: Root, file: VFile) => {
    const usedIds = new Map<string, number>();
    const definitions = new Map<string, Definition>();
    const images: Array<Image | ImageReference> = [];
    let firstParagraph: string | undefined;
    let words = 0;

    const walk = (node: Nodes, inFootnote: boolean): void => {
      switch (node.type) {
        case "text":
        case "inlineCode":
        case "code":
          words += countWords(node.value);
          return;
        case "image":
        case "imageReference":
          words += countWords(node.alt ?? "");
          images.push(node);
          return;
        case "definition":
          // The first of two definitions of a name wins, as in mdast-util-to-hast.
          if (!definitions.has(node.identifier)) definitions.set(node.identifier, node);
          return;
        case "heading":
          node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: uniqueId(slugify(plainText(node)), usedIds) } };
          break;
        case "paragraph":
          // A note is not the opening of the text, wherever it is written.
          if (!inFootnote) firstParagraph ??= collapseSpace(plainText(node));
          break;
      }
      if (!("children" in node)) return;
      const footnote = inFootnote || node.type === "footnoteDefinition";
      for (const child of node.children) walk(child, footnote);
    };
    walk(tree, false);

    const where = file.path || "(text)";
    const photos = file.data.photos ?? {};
    const problems: ContentProblem[] = [];
    for (const image of images) {
      const url = image.type === "image" ? image.url : definitions.get(image.identifier)?.url;
      // A reference without a definition stays text (mdast-util-to-hast writes it as written).
      if (url === undefined) continue;
      const photo = localPhoto({ url, alt: image.alt ?? "" }, where, photos, problems);
      if (photo) image.data = { ...image.data, photo };
    }
    file.data.facts = { firstParagraph: firstParagraph ?? "", words, problems };
  };
}

function findElement(node: ElementContent, tagName: string): Element | undefined {
  if (node.type !== "element") return undefined;
  if (node.tagName === tagName) return node;
  for (const child of node.children) {
    const found = findElement(child, tagName);
    if (found) return found;
  }
  return undefined;
}

/** A task's own text, its paragraphs joined by a space: nested lists are left out (their items are tasks, or not, of their own). */
function itemText(node: Nodes): string {
  if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") return plainText(node);
  if (!("children" in node)) return "";
  const texts: string[] = [];
  for (const child of node.children) if (child.type !== "list") texts.push(itemText(child));
  return texts.join(" ");
}

/** How remark-html writes the nodes the site writes its own way (mdast-util-to-hast handlers). */
const handlers: Handlers = {
  // An owner photo documentFacts found as <picture>; any other image as mdast-util-to-hast writes it.
  image: (state, node) => (node.data?.photo ? photoElement(node.data.photo, node.alt ?? "", node.title) : defaultHandlers.image(state, node)),
  imageReference: (state, node) =>
    node.data?.photo
      ? photoElement(node.data.photo, node.alt ?? "", state.definitionById.get(node.identifier.toUpperCase())?.title)
      : defaultHandlers.imageReference(state, node),
  // Each table sits in a box that scrolls sideways, so a wide table never widens the page on a
  // phone. The box is a labelled region that takes keyboard focus, so keyboard users can scroll it too.
  table(state, node) {
    return {
      type: "element",
      tagName: "div",
      properties: { className: [TABLE_SCROLL_CLASS], role: "region", ariaLabel: "Table", tabIndex: 0 },
      children: [defaultHandlers.table(state, node)],
    };
  },
  // A task list item's checkbox (disabled: it only shows done or not) is named by the task's text for screen readers.
  listItem(state, node: ListItem, parent) {
    const item = defaultHandlers.listItem(state, node, parent);
    const checkbox = typeof node.checked === "boolean" ? findElement(item, "input") : undefined;
    if (checkbox) checkbox.properties = { ...checkbox.properties, ariaLabel: collapseSpace(itemText(node)) };
    return item;
  },
};

/** The site's one Markdown processor: made and frozen once, so a document costs its parse, one pass and the HTML. */
export const markdownProcessor = remark()
  // GitHub's Markdown: tables, ~~strikethrough~~, bare links, task lists, footnotes. One tilde
  // does not strike, so "~$300 to ~$400" stays two prices.
  .use(remarkGfm, { singleTilde: false })
  .use(documentFacts)
  .use(remarkHtml, { sanitize: sanitizeSchema, handlers })
  .freeze();

export interface MarkdownSource {
  /** The file's shown path (content/blog/oak/index.md): photos are found relative to it, problems name it. */
  file: string;
  /** The build's processed photos by shown path (scripts/build-engine/photos.ts). */
  photos?: Readonly<Record<string, Photo>>;
}

export interface RenderedMarkdown {
  /** Sanitized HTML (raw HTML, scripts, event handlers and `javascript:` links are removed). */
  html: string;
  firstParagraph: string;
  /** Minutes to read at 200 words a minute, at least 1. */
  readingMinutes: number;
  /** Photos that are missing, undescribed or on another site. */
  problems: ContentProblem[];
}

/** Minutes to read `words` at 200 words a minute, at least 1. */
export const readingMinutes = (words: number): number => Math.max(1, Math.round(words / 200));

const isStackOverflow = (error: unknown): boolean => error instanceof RangeError && /call stack/i.test(error.message);

/** Markdown -> sanitized HTML, with the first paragraph, the reading time and the file's photos placed, from one parse. */
export function renderMarkdownWithSummary(markdown: string, source: MarkdownSource = { file: "" }): RenderedMarkdown {
  const file = source.file || "(text)";
  try {
    const done = markdownProcessor.processSync({ value: markdown, path: source.file || undefined, data: { photos: source.photos ?? {} } });
    const facts = done.data.facts ?? { firstParagraph: "", words: 0, problems: [] };
    return { html: String(done), firstParagraph: facts.firstParagraph, readingMinutes: readingMinutes(facts.words), problems: facts.problems };
  } catch (error) {
    // remark's parser and its trees recurse once per level of quotes and lists: thousands of
    // levels (`> > > …`) run out of stack, which is the file's mistake, not the build's.
    if (!isStackOverflow(error)) throw error;
    return { html: "", firstParagraph: "", readingMinutes: 1, problems: [nestedTooDeeply(file)] };
  }
}

/** Markdown -> sanitized HTML. */
export function renderMarkdown(markdown: string): string {
  return renderMarkdownWithSummary(markdown).html;
}
