import type { Element, ElementContent } from "hast";
import type { Heading, ListItem, Nodes, Paragraph, Root, Table } from "mdast";
import { defaultHandlers, type Handlers } from "mdast-util-to-hast";
import { remark } from "remark";
import remarkGfm from "remark-gfm";
import remarkHtml from "remark-html";
// hast-util-sanitize comes with remark-html (which uses it internally); we only
// read its default schema so that ours stays "GitHub's rules plus heading ids".
import { defaultSchema, type Schema } from "hast-util-sanitize";
import type { VFile } from "vfile";
import type { ContentProblem } from "./content-error";
import { imageHandler, localPhotos, photoSanitizeAttributes, photoSanitizeTags } from "./markdown-photos";
import type { Photo } from "./photo";

/** The class of the box that lets a wide table scroll sideways on a phone (styled in src/components/prose.css.ts). */
export const TABLE_SCROLL_CLASS = "table-scroll";

/**
 * GitHub's sanitizer rules, except that `id` is not rewritten to `user-content-…`.
 * Safe here because raw HTML in a post is dropped before sanitizing (remark-html
 * never passes it through while sanitizing), so the only ids in the output are
 * the heading slugs made below, and `/blog/x#why-prune-in-winter` stays readable.
 */
const sanitizeSchema: Schema = {
  ...defaultSchema,
  // Footnote references point at their label with aria-describedby: keep it in step with the unprefixed ids.
  clobber: (defaultSchema.clobber ?? []).filter((name) => name !== "id" && name !== "ariaDescribedBy"),
  // The scroll box around each table (see handlers), and nothing else new.
  attributes: {
    ...defaultSchema.attributes,
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

/** The plain text of a node: text and code values, image alt text, breaks as spaces. */
export function plainText(node: Nodes): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  if (node.type === "break") return " ";
  if (node.type === "image") return node.alt ?? "";
  if ("children" in node) return node.children.map((child) => plainText(child)).join("");
  return "";
}

/**
 * Gives every heading a unique slug `id` ("Why", "Why" -> "why", "why-1"), and
 * records the first paragraph's text in `file.data.firstParagraph` so a post's
 * default excerpt costs no second parse.
 */
function headingIdsAndFirstParagraph() {
  return (tree: Root, file: VFile) => {
    const used = new Set<string>();
    let firstParagraph: Paragraph | undefined;

    const walk = (node: Nodes): void => {
      if (node.type === "heading") {
        setHeadingId(node, used);
      } else if (node.type === "paragraph") {
        firstParagraph ??= node;
      } else if ("children" in node) {
        for (const child of node.children) walk(child);
      }
    };
    walk(tree);

    file.data["firstParagraph"] = firstParagraph ? collapseSpace(plainText(firstParagraph)) : "";
  };
}

/**
 * Each table sits in a box that scrolls sideways, so a wide table never widens
 * the page on a phone. The box is a labelled region that takes keyboard focus,
 * so keyboard users can scroll it too.
 */
const handlers: Handlers = {
  image: imageHandler,
  table(state, node: Table) {
    const table = defaultHandlers.table(state, node);
    return {
      type: "element",
      tagName: "div",
      properties: { className: [TABLE_SCROLL_CLASS], role: "region", ariaLabel: "Table", tabIndex: 0 },
      children: [table],
    };
  },
  // A task list item's checkbox (disabled: it only shows done or not) needs a name for screen readers.
  listItem(state, node: ListItem, parent) {
    const item = defaultHandlers.listItem(state, node, parent);
    const checkbox = typeof node.checked === "boolean" ? findElement(item, "input") : undefined;
    if (checkbox) checkbox.properties = { ...checkbox.properties, ariaLabel: collapseSpace(plainText(node)) };
    return item;
  },
};

function findElement(node: ElementContent, tagName: string): Element | undefined {
  if (node.type !== "element") return undefined;
  if (node.tagName === tagName) return node;
  for (const child of node.children) {
    const found = findElement(child, tagName);
    if (found) return found;
  }
  return undefined;
}

function setHeadingId(heading: Heading, used: Set<string>): void {
  const base = slugify(plainText(heading));
  let id = base;
  for (let n = 1; used.has(id); n += 1) id = `${base}-${n}`;
  used.add(id);
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
}

const collapseSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

// Built once: freezing the processor up front keeps each post to parse + run + stringify.
const processor = remark()
  // GitHub's Markdown: tables, ~~strikethrough~~, bare links, task lists, footnotes.
  .use(remarkGfm)
  .use(localPhotos)
  .use(headingIdsAndFirstParagraph)
  .use(remarkHtml, { sanitize: sanitizeSchema, handlers })
  .freeze();

/** Markdown -> sanitized HTML (raw HTML, scripts, event handlers and `javascript:` links are removed). */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

export interface MarkdownSource {
  /** The file's shown path (content/blog/oak/index.md): photos are found relative to it, problems name it. */
  file: string;
  /** The build's processed photos by shown path (build/photos.ts). */
  photos?: Readonly<Record<string, Photo>>;
}

/**
 * Like renderMarkdown, plus the first paragraph as plain text, from the same single pass,
 * with the file's photos placed; `problems` lists photos that are missing or undescribed.
 */
export function renderMarkdownWithSummary(
  markdown: string,
  source: MarkdownSource = { file: "" },
): { html: string; firstParagraph: string; problems: ContentProblem[] } {
  const file = processor.processSync({ value: markdown, path: source.file || undefined, data: { photos: source.photos ?? {} } });
  const firstParagraph = file.data["firstParagraph"];
  return { html: String(file), firstParagraph: typeof firstParagraph === "string" ? firstParagraph : "", problems: file.data.photoProblems ?? [] };
}

/** Minutes to read at 200 words a minute, at least 1. Markdown markers (#, -, >) are not words. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 200));
}
