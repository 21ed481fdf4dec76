// The post editor's Markdown in Node, without a page: the same Milkdown plugins and settings as
// the editor in the browser (markdown-setup.ts), run without the editor's view, for the
// round-trip tests (editor-markdown.test.ts, beside the desk server's post files). Not loaded by the browser.
import type { Node as ProseNode, Schema } from "@milkdown/kit/prose/model";
import { Clock, Container, Ctx } from "@milkdown/kit/ctx";
import { commands, config, editorState, editorViewCtx, init, keymap, parser, parserCtx, pasteRule, schema, schemaCtx, serializer, serializerCtx, type Editor } from "@milkdown/kit/core";
import { configureMarkdown, markdownPlugins, takeLastTree } from "./markdown-setup";
import type { MarkdownIO } from "./markdown-blocks";

export interface MarkdownCore extends MarkdownIO {
  schema: Schema;
}

/** Milkdown's parser, writer and schema as the editor has them. */
export async function markdownCore(): Promise<MarkdownCore> {
  // Milkdown's timers are events on the window; Node's global object is no EventTarget.
  const g = globalThis as unknown as Partial<EventTarget>;
  if (typeof g.dispatchEvent !== "function") {
    const target = new EventTarget();
    Object.assign(globalThis, { addEventListener: target.addEventListener.bind(target), removeEventListener: target.removeEventListener.bind(target), dispatchEvent: target.dispatchEvent.bind(target) });
  }
  const ctx = new Ctx(new Container(), new Clock());
  // The paragraph writer looks at the view's document (for its `<br />`, left out); there is no view here.
  ctx.inject(editorViewCtx, {} as never);
  const plugins = [schema, parser, serializer, commands, keymap, pasteRule, editorState, init({} as Editor), config(configureMarkdown), ...markdownPlugins];
  const runners = plugins.map((plugin) => plugin(ctx.produce()));
  await Promise.all(runners.map((run) => run()));
  const parse = ctx.get(parserCtx);
  const serialize = ctx.get(serializerCtx);
  return {
    schema: ctx.get(schemaCtx),
    parse: (markdown: string) => {
      const doc: ProseNode = parse(markdown);
      return { doc, tree: takeLastTree() };
    },
    serialize,
  };
}
