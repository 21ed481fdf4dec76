import { formatProblem, isContentError } from "../../../src/content/content-error";
import { loadLocations } from "../../../src/content/locations";
import { estimateVisitHoursPath, settingsPath } from "../../../src/desk/desk-routes";
import type { OfferForm } from "../../../src/desk/offer-form";
import type { SettingsData } from "../../../src/desk/screens/settings-screen";
import { businessDay } from "../../../src/format/business-time";
import { diskProblem, replaceFiles } from "../atomic-write";
import type { DeskContext, DeskScreenModule } from "../desk-contract";
import { editJson } from "../json-edit";
import { applyForm, checkOffer, formFromOffer, formFromPost, readOffer } from "../offer-file";

const title = "Settings";

/**
 * Settings: its part "Estimate visits" (issue 40) holds the hours offered for free estimate visits,
 * saved into content/estimate-visits.json as a person would edit it (json-edit.ts), which the
 * booking function reads at once, and published where this server builds the site (the booking
 * page's towns). The visits booked are the section Bookings (screens/bookings.ts).
 */
export const settingsScreen: DeskScreenModule = (routes, { contentDir, clock, publish }) => {
  /** One save at a time: a second one waits, then finds the file changed and is refused as the older. */
  let saving: Promise<unknown> = Promise.resolve();

  const towns = async () => (await loadLocations(`${contentDir}/locations`, contentDir)).map((t) => ({ slug: t.slug, name: t.name }));

  async function page(ctx: DeskContext, extra: { form?: OfferForm; errors?: Record<string, string>; conflict?: boolean; version?: string } = {}): Promise<SettingsData> {
    const today = businessDay(clock(), ctx.site.timeZone);
    const all = await towns();
    const offer = await readOffer(contentDir, all.map((t) => t.slug));
    return {
      estimateVisits: {
        form: extra.form ?? formFromOffer(offer.value, today),
        version: extra.version ?? offer.version,
        errors: extra.errors ?? {},
        towns: all,
        offered: offer.text !== undefined,
        today,
        ...(extra.conflict ? { conflict: true } : {}),
      },
    };
  }

  /** The section, or a page saying what is wrong with the files (a mistake made on the server), in the build's words. */
  async function show(ctx: DeskContext, extra: Parameters<typeof page>[1] = {}, status = 200): Promise<void> {
    let data: SettingsData;
    try {
      data = await page(ctx, extra);
    } catch (error) {
      if (!isContentError(error)) throw error;
      const message = `A file has a mistake, so the hours cannot be shown: ${error.problems.map(formatProblem).join("; ")}. Fix it on the server.`;
      return ctx.show({ screen: "problem", title, section: "settings", data: { message, back: { href: settingsPath, label: "Try again" } } }, { status: 409 });
    }
    await ctx.show({ screen: "settings", title, section: "settings", data }, { status });
  }

  routes.get(settingsPath, (ctx) => show(ctx));

  routes.post(estimateVisitHoursPath, async (ctx) => {
    const turn = saving.then(() => save(ctx));
    saving = turn.catch(() => undefined);
    await turn;
  });

  async function save(ctx: DeskContext): Promise<void> {
    const today = businessDay(clock(), ctx.site.timeZone);
    const all = await towns();
    const slugs = all.map((t) => t.slug);
    const offer = await readOffer(contentDir, slugs);
    const form = formFromPost(ctx.req.body);
    if (ctx.req.body?.version !== offer.version) return show(ctx, { form, conflict: true }, 409);
    const next = applyForm(offer.value, form, today);
    const errors = checkOffer(next, slugs);
    if (Object.keys(errors).length > 0) return show(ctx, { form, errors }, 400);
    const text = offer.text === undefined ? `${JSON.stringify(next, null, 2)}\n` : editJson(offer.text, next);
    if (text === offer.text) return ctx.redirect(settingsPath, { tone: "info", text: "Nothing to save: the hours were already like this." });
    try {
      await replaceFiles([{ file: offer.file, text }]);
    } catch (error) {
      const problem = diskProblem(error);
      if (!problem) throw error;
      return ctx.show({ screen: "settings", title, section: "settings", data: await page(ctx, { form }) }, { status: 503, notice: { tone: "problem", text: problem } });
    }
    await ctx.audit("saved the hours offered for estimate visits");
    // The booking function reads the file at its next request; the booking page's list of towns comes with the next build.
    const outcome = publish ? await publish("estimate visit hours saved in the desk") : undefined;
    ctx.redirect(
      settingsPath,
      outcome && !outcome.ok
        ? { tone: "problem", text: "Saved: visitors can book the new times now. The site could not be rebuilt, so the booking page's list of towns is the old one (the server's log says why)." }
        : { tone: "done", text: "Saved: visitors can book the new times now." },
    );
  }
};
