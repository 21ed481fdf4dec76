// The post's "Text" as it will read (issue 37): Milkdown (ProseMirror with remark) in the
// editor's data-rich-host (src/desk/screens/post-editor-screen.tsx), with our own toolbar
// (post-editor.ts calls `command`), photos shown in the text with buttons to move and remove
// them, and photos on their way shown where they will go. What is saved is Markdown, written by
// markdown-blocks.ts into the form's text field after each pause in typing: the file's own
// bytes wherever the owner changed nothing. Loaded only on the editor's screen.
import { Editor, editorViewCtx, editorViewOptionsCtx, nodeViewCtx, parserCtx, rootCtx, serializerCtx } from "@milkdown/kit/core";
import { history } from "@milkdown/kit/plugin/history";
import { lift, setBlockType, toggleMark, wrapIn } from "@milkdown/kit/prose/commands";
import { keymap } from "@milkdown/kit/prose/keymap";
import type { MarkType, Node as ProseNode, NodeType } from "@milkdown/kit/prose/model";
import { liftListItem, wrapInList } from "@milkdown/kit/prose/schema-list";
import { EditorState, NodeSelection, Plugin, Selection, TextSelection, type Command, type Transaction } from "@milkdown/kit/prose/state";
import { addRowAfter, isInTable } from "@milkdown/kit/prose/tables";
import type { EditorView, NodeView, NodeViewConstructor } from "@milkdown/kit/prose/view";
import { $prose } from "@milkdown/kit/utils";
import * as css from "../screens/posts.css";
import { copyOf } from "./photo-convert";
import { PostText, type MarkdownIO } from "./markdown-blocks";
import { configureMarkdown, markdownPlugins, takeLastTree } from "./markdown-setup";

/** A photo on its way up is in the text as an image whose address is this and its id (not saved: markdown-blocks.ts). */
const PENDING = "pending:";
/** After this pause in typing, the Markdown is written into the form (autosave and the preview follow it). */
const SYNC_PAUSE_MS = 250;

export interface RichTextOptions {
  host: HTMLElement;
  markdown: string;
  /** The Markdown after a change (a pause in typing, or `flush`). */
  changed(markdown: string): void;
  /** Where to show a photo of the post from, by its file name. */
  photoUrl(name: string): string | undefined;
  /** A photo on its way was taken out of the text. */
  removedPending(id: string): void;
  /** Asks for a link's address (empty: no link). */
  askLink(current: string): string | null;
  /** Attributes of the editable text (its name, its hint). */
  attributes: Record<string, string>;
}

export interface RichText {
  /** The Markdown now (written into the form first, if it changed). */
  flush(): string;
  /** A toolbar button or key: "bold", "italic", "heading", "subheading", "bullets", "numbers", "quote", "link", "table". */
  command(name: string): boolean;
  /** Photos chosen: in the text where the owner was writing, on their way. */
  placePhotos(ids: string[]): void;
  pendingPreview(id: string, preview: HTMLCanvasElement): void;
  pendingWords(id: string, words: string): void;
  pendingAlt(id: string, alt: string): void;
  /** A photo on its way is ready; false when it is no longer in the text. */
  photoReady(id: string, name: string, alt: string): boolean;
  /** A photo on its way is not coming. */
  pendingGone(id: string): void;
  /** A photo's description, changed in the list of photos. */
  describe(name: string, alt: string): void;
  /** Why the post cannot be kept as written in this editor (see PostText.unfaithful), if it cannot. */
  unfaithful(): string | undefined;
  focus(): void;
  destroy(): void;
}

