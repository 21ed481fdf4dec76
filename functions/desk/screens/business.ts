import { formatProblem, isContentError, type ContentProblem } from "../../../src/content/content-error";
import { sectionPath } from "../../../src/desk/desk-routes";
import type { BusinessForm } from "../../../src/desk/business-form";
import type { BusinessData } from "../../../src/desk/screens/business-screen";
import { diskProblem, replaceFiles } from "../atomic-write";
import { applyForm, checkFacts, differences, formFromFacts, formFromPost, readFacts, type FactsFiles } from "../business-facts";
import type { DeskContext } from "../desk-contract";
import { editJson } from "../json-edit";
import type { DeskScreenModule } from "../desk-contract";

const title = "Business details";
const path = sectionPath("business");

/**
 * Business details: the facts of content/site.json an owner changes (and the service area note of
 * content/home.json), saved as a person would edit the files and then published. A save from a form
 * older than the files is refused and shows both; a mistake never reaches the files; a full or
 * read-only disk leaves them as they were.
 */
export const businessScreen: DeskScreenModule = (routes, { contentDir, publish }) => {
  /** The last save's publishing: shown on the screen until the next save (the owner may have lost the connection while it ran). */
  let lastPublish: { ok: boolean; problems: string[] } | undefined;
  /** One save at a time: a second one waits, then finds the files changed and is refused as the older. */
  let saving: Promise<unknown> = Promise.resolve();

  const page = (data: Omit<BusinessData, "publishes" | "published">) => ({
    screen: "business" as const,
    title,
    section: "business" as const,
    data: { ...data, publishes: publish !== undefined, ...(lastPublish && !lastPublish.ok ? { published: { state: "failed" as const, problems: lastPublish.problems } } : {}) },
  });
  const placeholdersOf = (site: Record<string, unknown>) => (Array.isArray(site.placeholders) ? site.placeholders.filter((p) => typeof p === "string") : []);
  const fresh = (facts: FactsFiles) => page({ form: formFromFacts(facts.site.value, facts.home.value), version: facts.version, errors: {}, otherProblems: [], placeholders: placeholdersOf(facts.site.value), ticked: [] });

  /** The files, or a page saying what is wrong with them (a mistake made on the server), in the build's words. */
  async function facts(ctx: DeskContext): Promise<FactsFiles | undefined> {
    try {
      return await readFacts(contentDir);
    } catch (error) {
      if (!isContentError(error)) throw error;
      await ctx.show(
        { screen: "problem", title, section: "business", data: { message: `The file has a mistake, so the form cannot be filled: ${error.problems.map(formatProblem).join("; ")}. Fix it on the server.`, back: { href: path, label: "Try again" } } },
        { status: 409 },
      );
      return undefined;
    }
  }

  routes.get(path, async (ctx) => {
    const files = await facts(ctx);
    if (files) await ctx.show(fresh(files));
  });

  routes.post(path, async (ctx) => {
    const turn = saving.then(() => save(ctx));
    saving = turn.catch(() => undefined);
    await turn;
  });

  async function save(ctx: DeskContext): Promise<void> {
    const files = await facts(ctx);
    if (!files) return;
    const { form, ticked } = formFromPost(ctx.req.body);
    const again = (form: BusinessForm, extra: Partial<BusinessData> = {}) =>
      page({ form, version: files.version, errors: {}, otherProblems: [], placeholders: placeholdersOf(files.site.value), ticked, ...extra });
    if (!publish) {
      return ctx.show(again(form), { status: 409, notice: { tone: "problem", text: "Not saved: this server does not build the site (see below)." } });
    }
    if (ctx.req.body?.version !== files.version) {
      const now = formFromFacts(files.site.value, files.home.value);
      const conflict = differences(now, form).map((d) => ({ label: d.label, saved: d.a, yours: d.b }));
      return ctx.show(again(form, { conflict }), { status: 409 });
    }

    const next = applyForm(files, form, ticked);
    const { errors, other } = checkFacts(next.site, next.home);
    if (Object.keys(errors).length > 0 || other.length > 0) {
      // The form as the files would hold it, so each row's problem is beside that row.
      return ctx.show(again(formFromFacts(next.site, next.home), { errors, otherProblems: other }), { status: 400 });
    }
    const writes = [
      { file: files.site.file, text: editJson(files.site.text, next.site) },
      { file: files.home.file, text: editJson(files.home.text, next.home) },
    ].filter((w, i) => w.text !== [files.site.text, files.home.text][i]);
    if (writes.length === 0) return ctx.redirect(path, { tone: "info", text: "Nothing to save: the details were already like this." });
    try {
      await replaceFiles(writes);
    } catch (error) {
      const problem = diskProblem(error);
      if (!problem) throw error;
      return ctx.show(again(form), { status: 503, notice: { tone: "problem", text: problem } });
    }
    await ctx.audit("saved business details", next.changed.join(", ") || "Before launch list");
    const outcome = await publish("business details saved in the desk");
    // A fault of the build itself (not of content) is in the server's log, with its stack; the owner gets the gist.
    const shown = (p: ContentProblem) => (p.file.startsWith("(") ? "The site's build failed on the server; its log says why." : formatProblem(p));
    lastPublish = outcome.ok ? { ok: true, problems: [] } : { ok: false, problems: [...new Set(outcome.problems.map(shown))] };
    ctx.redirect(
      path,
      outcome.ok
        ? { tone: "done", text: "Saved. The site shows the new details now." }
        : { tone: "problem", text: "Saved, but the site could not be rebuilt, so it still shows the old details (see below)." },
    );
  }
};
