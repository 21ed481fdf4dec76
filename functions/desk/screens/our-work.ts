import { formatProblem, isContentError, type ContentProblem } from "../../../src/content/content-error";
import type { DeskNotice } from "../../../src/desk/desk-page";
import { deskPath, sectionPath } from "../../../src/desk/desk-routes";
import { jobFormFromBody, type JobForm } from "../../../src/desk/job-form";
import type { JobEditorData } from "../../../src/desk/screens/job-editor-screen";
import { formatLongDate } from "../../../src/format/format-date";
import { diskProblem } from "../atomic-write";
import type { DeskContext, DeskScreenModule, PublishOutcome } from "../desk-contract";
import { addUploadRoutes } from "../posts/upload-routes";
import { JobsDesk } from "../work/jobs-desk";

const title = "Our work";
const listPath = sectionPath("work");

/** The words for what a save or removal came to on the site. */
function published(outcome: PublishOutcome, done: string, onSite = "The site shows it now at /our-work."): DeskNotice {
  if (outcome.ok) return { tone: "done", text: `${done} ${onSite}` };
  // A fault of the build itself (not of content) is in the server's log; the owner gets the gist.
  const shown = (p: ContentProblem) => (p.file.startsWith("(") ? "the site's build failed on the server (its log says why)" : formatProblem(p));
  return { tone: "problem", text: `${done.replace(/\.$/, "")}, but the site could not be rebuilt, so it does not show it yet: ${[...new Set(outcome.problems.map(shown))].join("; ")}` };
}

/**
 * Our work: the owner's jobs, each a before and an after photo, what was done, the town and the
 * service (functions/desk/work/jobs-desk.ts does the work; the files are content/work/, src/content/jobs.ts).
 * The photos go up in parts from the desk script, checked and re-encoded as a post's are (the posts'
 * uploads and photo-upload.ts), and kept in the store until Save writes them beside the job's file.
 */
export const workScreen: DeskScreenModule = (routes, { posts, publish, store, contentDir }) => {
  if (!posts || !publish) {
    // The contact function alone does not build the site: jobs are added where it is built.
    routes.get(listPath, (ctx) => ctx.show({ screen: "elsewhere", title, section: "work", data: { section: "work" } }));
    return;
  }
  const postsDesk = posts.desk;
  const jobs = new JobsDesk({
    contentDir,
    publish,
    photos: {
      add: async (bytes) => {
        const photo = await postsDesk.addPhoto(bytes, "job photo", []);
        return { sha: photo.sha, format: photo.name.endsWith(".png") ? "png" : "jpeg", thumb: photo.thumb };
      },
      bytes: (sha) => store.posts.photo(sha),
      thumb: (bytes, name) => postsDesk.thumb(bytes, name),
    },
  });

  /** A page saying a file of the site has a mistake (made on the server), in the build's words. */
  async function contentProblem(ctx: DeskContext, error: unknown): Promise<void> {
    if (!isContentError(error)) throw error;
    await ctx.show(
      { screen: "problem", title, section: "work", data: { message: `A file of the site has a mistake, so this cannot be shown: ${error.problems.map(formatProblem).join("; ")}. Fix it on the server.`, back: { href: listPath, label: "Try again" } } },
      { status: 409 },
    );
  }

  routes.get(listPath, async (ctx) => {
    try {
      const list = await jobs.list();
      await ctx.show({
        screen: "work",
        title,
        section: "work",
        data: {
          jobs: list.map((j) => ({ ...j, when: j.date ? formatLongDate(j.date) : "" })),
          examples: ctx.site.placeholders.some((p) => p.startsWith("work:")),
        },
      });
    } catch (error) {
      await contentProblem(ctx, error);
    }
  });

  async function showEditor(ctx: DeskContext, form: JobForm, extra: Partial<JobEditorData> = {}, status = 200, notice?: DeskNotice) {
    try {
      const choices = await jobs.choices();
      const opened = form.slug ? await jobs.open(form.slug) : undefined;
      // Photos sent with this form (shown again after a mistake) before the job's own.
      const [before, after] = await Promise.all([jobs.uploadedThumb(form.before), jobs.uploadedThumb(form.after)]);
      await ctx.show(
        {
          screen: "job-editor",
          title: form.slug ? "Edit job" : "Add a job",
          section: "work",
          data: {
            form,
            towns: [...choices.towns],
            services: [...choices.services],
            thumbs: { before: before ?? opened?.thumbs.before, after: after ?? opened?.thumbs.after },
            errors: {},
            ...extra,
          },
        },
        { status, ...(notice ? { notice } : {}) },
      );
    } catch (error) {
      await contentProblem(ctx, error);
    }
  }

  routes.get(deskPath.jobNew, (ctx) => showEditor(ctx, jobs.blank(ctx.site.timeZone).form));

  routes.get(`${deskPath.jobEdit}/:slug`, async (ctx) => {
    const opened = await jobs.open(String(ctx.req.params.slug)).catch((error: unknown) => {
      if (isContentError(error)) return undefined;
      throw error;
    });
    if (!opened) return notFound(ctx);
    await showEditor(ctx, opened.form);
  });

  routes.post(deskPath.jobSave, async (ctx) => {
    const form = jobFormFromBody(ctx.req.body);
    let result;
    try {
      result = await jobs.save(form);
    } catch (error) {
      const problem = diskProblem(error);
      if (problem) return showEditor(ctx, form, {}, 503, { tone: "problem", text: problem });
      if (isContentError(error)) return contentProblem(ctx, error);
      throw error;
    }
    if (!result.ok && "conflict" in result) {
      // Saving again keeps the owner's version: the form now starts from what is saved.
      const now = form.slug ? await jobs.open(form.slug) : undefined;
      return showEditor(ctx, { ...form, slug: now ? form.slug : "", version: now?.form.version ?? "" }, { conflict: result.conflict }, 409);
    }
    if (!result.ok) return showEditor(ctx, form, { errors: result.errors }, 400);
    await ctx.audit(form.slug ? "changed a job" : "added a job", `/our-work#${result.slug}`);
    ctx.redirect(listPath, published(result.published, form.slug ? "Saved." : "Added."));
  });

  routes.post(deskPath.jobRemove, async (ctx) => {
    const slug = String(ctx.req.body?.slug ?? "");
    const removed = await jobs.remove(slug, String(ctx.req.body?.version ?? ""));
    if (!removed.ok) return ctx.redirect(`${deskPath.jobEdit}/${slug}`, { tone: "problem", text: "Not removed: the job changed since this page was opened. Look at it again first." });
    await ctx.audit("removed a job", `/our-work#${slug}`);
    ctx.redirect(listPath, published(removed.published, "Removed.", "It is off the site now; its photos stay in Photos until you remove them there."));
  });

  // A photo: begun (its size), sent in parts, finished: the same uploads, checks and re-encoding as a post's photo.
  addUploadRoutes(routes, deskPath.jobUpload, posts, async (ctx, finish) => {
    const photo = await jobs.photos.add(await finish());
    ctx.json(200, { ok: true, sha: photo.sha, thumb: photo.thumb });
  });

  function notFound(ctx: DeskContext) {
    return ctx.show({ screen: "problem", title, section: "work", data: { message: "There is no such job: it may have been removed.", back: { href: listPath, label: "Back to the jobs" } } }, { status: 404 });
  }
};