/** The editor in `options.host`, showing `options.markdown`; throws CannotHold for a post it cannot show as written. */
export async function startRichText(options: RichTextOptions): Promise<RichText> {
  const pending = new Map<string, { preview?: HTMLCanvasElement; words: string }>();
  const views = new Set<PhotoView>();
  let commands: Record<string, () => boolean> = {};
  let syncTimer: ReturnType<typeof setTimeout> | undefined;
  let written = options.markdown;
  let text: PostText | undefined;

  const sync = () => {
    clearTimeout(syncTimer);
    syncTimer = undefined;
    if (!text) return written;
    const markdown = text.markdown(view().state.doc);
    if (markdown !== written) {
      written = markdown;
      options.changed(markdown);
    }
    return markdown;
  };
  const watch = new Plugin({
    view: () => ({
      update(v, before) {
        if (v.state.doc === before.doc) return;
        clearTimeout(syncTimer);
        syncTimer = setTimeout(sync, SYNC_PAUSE_MS);
      },
    }),
  });
  const keys = keymap({
    "Mod-k": () => commands.link?.() ?? false,
    // At the start of a list item or a quote, Backspace takes the line out of it (as a phone's
    // notes app does), where ProseMirror's own would join it to the line above.
    Backspace: (state, dispatch) => {
      const { $from, empty } = state.selection;
      if (!empty || $from.parentOffset !== 0 || $from.depth < 2 || $from.index(-1) !== 0) return false;
      const around = $from.node(-1).type;
      if (around === state.schema.nodes.list_item) return liftListItem(around)(state, dispatch);
      if (around === state.schema.nodes.blockquote) return lift(state, dispatch);
      return false;
    },
  });

  const editor = Editor.make()
    .config((ctx) => {
      configureMarkdown(ctx);
      ctx.set(rootCtx, options.host);
      ctx.update(editorViewOptionsCtx, (o) => ({ ...o, attributes: options.attributes }));
      const photoView: NodeViewConstructor = (node, v, getPos) => new PhotoView(node, v, getPos, photos);
      ctx.update(nodeViewCtx, (list) => [...list, ["image", photoView] as [string, NodeViewConstructor]]);
    })
    .use(markdownPlugins)
    .use(history)
    .use($prose(() => watch))
    .use($prose(() => keys));
  await editor.create();
  performance.mark("editor:created");
  const view = () => editor.ctx.get(editorViewCtx);
  const parse = editor.ctx.get(parserCtx);
  const io: MarkdownIO = { parse: (markdown) => ({ doc: parse(markdown), tree: takeLastTree() }), serialize: editor.ctx.get(serializerCtx) };
  try {
    text = new PostText(io, options.markdown, { unsaved: (node) => node.type.name === "image" && String(node.attrs.src).startsWith(PENDING) });
    performance.mark("editor:parsed");
  } catch (error) {
    await editor.destroy();
    throw error;
  }

  const dispatch = (tr: Transaction) => view().dispatch(tr);
  const schema = view().state.schema;
  const nodes = schema.nodes as Record<string, NodeType>;
  const marks = schema.marks as Record<string, MarkType>;
  const run = (command: Command) => command(view().state, dispatch, view());

  /** Each image of the text whose address is `src`, with its place. */
  const imagesAt = (src: string) => {
    const found: { node: ProseNode; pos: number }[] = [];
    view().state.doc.descendants((node, pos) => {
      if (node.type === nodes.image && node.attrs.src === src) found.push({ node, pos });
    });
    return found;
  };

  /** Blocks put where the owner is writing: in place of an empty line, else after the block there. */
  const insertBlocks = (blocks: ProseNode[], tr = view().state.tr): Transaction => {
    const { $from } = tr.selection;
    const top = $from.depth > 0 ? $from.node(1) : undefined;
    const emptyLine = top !== undefined && top.type === nodes.paragraph && top.content.size === 0;
    const from = $from.depth > 0 ? $from.before(1) : 0;
    const at = top && !emptyLine ? from + top.nodeSize : from;
    tr.replaceWith(at, emptyLine ? at + (top?.nodeSize ?? 0) : at, blocks);
    return tr;
  };

  /** A mark on the selection; with none, on the word at the cursor (the cursor stays), else on what is typed next. */
  const markOn = (type: MarkType): boolean => {
    const state = view().state;
    const word = state.selection.empty ? wordAt(state.selection.$from) : undefined;
    if (!word) return run(toggleMark(type));
    let marked: Transaction | undefined;
    toggleMark(type)(state.apply(state.tr.setSelection(TextSelection.create(state.doc, word.from, word.to))), (tr) => (marked = tr));
    if (!marked) return false;
    // Its steps were made on the same document: one change, undone at once.
    const tr = state.tr;
    for (const step of marked.steps) tr.step(step);
    dispatch(tr.setSelection(TextSelection.create(tr.doc, state.selection.from)));
    return true;
  };

  const inside = (type: NodeType): number | undefined => {
    const { $from } = view().state.selection;
    for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type === type) return depth;
    return undefined;
  };
  const textStyle = (type: NodeType, attrs?: Record<string, unknown>) => {
    const parent = view().state.selection.$from.parent;
    const already = parent.type === type && (!attrs || parent.attrs.level === attrs.level);
    return run(already ? setBlockType(nodes.paragraph as NodeType) : setBlockType(type, attrs));
  };
  const list = (type: NodeType, other: NodeType) => {
    if (inside(type) !== undefined) return run(liftListItem(nodes.list_item as NodeType));
    const depth = inside(other);
    if (depth !== undefined) {
      const state = view().state;
      dispatch(state.tr.setNodeMarkup(state.selection.$from.before(depth), type));
      return true;
    }
    return run(wrapInList(type));
  };

  commands = {
    bold: () => markOn(marks.strong as MarkType),
    italic: () => markOn(marks.emphasis as MarkType),
    heading: () => textStyle(nodes.heading as NodeType, { level: 2 }),
    subheading: () => textStyle(nodes.heading as NodeType, { level: 3 }),
    bullets: () => list(nodes.bullet_list as NodeType, nodes.ordered_list as NodeType),
    numbers: () => list(nodes.ordered_list as NodeType, nodes.bullet_list as NodeType),
    quote: () => (inside(nodes.blockquote as NodeType) !== undefined ? run(lift) : run(wrapIn(nodes.blockquote as NodeType))),
    link: () => {
      const state = view().state;
      const link = marks.link as MarkType;
      const { $from, empty } = state.selection;
      const current = link.isInSet($from.marks())?.attrs.href ?? "";
      const address = options.askLink(String(current))?.trim();
      if (address === undefined) return true;
      const range = linkRange($from, link) ?? (empty ? wordAt($from) : { from: state.selection.from, to: state.selection.to });
      const tr = state.tr;
      if (!address) {
        if (range) tr.removeMark(range.from, range.to, link);
      } else if (range) tr.removeMark(range.from, range.to, link).addMark(range.from, range.to, link.create({ href: address, title: null }));
      else tr.insert(state.selection.from, schema.text(address, [link.create({ href: address, title: null })]));
      dispatch(tr);
      view().focus();
      return true;
    },
    table: () => {
      if (isInTable(view().state)) return run(addRowAfter);
      // No alignment (a table written by hand has none unless it says so).
      const cell = (type: string, words?: string) => (nodes[type] as NodeType).create({ alignment: null }, (nodes.paragraph as NodeType).create(null, words ? schema.text(words) : undefined));
      const table = (nodes.table as NodeType).create(null, [
        (nodes.table_header_row as NodeType).create(null, [cell("table_header", "Column"), cell("table_header", "Column")]),
        (nodes.table_row as NodeType).create(null, [cell("table_cell"), cell("table_cell")]),
      ]);
      const tr = insertBlocks([table]);
      // The first heading's word selected: typing replaces it.
      let first = -1;
      tr.doc.descendants((node, pos) => {
        if (first === -1 && node === table) first = pos;
        return first === -1;
      });
      if (first !== -1) tr.setSelection(TextSelection.create(tr.doc, first + 4, first + 4 + "Column".length));
      dispatch(tr.scrollIntoView());
      return true;
    },
  };

  const photos: PhotoViews = {
    views,
    url: (src) => (src.startsWith("./") ? options.photoUrl(src.slice(2)) : undefined),
    preview: (src) => (src.startsWith(PENDING) ? pending.get(src.slice(PENDING.length))?.preview : undefined),
    words: (src) => (src.startsWith(PENDING) ? (pending.get(src.slice(PENDING.length))?.words ?? "Sending...") : undefined),
    move: (pos, direction) => {
      const tr = movePhoto(view().state, pos, direction);
      if (tr) dispatch(tr.scrollIntoView());
    },
    remove: (pos) => {
      const state = view().state;
      const node = state.doc.nodeAt(pos);
      if (!node) return;
      const $pos = state.doc.resolve(pos);
      const alone = $pos.parent.type === nodes.paragraph && $pos.parent.childCount === 1 && $pos.depth > 0;
      const tr = alone ? state.tr.delete($pos.before(), $pos.after()) : state.tr.delete(pos, pos + node.nodeSize);
      dispatch(tr);
      const src = String(node.attrs.src);
      if (src.startsWith(PENDING)) options.removedPending(src.slice(PENDING.length));
      view().focus();
    },
  };
  const refresh = () => {
    for (const photo of views) photo.render();
  };
  // The opened post's own document: its blocks are the ones markdown-blocks.ts finds unchanged.
  view().updateState(EditorState.create({ schema: view().state.schema, doc: text.doc, plugins: view().state.plugins }));
  performance.mark("editor:shown");

  return {
    flush: sync,
    command: (name) => {
      const done = commands[name]?.() ?? false;
      if (name !== "link") view().focus();
      return done;
    },
    placePhotos(ids) {
      if (ids.length === 0) return;
      for (const id of ids) pending.set(id, { words: "Sending..." });
      const blocks = ids.map((id) => (nodes.paragraph as NodeType).create(null, (nodes.image as NodeType).create({ src: `${PENDING}${id}`, alt: "", title: "" })));
      const tr = insertBlocks(blocks);
      // Writing goes on after them (and the next photos chosen come after them): on a new line if they end the text.
      let end = tr.mapping.map(tr.selection.to);
      const last = blocks.at(-1) as ProseNode;
      tr.doc.forEach((node, offset) => {
        if (node === last) end = offset + node.nodeSize;
      });
      if (end >= tr.doc.content.size) tr.insert(end, (nodes.paragraph as NodeType).create());
      tr.setSelection(Selection.near(tr.doc.resolve(end + 1), 1));
      dispatch(tr.scrollIntoView());
    },
    pendingPreview(id, preview) {
      const p = pending.get(id);
      if (p) p.preview = preview;
      refresh();
    },
    pendingWords(id, words) {
      const p = pending.get(id);
      if (p) p.words = words;
      refresh();
    },
    pendingAlt(id, alt) {
      setImages(`${PENDING}${id}`, { alt }, false);
    },
    photoReady(id, name, alt) {
      const found = setImages(`${PENDING}${id}`, { src: `./${name}`, alt, title: "" }, false);
      pending.delete(id);
      return found;
    },
    pendingGone(id) {
      const state = view().state;
      const tr = state.tr;
      for (const { pos, node } of imagesAt(`${PENDING}${id}`).reverse()) {
        const $pos = state.doc.resolve(pos);
        if ($pos.parent.childCount === 1 && $pos.depth > 0) tr.delete($pos.before(), $pos.after());
        else tr.delete(pos, pos + node.nodeSize);
      }
      pending.delete(id);
      if (tr.docChanged) dispatch(tr.setMeta("addToHistory", false));
    },
    describe(name, alt) {
      setImages(`./${name}`, { alt: alt.replace(/\s+/g, " ").trim() }, true);
    },
    unfaithful: () => text?.unfaithful(),
    focus: () => view().focus(),
    destroy: () => {
      clearTimeout(syncTimer);
      void editor.destroy();
      options.host.replaceChildren();
    },
  };

  /** Sets attributes of each image at `src`; false when there is none. */
  function setImages(src: string, attrs: Record<string, unknown>, undoable: boolean): boolean {
    const found = imagesAt(src);
    if (found.length === 0) return false;
    const tr = view().state.tr;
    for (const { node, pos } of found) tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...attrs });
    dispatch(undoable ? tr : tr.setMeta("addToHistory", false));
    return true;
  }
}

