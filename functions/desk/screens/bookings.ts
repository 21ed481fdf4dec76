import { access } from "node:fs/promises";
import path from "node:path";
import { formatVisitDay, formatVisitWhen } from "../../../src/content/booking";
import { ESTIMATE_VISITS_FILE } from "../../../src/content/estimate-visits";
import { serviceChoicesReader } from "../../../src/content/services";
import { bookingDayPath, bookingsPath } from "../../../src/desk/desk-routes";
import type { VisitDay } from "../../../src/desk/screens/bookings-screen";
import { addDays, businessDay, startOfBusinessDay, isoOnClock } from "../../../src/format/business-time";
import type { DeskContext, DeskScreenModule } from "../desk-contract";
import { visitJobIds } from "../../store/records";
import { deskVisit, visitDay, type VisitWording } from "../visit-view";

const title = "Bookings";
/** How many days the list shows, today included. */
const AHEAD_DAYS = 15;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Visit ids are UUIDs; anything else is no id of ours. */
const ID = /^[\w-]{1,64}$/;

/**
 * Bookings (issue 40): the estimate visits booked online coming up, by day, each with Call, Text,
 * Directions and Cancel; a day's page with everything said and "Delete booking" (asked once more
 * on a screen of its own, then erased for good by the store, as the privacy page promises). The
 * hours offered are a part of Settings (screens/settings.ts).
 */
export const bookingsScreen: DeskScreenModule = (routes, { store, contentDir, clock, forgetMail }) => {
  const services = serviceChoicesReader(contentDir);
  const wording = async (ctx: DeskContext): Promise<VisitWording> => ({ timeZone: ctx.site.timeZone, services: (await services()).choices, region: ctx.site.address.region });
  /** Whether the hours offered were ever saved: without content/estimate-visits.json nobody books online. */
  const offered = () =>
    access(path.join(contentDir, ESTIMATE_VISITS_FILE)).then(
      () => true,
      () => false,
    );

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

  const noSuchVisit = (ctx: DeskContext) =>
    ctx.show({ screen: "problem", title, section: "bookings", data: { message: "There is no such visit.", back: { href: bookingsPath, label: "Back to the list" } } }, { status: 404 });

  routes.get(bookingsPath, async (ctx) => {
    const today = businessDay(clock(), ctx.site.timeZone);
    await ctx.show({ screen: "bookings", title, section: "bookings", data: { days: await days(ctx, today, AHEAD_DAYS, false), aheadDays: AHEAD_DAYS, offered: await offered() } });
  });

  routes.get(bookingDayPath(":day"), async (ctx) => {
    const day = String(ctx.req.params.day ?? "");
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) {
      return ctx.show({ screen: "problem", title, section: "bookings", data: { message: "There is no such day.", back: { href: bookingsPath, label: "Back to the list" } } }, { status: 404 });
    }
    const [shown] = await days(ctx, day, 1, true);
    await ctx.show({
      screen: "booking-day",
      title: formatVisitDay(day),
      section: "bookings",
      data: { ...(shown ?? { day, label: formatVisitDay(day), visits: [] }), previous: bookingDayPath(addDays(day, -1)), next: bookingDayPath(addDays(day, 1)) },
    });
  });

  routes.get(`${bookingsPath}/:id/delete`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    const visit = ID.test(id) ? await store.estimateVisits.get(id) : undefined;
    if (!visit) return noSuchVisit(ctx);
    const zone = ctx.site.timeZone;
    await ctx.show({
      screen: "booking-delete",
      title: "Delete booking",
      section: "bookings",
      data: { id: visit.id, name: visit.name, when: formatVisitWhen(isoOnClock(zone, Date.parse(visit.start))), day: visitDay(visit, zone) },
    });
  });

  // Erased for good (store estimateVisits.erase). A second post (a dropped connection, the back button) finds nothing and says so.
  routes.post(`${bookingsPath}/:id/delete`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    if (!ID.test(id)) return noSuchVisit(ctx);
    const visit = await store.estimateVisits.get(id);
    const erased = await store.estimateVisits.erase(id, ctx.owner.email);
    // Its emails as files in DATA_DIR (no mail server set up), also when a first try stopped before them.
    for (const job of visitJobIds(id)) await forgetMail?.(job);
    if (!erased || !visit) return ctx.redirect(bookingsPath, { tone: "info", text: "That booking is not here: it was deleted already." });
    // The id only: the audit log keeps nothing of what the visitor wrote.
    await ctx.audit("deleted a booking", id);
    ctx.redirect(bookingDayPath(visitDay(visit, ctx.site.timeZone)), { tone: "done", text: "Booking deleted." });
  });

  routes.post(`${bookingsPath}/:id/cancel`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    const outcome = ID.test(id) ? await store.estimateVisits.cancel(id, { by: "owner", who: ctx.owner.email }) : undefined;
    if (!outcome) return noSuchVisit(ctx);
    const { visit, cancelled } = outcome;
    const when = formatVisitWhen(isoOnClock(ctx.site.timeZone, Date.parse(visit.start)));
    if (cancelled) await ctx.audit("cancelled an estimate visit", `${visit.name}, ${when}`);
    ctx.redirect(
      bookingDayPath(visitDay(visit, ctx.site.timeZone)),
      cancelled
        ? { tone: "done", text: `Cancelled: ${visit.name}, ${when}. ${visit.name} gets an email saying so; the time is free again.` }
        : { tone: "info", text: `${visit.name}'s visit of ${when} was cancelled already.` },
    );
  });
};
