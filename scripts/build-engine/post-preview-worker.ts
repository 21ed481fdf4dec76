import { parentPort } from "node:worker_threads";
import type { Photo } from "../../src/content/photo";
import type { Renderer } from "../../src/entry-server";
import type { PreviewReply, PreviewRequest } from "./post-preview";

// The desk's post preview (scripts/build-engine/post-preview.ts): parses a post with the code of the
// site's last build (its server bundle) and renders its page with that build's content.
// A thread of its own, so a post that takes long to parse never holds up the server; the
// host ends it past the build's parse limit.

let server: typeof import("../../src/entry-server") | undefined;
let renderer: Renderer | undefined;
let site: Parameters<NonNullable<typeof server>["parsePost"]>[2] | undefined;
/** The last build's content and assets, for a page of the site's own (withEditedPage puts the edited one in). */
let built: Extract<PreviewRequest, { type: "content" }> | undefined;

async function handle(msg: PreviewRequest): Promise<PreviewReply> {
  if (msg.type === "content") {
    const loaded: typeof import("../../src/entry-server") = await import(msg.entry);
    server = loaded;
    renderer = await loaded.createRenderer({ ...msg.content, posts: [] }, msg.assets);
    site = msg.content.site;
    built = msg;
    return { type: "ready" };
  }
  if (!server || !renderer || !site || !built) throw new Error("post preview: asked before the site's content");
  try {
    if (msg.type === "page") {
      // A renderer of its own: the footer's towns, the lists of services come from the content too.
      const edited = server.withEditedPage(built.content, msg.page);
      const pageRenderer = await server.createRenderer(edited.content, built.assets);
      return { type: "checked", problems: [], html: pageRenderer.renderPreview(edited.path) };
    }
    const post = server.parsePost(msg.file, msg.text, site, msg.photos as Readonly<Record<string, Photo>>);
    const checked = { slug: post.slug, title: post.title, draft: post.draft, publishDate: post.publishDate.toISOString() };
    if (msg.type === "check") return { type: "checked", problems: [], post: checked };
    // As it will be published: not marked as a draft.
    const html = renderer.renderPostPreview({ ...server.toPostJson(post), draft: false });
    return { type: "checked", problems: [], post: checked, html };
  } catch (err) {
    if (server.isContentError(err)) return { type: "checked", problems: err.problems };
    throw err;
  }
}

parentPort?.on("message", (msg: PreviewRequest & { id: number }) => {
  handle(msg).then(
    (reply) => parentPort?.postMessage({ ...reply, id: msg.id }),
    (err: unknown) => parentPort?.postMessage({ type: "error", id: msg.id, message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