/** The word around a cursor in its text block, as positions; undefined outside a word. */
function wordAt($pos: Selection["$from"]): { from: number; to: number } | undefined {
  const parent = $pos.parent;
  if (!parent.isTextblock) return undefined;
  // One character per leaf (a photo, a line break): offsets in the text are offsets in the block.
  const text = parent.textBetween(0, parent.content.size, undefined, "\ufffc");
  let start = $pos.parentOffset;
  let end = start;
  const letter = /[\p{L}\p{N}'’-]/u;
  while (start > 0 && letter.test(text[start - 1] ?? "")) start--;
  while (end < text.length && letter.test(text[end] ?? "")) end++;
  if (start === end) return undefined;
  const base = $pos.start();
  return { from: base + start, to: base + end };
}

/** The link mark's extent around a cursor, if the cursor is in a link. */
function linkRange($pos: Selection["$from"], link: MarkType): { from: number; to: number } | undefined {
  const parent = $pos.parent;
  const index = $pos.index();
  const inLink = (i: number) => i >= 0 && i < parent.childCount && link.isInSet(parent.child(i).marks) !== undefined;
  const at = inLink(index) ? index : inLink(index - 1) ? index - 1 : -1;
  if (at === -1) return undefined;
  let first = at;
  let last = at;
  while (inLink(first - 1)) first--;
  while (inLink(last + 1)) last++;
  let from = $pos.start();
  for (let i = 0; i < first; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i++) to += parent.child(i).nodeSize;
  return { from, to };
}

/**
 * The photo at `pos` one block up or down: a photo on a line of its own changes places with the
 * block above or below; one among words goes on a line of its own before or after their block.
 */
function movePhoto(state: EditorState, pos: number, direction: -1 | 1): Transaction | undefined {
  const doc = state.doc;
  const photo = doc.nodeAt(pos);
  const $pos = doc.resolve(pos);
  if (!photo || $pos.depth === 0) return undefined;
  const index = $pos.index(0);
  const block = doc.child(index);
  const start = $pos.before(1);
  const paragraph = state.schema.nodes.paragraph as NodeType;
  const tr = state.tr;
  let placed: number;
  if ($pos.depth === 1 && block.type === paragraph && block.childCount === 1) {
    const neighbour = index + direction >= 0 && index + direction < doc.childCount ? doc.child(index + direction) : undefined;
    if (!neighbour) return undefined;
    if (direction < 0) {
      tr.replaceWith(start - neighbour.nodeSize, start + block.nodeSize, [block, neighbour]);
      placed = start - neighbour.nodeSize + 1;
    } else {
      tr.replaceWith(start, start + block.nodeSize + neighbour.nodeSize, [neighbour, block]);
      placed = start + neighbour.nodeSize + 1;
    }
  } else {
    tr.delete(pos, pos + photo.nodeSize);
    const at = tr.mapping.map(direction < 0 ? start : start + block.nodeSize, direction < 0 ? -1 : 1);
    tr.insert(at, paragraph.create(null, photo));
    placed = at + 1;
  }
  return tr.setSelection(NodeSelection.create(tr.doc, placed));
}

interface PhotoViews {
  views: Set<PhotoView>;
  url(src: string): string | undefined;
  /** The picture of a photo on its way (photo-upload.ts draws it). */
  preview(src: string): HTMLCanvasElement | undefined;
  words(src: string): string | undefined;
  move(pos: number, direction: -1 | 1): void;
  remove(pos: number): void;
}

/** A photo in the text: the picture, what it shows, and buttons to move it or take it out. */
class PhotoView implements NodeView {
  readonly dom: HTMLElement;
  private readonly picture = document.createElement("img");
  private readonly drawn = document.createElement("span");
  private shown: HTMLCanvasElement | undefined;
  private readonly caption = document.createElement("span");
  private readonly waiting = document.createElement("span");
  private readonly buttons: HTMLButtonElement[];

  constructor(
    private node: ProseNode,
    _view: EditorView,
    private readonly getPos: () => number | undefined,
    private readonly photos: PhotoViews,
  ) {
    this.dom = document.createElement("span");
    this.dom.className = css.photoInText;
    this.dom.contentEditable = "false";
    this.dom.dataset.photoInText = "";
    this.picture.className = css.photoPicture;
    this.picture.alt = "";
    this.caption.className = css.photoCaption;
    this.waiting.className = css.photoWaiting;
    const tools = document.createElement("span");
    tools.className = css.photoTools;
    const button = (words: string, act: (pos: number) => void) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = css.photoTool;
      b.textContent = words;
      // A tap keeps the text's focus, and the phone's keyboard (as the toolbar's buttons).
      b.addEventListener("pointerdown", (event) => event.preventDefault());
      b.addEventListener("mousedown", (event) => event.preventDefault());
      b.addEventListener("click", () => {
        const pos = this.getPos();
        if (pos !== undefined) act(pos);
      });
      tools.append(b);
      return b;
    };
    this.buttons = [button("Move up", (pos) => this.photos.move(pos, -1)), button("Move down", (pos) => this.photos.move(pos, 1)), button("Remove", (pos) => this.photos.remove(pos))];
    this.drawn.className = css.photoPicture;
    this.dom.append(this.picture, this.drawn, this.caption, this.waiting, tools);
    this.photos.views.add(this);
    this.render();
  }

  render(): void {
    const src = String(this.node.attrs.src);
    const alt = String(this.node.attrs.alt ?? "");
    const url = this.photos.url(src);
    if (url && this.picture.getAttribute("src") !== url) this.picture.src = url;
    this.picture.hidden = !url;
    const preview = url ? undefined : this.photos.preview(src);
    if (preview !== this.shown) {
      this.shown = preview;
      this.drawn.replaceChildren(...(preview ? [copyOf(preview)] : []));
    }
    this.drawn.hidden = !preview;
    this.caption.textContent = alt || "No description yet: say what it shows under “Add photo”.";
    const words = this.photos.words(src);
    this.waiting.textContent = words ?? "";
    this.waiting.hidden = words === undefined;
    const which = alt || "the photo";
    const [up, down, remove] = this.buttons;
    up?.setAttribute("aria-label", `Move up: ${which}`);
    down?.setAttribute("aria-label", `Move down: ${which}`);
    remove?.setAttribute("aria-label", `Remove: ${which}`);
  }

  update(node: ProseNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add("ProseMirror-selectednode");
  }

  deselectNode(): void {
    this.dom.classList.remove("ProseMirror-selectednode");
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof Element && event.target.closest("button") !== null;
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.photos.views.delete(this);
  }
}
