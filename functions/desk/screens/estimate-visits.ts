import { formatVisitDay, formatVisitWhen } from "../../../src/content/booking";
import { formatProblem, isContentError } from "../../../src/content/content-error";
import { loadLocations } from "../../../src/content/locations";
import { serviceChoicesReader } from "../../../src/content/services";
import { estimateVisitDayPath, estimateVisitsPath } from "../../../src/desk/desk-routes";
import type { EstimateVisitsData, VisitDay } from "../../../src/desk/screens/estimate-visits-screen";
import type { OfferForm } from "../../../src/desk/offer-form";
import { addDays, businessDay, startOfBusinessDay, isoOnClock } from "../../../src/format/business-time";
import { diskProblem, replaceFiles } from "../atomic-write";
import type { DeskContext, DeskScreenModule } from "../desk-contract";
import { editJson } from "../json-edit";
import { applyForm, checkOffer, formFromOffer, formFromPost, readOffer } from "../offer-file";
import { deskVisit, visitDay, type VisitWording } from "../visit-view";

const title = "Estimate visits";
/** How many days the list shows, today included. */
const AHEAD_DAYS = 15;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Visit ids are UUIDs; anything else is no id of ours. */
const ID = /^[\w-]{1,64}$/;

/**
 * Estimate visits (issue 40): the visits booked online coming up, by day, each with Call, Text,
 * Directions and Cancel; a day's page with everything said; and the hours offered, saved into
 * content/estimate-visits.json as a person would edit it (json-edit.ts), which the booking function
 * reads at once, and published where this server builds the site (the booking page's towns).
 */
export const estimateVisitsScreen: DeskScreenModule = (routes, { store, contentDir, clock, publish }) => {
  const services = serviceChoicesReader(contentDir);
  /** One save at a time: a second one waits, then finds the file changed and is refused as the older. */
  let saving: Promise<unknown> = Promise.resolve();

  const wording = async (ctx: DeskContext): Promise<VisitWording> => ({ timeZone: ctx.site.timeZone, services: (await services()).choices, region: ctx.site.address.region });
  const towns = async () => (await loadLocations(`${contentDir}/locations`, contentDir)).map((t) => ({ slug: t.slug, name: t.name }));

  /** The visits of `count` days from `first` (business days), cancelled ones when asked, grouped by day. */
  async function days(ctx: DeskContext, first: string, count: number, cancelled: boolean): Promise<VisitDay[]> {
    const zone = ctx.site.timeZone;
    const from = new Date(startOfBusinessDay(first, zone)).toISOString();
    const to = new Date(startOfBusinessDay(addDays(first, count), zone)).toISOString();
    const words = await wording(ctx);
    const visits = await store.estimateVisits.starting(from, to, { cancelled });
    return Array.from({ length: count }, (_, i) => addDays(first, i)).map((day) => ({
      day,
      label: formatVisitDay(day),
      visits: visits.filter((v) => visitDay(v, zone) === day).map((v) => deskVisit(v, words)),
    }));
  }

  async function page(ctx: DeskContext, extra: { form?: OfferForm; errors?: Record<string, string>; conflict?: boolean; version?: string } = {}): Promise<EstimateVisitsData> {
    const today = businessDay(clock(), ctx.site.timeZone);
    const all = await towns();
    const offer = await readOffer(contentDir, all.map((t) => t.slug));
    return {
      days: await days(ctx, today, AHEAD_DAYS, false),
      aheadDays: AHEAD_DAYS,
      form: extra.form ?? formFromOffer(offer.value, today),
      version: extra.version ?? offer.version,
      errors: extra.errors ?? {},
      towns: all,
      offered: offer.text !== undefined,
      today,
      ...(extra.conflict ? { conflict: true } : {}),
    };
  }

  /** The section, or a page saying what is wrong with the files (a mistake made on the server), in the build's words. */
  async function show(ctx: DeskContext, extra: Parameters<typeof page>[1] = {}, status = 200): Promise<void> {
    let data: EstimateVisitsData;
    try {
      data = await page(ctx, extra);
    } catch (error) {
      if (!isContentError(error)) throw error;
      const message = `A file has a mistake, so the hours cannot be shown: ${error.problems.map(formatProblem).join("; ")}. Fix it on the server.`;
      return ctx.show({ screen: "problem", title, section: "estimate-visits", data: { message, back: { href: estimateVisitsPath, label: "Try again" } } }, { status: 409 });
    }
    await ctx.show({ screen: "estimate-visits", title, section: "estimate-visits", data }, { status });
  }

  routes.get(estimateVisitsPath, (ctx) => show(ctx));

  routes.get(estimateVisitDayPath(":day"), async (ctx) => {
    const day = String(ctx.req.params.day ?? "");
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) {
      return ctx.show({ screen: "problem", title, section: "estimate-visits", data: { message: "There is no such day.", back: { href: estimateVisitsPath, label: "Back to the visits" } } }, { status: 404 });
    }
    const [shown] = await days(ctx, day, 1, true);
    await ctx.show({
      screen: "estimate-visit-day",
      title: formatVisitDay(day),
      section: "estimate-visits",
      data: { ...(shown ?? { day, label: formatVisitDay(day), visits: [] }), previous: estimateVisitDayPath(addDays(day, -1)), next: estimateVisitDayPath(addDays(day, 1)) },
    });
  });

  routes.post(`${estimateVisitsPath}/:id/cancel`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    const outcome = ID.test(id) ? await store.estimateVisits.cancel(id, { by: "owner", who: ctx.owner.email }) : undefined;
    if (!outcome) {
      return ctx.show({ screen: "problem", title, section: "estimate-visits", data: { message: "There is no such visit.", back: { href: estimateVisitsPath, label: "Back to the visits" } } }, { status: 404 });
    }
    const { visit, cancelled } = outcome;
    const when = formatVisitWhen(isoOnClock(ctx.site.timeZone, Date.parse(visit.start)));
    if (cancelled) await ctx.audit("cancelled an estimate visit", `${visit.name}, ${when}`);
    ctx.redirect(
      estimateVisitDayPath(visitDay(visit, ctx.site.timeZone)),
      cancelled
        ? { tone: "done", text: `Cancelled: ${visit.name}, ${when}. ${visit.name} gets an email saying so; the time is free again.` }
        : { tone: "info", text: `${visit.name}'s visit of ${when} was cancelled already.` },
    );
  });

  routes.post(estimateVisitsPath, async (ctx) => {
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
    if (text === offer.text) return ctx.redirect(estimateVisitsPath, { tone: "info", text: "Nothing to save: the hours were already like this." });
    try {
      await replaceFiles([{ file: offer.file, text }]);
    } catch (error) {
      const problem = diskProblem(error);
      if (!problem) throw error;
      return ctx.show({ screen: "estimate-visits", title, section: "estimate-visits", data: await page(ctx, { form }) }, { status: 503, notice: { tone: "problem", text: problem } });
    }
    await ctx.audit("saved the hours offered for estimate visits");
    // The booking function reads the file at its next request; the booking page's list of towns comes with the next build.
    const outcome = publish ? await publish("estimate visit hours saved in the desk") : undefined;
    ctx.redirect(
      estimateVisitsPath,
      outcome && !outcome.ok
        ? { tone: "problem", text: "Saved: visitors can book the new times now. The site could not be rebuilt, so the booking page's list of towns is the old one (the server's log says why)." }
        : { tone: "done", text: "Saved: visitors can book the new times now." },
    );
  }
};
