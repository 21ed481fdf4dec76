import { postFormSchema, type FieldProblem, type OpenedPost, type PostForm } from "../../../src/content/post-form";
import type { DeskNotice } from "../../../src/desk/desk-page";
import { deskPath, sectionPath } from "../../../src/desk/desk-routes";
import { postActions, postFormFromFields, type PostAction } from "../../../src/desk/post-editor-form";
import type { PostEditorData } from "../../../src/desk/screens/post-editor-screen";
import { formatBusinessTime } from "../../../src/format/business-time";
import { formatShortDate } from "../../../src/format/format-date";
import type { DeskContext } from "../desk-contract";
import { addUploadRoutes } from "../posts/upload-routes";
import type { SaveResult } from "../posts/posts-desk";
import type { DeskScreenModule } from "../desk-contract";

const title = "Posts";
const listPath = sectionPath("posts");
const editPath = (slug: string) => `${deskPath.postEdit}/${slug}`;
const done: Record<Exclude<PostAction, "preview">, string> = { draft: "saved the draft of", publish: "published", schedule: "scheduled", unpublish: "unpublished" };

/**
 * Posts: the list, the editor (write, photos, preview, save a draft, publish, schedule,
 * unpublish), delete and bring back, history and restore (functions/desk/posts/posts-desk.ts
 * does the work). Every answer to a form is Post/Redirect/Get, or the form again with each
 * problem beside its field; the desk script adds autosave, the live preview and photo uploads.
 */
export const postsScreen: DeskScreenModule = (routes, { posts }) => {
  const when = (ctx: DeskContext, at: string) => formatBusinessTime(at, ctx.site.timeZone);

  if (!posts) {
    // The contact function alone does not build the site: posts are written where it is built.
    routes.get(listPath, (ctx) =>
      ctx.show({ screen: "elsewhere", title, section: "posts", data: { section: "posts" } }),
    );
    return;
  }
  const { desk } = posts;

  routes.get(listPath, async (ctx) => {
    const query = typeof ctx.req.query.q === "string" ? ctx.req.query.q.slice(0, 200) : "";
    const [list, gone] = await Promise.all([desk.list(query), desk.gone()]);
    const deleted = typeof ctx.req.query.deleted === "string" ? gone.find((g) => g.postId === ctx.req.query.deleted) : undefined;
    await ctx.show({
      screen: "posts",
      title,
      section: "posts",
      data: {
        query,
        // Published: the date as the blog's cards print it; scheduled: the moment it goes live, on the business clock.
        posts: list.posts.map((p) => ({ ...p, when: !p.publishDate ? "" : p.status === "scheduled" ? when(ctx, p.publishDate) : formatShortDate(p.publishDate) })),
        unsavedNew: list.unsavedNew.map((d) => ({ postId: d.postId, title: d.title, when: when(ctx, d.at) })),
        gone: gone.map((g) => ({ postId: g.postId, title: g.title, when: when(ctx, g.at), deletedInDesk: g.deletedInDesk })),
        ...(deleted ? { justDeleted: { postId: deleted.postId, title: deleted.title } } : {}),
      },
    });
  });

  /** The editor for `opened`, with what the last attempt came to. */
  async function showEditor(ctx: DeskContext, opened: OpenedPost, extra: Partial<PostEditorData> = {}, status = 200, notice?: DeskNotice) {
    const thumbs = await desk.thumbs(opened.form).catch(() => ({}));
    await ctx.show(
      {
        screen: "post-editor",
        title: opened.status === "new" ? "New post" : "Edit post",
        section: "posts",
        layout: "wide",
        data: {
          form: opened.form,
          status: opened.status,
          published: opened.published,
          ...(opened.unsaved ? { unsaved: { when: when(ctx, opened.unsaved.at) } } : {}),
          problems: [],
          categories: ctx.site.blogCategories.map((c) => c.name),
          timeZone: ctx.site.timeZone,
          thumbs,
          ...extra,
        },
      },
      { status, ...(notice ? { notice } : {}) },
    );
  }

  /** After "Use the unsaved changes" (or the phone's copy, src/desk/client/post-editor.ts): they are in the form, not saved yet. */
  const unsavedInForm: DeskNotice = { tone: "info", text: "Your unsaved changes are in the form below. Press Save draft or Publish to keep them." };

  routes.get(deskPath.postNew, async (ctx) => {
    const unsaved = typeof ctx.req.query.unsaved === "string" ? ctx.req.query.unsaved : undefined;
    const opened = await desk.newPost(unsaved);
    await showEditor(ctx, opened, {}, 200, unsaved !== undefined && opened.form.postId === unsaved ? unsavedInForm : undefined);
  });

  routes.get(`${deskPath.postEdit}/:slug`, async (ctx) => {
    const slug = String(ctx.req.params.slug);
    const opened = await desk.open(slug);
    if (!opened) return notFound(ctx);
    // "Use them": the autosaved work in the form, offered no more.
    if (ctx.req.query.unsaved === "use" && opened.unsaved) return showEditor(ctx, { ...opened, form: opened.unsaved.form, unsaved: undefined }, {}, 200, unsavedInForm);
    await showEditor(ctx, opened);
  });

  routes.post(deskPath.postSave, async (ctx) => {
    const parsed = postFormSchema.safeParse(postFormFromFields(ctx.req.body));
    const action = String(ctx.req.body?.action ?? "draft") as PostAction;
    if (!parsed.success || !postActions.includes(action)) {
      return ctx.show({ screen: "problem", title, section: "posts", data: { message: "The form could not be read, so nothing was saved. Open the post again.", back: { href: listPath, label: "Back to the list" } } }, { status: 400 });
    }
    const form = parsed.data;
    if (action === "preview") {
      // Without the desk script: the page itself, as it will be published.
      const preview = await desk.preview(form);
      if (preview.html) {
        ctx.res.type("html").send(preview.html);
        return;
      }
      return showEditorAgain(ctx, form, { problems: preview.problems }, 400);
    }
    const result = await desk.save(form, action, ctx.owner.email);
    // Typed "preview" is answered above.
    await answerSave(ctx, form, result, action);
  });

  async function showEditorAgain(ctx: DeskContext, form: PostForm, extra: Partial<PostEditorData>, status: number) {
    const saved = form.savedSlug ? await desk.open(form.savedSlug) : undefined;
    await showEditor(ctx, { form, status: saved?.status ?? "new", published: saved?.published ?? false }, extra, status);
  }

  async function answerSave(ctx: DeskContext, form: PostForm, result: SaveResult, action: Exclude<PostAction, "preview">) {
    if (!result.ok && "conflict" in result) return showEditorAgain(ctx, form, { conflict: result.conflict }, 409);
    if (!result.ok) return showEditorAgain(ctx, form, { problems: result.problems }, 400);
    const slug = result.opened.form.savedSlug;
    await ctx.audit(`${done[action as Exclude<PostAction, "preview">]} "${result.opened.form.title}"`, `/blog/${slug}`);
    ctx.redirect(editPath(slug), { tone: "done", text: result.liveUrl && action === "publish" ? `${result.message} It is at ${result.liveUrl}` : result.message });
  }

  routes.post(deskPath.postAutosave, async (ctx) => {
    const parsed = postFormSchema.safeParse(postFormFromFields(ctx.req.body?.fields));
    if (!parsed.success) return ctx.json(400, { ok: false, message: "The changes could not be read." });
    await desk.autosave(parsed.data);
    ctx.json(200, { ok: true, at: when(ctx, new Date().toISOString()) });
  });

  routes.post(deskPath.postDiscard, async (ctx) => {
    const postId = String(ctx.req.body?.postId ?? "");
    const slug = String(ctx.req.body?.slug ?? "");
    await desk.discardUnsaved(postId);
    ctx.redirect(slug ? editPath(slug) : listPath, { tone: "info", text: "The unsaved changes were thrown away." });
  });

  routes.post(deskPath.postPreview, async (ctx) => {
    const parsed = postFormSchema.safeParse(postFormFromFields(ctx.req.body?.fields));
    if (!parsed.success) return ctx.json(400, { ok: false, message: "The post could not be read." });
    const preview = await desk.preview(parsed.data);
    ctx.json(200, { ok: true, ...preview });
  });

  // A photo: begun (its size), sent in parts, finished with its description.
  addUploadRoutes(routes, deskPath.postUpload, posts, async (ctx, finish) => {
    const description = String(ctx.req.body?.description ?? "").trim();
    const taken = Array.isArray(ctx.req.body?.taken) ? ctx.req.body.taken.filter((t: unknown): t is string => typeof t === "string") : [];
    if (!description) return ctx.json(400, { ok: false, message: "Say what the photo shows first: people who cannot see it hear this." });
    const photo = await desk.addPhoto(await finish(), description, taken);
    await ctx.audit("added a photo", photo.name);
    ctx.json(200, { ok: true, ...photo });
  });

  routes.get(`${deskPath.postPhoto}/:file`, async (ctx) => {
    const file = await desk.servablePhoto(String(ctx.req.params.file));
    if (!file) return notFound(ctx);
    // The files are in the build's photo cache (.cache/photos): a dot folder, which sendFile refuses unless told.
    ctx.res.set("Cache-Control", "private, max-age=31536000, immutable").sendFile(file, { dotfiles: "allow" });
  });

  routes.post(deskPath.postDelete, async (ctx) => {
    const slug = String(ctx.req.body?.slug ?? "");
    const deleted = await desk.delete(slug, String(ctx.req.body?.baseSha ?? ""), ctx.owner.email);
    if (!deleted.ok) return ctx.redirect(editPath(slug), { tone: "problem", text: "Not deleted: the post changed since this page was opened. Look at it again first." });
    await ctx.audit("deleted a post", `/blog/${slug}`);
    ctx.redirect(`${listPath}?deleted=${encodeURIComponent(deleted.postId)}`, { tone: "done", text: "Deleted. You can bring it back below." });
  });

  routes.post(deskPath.postBringBack, async (ctx) => {
    const result = await desk.bringBack(String(ctx.req.body?.postId ?? ""), ctx.owner.email);
    if (!result.ok) {
      const text = "conflict" in result ? "Not brought back: a post has its address now." : `Not brought back: ${result.problems.map((p) => p.message).join("; ")}`;
      return ctx.redirect(listPath, { tone: "problem", text });
    }
    await ctx.audit("brought back a post", `/blog/${result.opened.form.savedSlug}`);
    ctx.redirect(editPath(result.opened.form.savedSlug), { tone: "done", text: result.message });
  });

  routes.get(`${deskPath.postHistory}/:slug`, async (ctx) => {
    const slug = String(ctx.req.params.slug);
    const opened = await desk.open(slug);
    if (!opened) return notFound(ctx);
    const items = await desk.history(slug);
    await ctx.show({
      screen: "post-history",
      title: "History",
      section: "posts",
      data: { slug, title: opened.form.title, baseSha: opened.form.baseSha ?? "", items: items.map((i) => ({ ...i, when: when(ctx, i.at) })) },
    });
  });

  routes.post(deskPath.postRestore, async (ctx) => {
    const slug = String(ctx.req.body?.slug ?? "");
    const result = await desk.restore(String(ctx.req.body?.versionId ?? ""), { slug, baseSha: String(ctx.req.body?.baseSha ?? "") }, ctx.owner.email);
    if (!result.ok) {
      const text = "conflict" in result ? "Not restored: the post changed since the history was opened. Look at it again." : `Not restored: ${result.problems.map((p: FieldProblem) => p.message).join("; ")}`;
      return ctx.redirect(`${deskPath.postHistory}/${slug}`, { tone: "problem", text });
    }
    await ctx.audit("restored an earlier version of a post", `/blog/${slug}`);
    ctx.redirect(editPath(result.opened.form.savedSlug), { tone: "done", text: result.message });
  });

  function notFound(ctx: DeskContext) {
    return ctx.show({ screen: "problem", title, section: "posts", data: { message: "There is no such post: it may have been deleted or given another address.", back: { href: listPath, label: "Back to the list" } } }, { status: 404 });
  }
};
