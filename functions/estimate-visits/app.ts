// The booking function (issue 40, shared/CONTRACT.md "turn 4"): the free estimate visits
// (GET /api/estimate-visits), a booking (POST, JSON or the form without JavaScript, with the
// contact form's size, type, rate and spam rules: functions/contact/form-post.ts), the booking
// page with the free times at request time (GET /book-estimate, where the site's pages are at
// hand), and the visitor's cancel link. What is offered is content/estimate-visits.json as it is
// now (offer-reader.ts); what is taken is the store's (store.estimateVisits), which decides races.
import express, { type Response } from "express";
import type { BookedVisit, EstimateVisitStore } from "../store/estimate-visit-store";
import type { LimitStore } from "../store/limit-store";
import type { MessageStore } from "../store/message-store";
import { leadSourceFields, type LeadSource } from "../store/records";
import { bookingErrors, bookingSchema, type BookingInput } from "../../src/content/booking-schema";
import { bookingFields, formatVisitWhen, OTHER_TOWN, slotDay, type BookingErrors, type BookingOffer, type BookingValues, type RefusedBooking, type ServedTown, type Slot } from "../../src/content/booking";
import type { Site } from "../../src/content/site";
import { escapeHtml } from "../../src/format/escape-html";
import { apiPath, pathTo } from "../../src/routes";
import { renderProblemPage, page, type PageContact, type PageFrame } from "../contact/form-pages";
import { createFormPostHandler, DEFAULT_RATE_LIMIT, PostRefused, RATE_WINDOW_MS } from "../contact/form-post";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { sendSecurityHeaders } from "../http/security-headers";
import type { TrustProxy } from "../http/trust-proxy";
import { consoleLogger, describeError, type Logger } from "../logger";
import { StoreUnavailableError } from "../store/store-errors";
import type { CurrentOffer } from "./offer-reader";
import { freeSlots, offeredAt, offeredSlots } from "./slots";
import { CANCEL_UNTIL_MS } from "./visit-mail";
import type { VisitLinks } from "./visit-links";

/** The booking page of the last build, with the free times now (src/entry-server.tsx renderBookingPage). */
export type RenderBookingPage = (state: { offer: BookingOffer; towns: ServedTown[]; offered: boolean; refused?: RefusedBooking }) => string;

export interface EstimateVisitsAppOptions {
  store: { estimateVisits: EstimateVisitStore; limits: Pick<LimitStore, "take">; messages: Pick<MessageStore, "hold"> };
  /** The offer and the towns it serves as content/ holds them now (offer-reader.ts). */
  offer: () => Promise<CurrentOffer>;
  /** The business facts now (its time zone is the offer's clock). */
  site: () => Promise<Site>;
  /** The cancel links' signer; rejects while its key cannot be had (those requests get 503). */
  links: () => Promise<VisitLinks>;
  /** The site's booking page; without it (no build at hand) GET /book-estimate is left to the built page. */
  bookingPage?: () => RenderBookingPage | undefined;
  /** The site's frame for the short pages (problems, the cancel link's pages); default: a plain page. */
  frame?: PageFrame;
  contact?: PageContact;
  /** Bookings per address per window, as the contact form's (CONTACT_RATE_LIMIT); 0 turns it off. */
  rateLimit?: { limit: number; windowMs?: number };
  /** Called once a visit is booked and stored, after the visitor's answer is on its way: the owner's notification. */
  onBooked?: (visit: BookedVisit) => void;
  /** Called once the visitor cancelled a visit from their email's link, after their answer: the owner's notification. */
  onCancelled?: (visit: BookedVisit) => void;
  clock?: () => number;
  trustProxy?: TrustProxy;
  logger?: Logger;
}

const cancelParser = express.urlencoded({ extended: false, limit: 2048, parameterLimit: 5 });

/** The town a visitor named, among those visited: by name or page slug, any case. */
const townNamed = (served: readonly ServedTown[], named: string): ServedTown | undefined =>
  served.find((town) => town.name.toLowerCase() === named.trim().toLowerCase() || town.slug === named.trim().toLowerCase());

export function createEstimateVisitsApp(options: EstimateVisitsAppOptions): express.Express {
  const { store, clock = Date.now, logger = consoleLogger, contact } = options;
  const frame = options.frame ?? page;
  const callLine = contact ? `<p>Or call ${escapeHtml(contact.name)} at <a href="tel:${escapeHtml(contact.phone.dial)}">${escapeHtml(contact.phone.display)}</a>.</p>` : "";

  /** The offer's visits with a seat left, from now. */
  async function free(current: CurrentOffer, site: Site): Promise<Slot[]> {
    const { offer } = current;
    if (!offer) return [];
    const offered = offeredSlots(offer, site.timeZone, clock());
    const first = offered[0];
    const last = offered.at(-1);
    if (!first || !last) return [];
    return freeSlots(offered, await store.estimateVisits.starting(first.start, last.end), offer.visitsAtOnce);
  }

  /** The booking page now: the free times with `day` shown (else the first with a free time); plain when the site's page is not at hand. */
  async function bookingPage(day: string | undefined, refused?: RefusedBooking): Promise<string | undefined> {
    const render = options.bookingPage?.();
    if (!render) return undefined;
    const [current, site] = await Promise.all([options.offer(), options.site()]);
    const slots = await free(current, site);
    const shown = slots.some((slot) => slotDay(slot) === day) ? day : slots[0] && slotDay(slots[0]);
    return render({ offer: { slots, ...(shown ? { day: shown } : {}), readAt: clock() }, towns: current.served, offered: current.offer !== undefined, ...(refused ? { refused } : {}) });
  }

  /** A refused booking posted without JavaScript: the booking page again with what was typed and why, or a plain page. */
  async function refusedPage(values: BookingValues, errors: BookingErrors, refusal?: PostRefused<string>): Promise<string> {
    const refused: RefusedBooking = { values, errors, ...(refusal?.extra.outsideArea === true ? { outsideArea: true } : {}) };
    try {
      const html = await bookingPage(values.start?.slice(0, 10), refused);
      if (html) return html;
    } catch (error) {
      logger.error("bookings: the booking page could not be rendered, using a plain page", error);
    }
    const problems = Object.values(errors).map((message) => `<li>${escapeHtml(message ?? "")}</li>`);
    return frame(
      "Your visit is not booked yet",
      ["<h1>Your visit is not booked yet</h1>", `<ul role="alert">${problems.join("")}</ul>`, `<p><a href="${pathTo.bookEstimate}">Back to the booking page</a></p>`, callLine].join("\n"),
    );
  }

  /** Books the visit asked for, or refuses it for what the offer and the store hold now. */
  async function book(input: BookingInput, source?: LeadSource): Promise<{ id: string }> {
    const [current, site] = await Promise.all([options.offer(), options.site()]);
    const town = townNamed(current.served, input.town);
    if (!town) {
      const where = input.town === OTHER_TOWN ? "your town" : input.town;
      throw new PostRefused(400, { town: `We don't come out to ${where} for free estimates yet. Send us a message instead and we'll tell you what we can do.` }, { outsideArea: true });
    }
    if (!current.offer) throw new PostRefused(400, { start: "Visits are not booked online right now. Please call or send us a message." });
    const slot = offeredAt(offeredSlots(current.offer, site.timeZone, clock()), input.start);
    if (!slot) throw new PostRefused(400, { start: "That time is not offered. Please pick one of the free times." }, { slots: await free(current, site) });
    const { start: _start, town: _town, ...fields } = input;
    const visit = await store.estimateVisits.book({ start: slot.start, end: slot.end, ...fields, town: town.name, ...leadSourceFields(source) }, current.offer.visitsAtOnce);
    if (!visit) {
      throw new PostRefused(409, { start: `${formatVisitWhen(slot.start)} was just taken. Please pick another time.` }, { slots: await free(current, site) });
    }
    // After the answer is on its way: the owner's notification never holds up the visitor's.
    if (options.onBooked) setImmediate(() => options.onBooked?.(visit));
    return visit;
  }

  /** A booking that looks like spam is kept where the owner looks at held messages (the desk's Spam), never booked or mailed. */
  async function hold(input: BookingInput, spamReason: string, source?: LeadSource): Promise<{ id: string }> {
    const { start, address, town, ...fields } = input;
    const asked = `Asked for a free estimate visit on ${Number.isNaN(Date.parse(start)) ? start : formatVisitWhen(start)} at ${address}, ${town}.`;
    return store.messages.hold({ ...fields, message: `${input.message}\n\n${asked}` }, spamReason, source);
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(sendSecurityHeaders());
  app.use(rejectMalformedUrl);

  app.get(apiPath.estimateVisits, async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const [current, site] = await Promise.all([options.offer(), options.site()]);
      res.json({ slots: await free(current, site) });
    } catch (error) {
      unavailable(res, error);
    }
  });

  app.post(
    apiPath.estimateVisits,
    createFormPostHandler({
      schema: bookingSchema,
      fields: bookingFields,
      messages: bookingErrors,
      store: { add: book, hold },
      limits: store.limits,
      rate: { bucket: "estimate-visits", rule: { limit: options.rateLimit?.limit ?? DEFAULT_RATE_LIMIT, windowMs: options.rateLimit?.windowMs ?? RATE_WINDOW_MS } },
      clock,
      logger,
      renderInvalid: refusedPage,
      renderProblem: (title, message) => renderProblemPage(title, message, contact, frame),
      successPath: `${pathTo.bookEstimateThanks}/`,
      words: {
        notSent: "Visit not booked",
        notSaved: "Visit not booked",
        tooMany: { title: "Too many bookings", message: "Too many bookings from your connection. Please try again later or call us." },
        unavailable: "We cannot book visits right now. Please try again later or call us.",
        failed: "We could not book your visit. Please try again in a moment or call us.",
        log: "bookings",
      },
    }),
  );
  app.all(apiPath.estimateVisits, (_req, res) => {
    res.set("Allow", "GET, POST").status(405).json({ ok: false, message: "Use GET or POST" });
  });

  let pageUnavailableSaid = false;
  app.get(pathTo.bookEstimate, async (req, res, next) => {
    try {
      const day = typeof req.query.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(req.query.day) ? req.query.day : undefined;
      const html = await bookingPage(day);
      // Without the site's pages (the contact function alone): the built page, whose island fetches the times.
      if (html === undefined) return next();
      // The free times change with every booking: never cached.
      pageUnavailableSaid = false;
      res.set("Cache-Control", "no-store").type("html").send(html);
    } catch (error) {
      // The built page instead, whose island asks again for the times; a store that cannot be reached is said once until it can.
      const unavailable = error instanceof StoreUnavailableError;
      if (!unavailable) logger.error("bookings: the booking page failed; the built page is served", error);
      else if (!pageUnavailableSaid) logger.error(`bookings: ${error.message}; the built booking page is served meanwhile`);
      pageUnavailableSaid ||= unavailable;
      next();
    }
  });

  /** The visit a cancel link names and whether it may still be cancelled from it; or the page that says why not. */
  async function resolve(token: unknown): Promise<{ visit: BookedVisit; token: string } | { status: number; title: string; message: string }> {
    const id = typeof token === "string" ? (await options.links()).check(token) : undefined;
    if (!id || typeof token !== "string") return { status: 400, title: "This link is not valid", message: "The link is incomplete or was changed. Open it again from the email, whole." };
    const visit = await store.estimateVisits.get(id);
    if (!visit) return { status: 410, title: "This visit no longer exists", message: "It is not among the visits booked." };
    if (visit.cancelled) return { status: 410, title: "This visit is already cancelled", message: `The visit of ${formatVisitWhen(visit.start)} was cancelled. The time is free again.` };
    if (clock() > Date.parse(visit.start) - CANCEL_UNTIL_MS) {
      return { status: 410, title: "Too late to cancel here", message: `The visit of ${formatVisitWhen(visit.start)} is less than an hour away. Please call us to cancel.` };
    }
    return { visit, token };
  }

  function answer(res: Response, status: number, html: string): void {
    // The token is in the address: never cached, never sent on as a Referer, never indexed.
    res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });
    res.status(status).type("html").send(html);
  }
  const problemPage = (problem: { title: string; message: string }) =>
    frame(problem.title, [`<h1>${escapeHtml(problem.title)}</h1>`, `<p role="alert">${escapeHtml(problem.message)}</p>`, callLine].join("\n"));
  const visitLines = (visit: BookedVisit) => `<p><strong>${escapeHtml(formatVisitWhen(visit.start))}</strong><br>${escapeHtml(`${visit.address}, ${visit.town}`)}</p>`;

  async function cancelLink(res: Response, token: unknown, confirmed: boolean): Promise<void> {
    try {
      const found = await resolve(token);
      if ("status" in found) return answer(res, found.status, problemPage(found));
      const { visit } = found;
      if (!confirmed) {
        // What the link opens (a person, or a mail scanner): changes nothing; only its button does.
        return answer(
          res,
          200,
          frame(
            "Cancel your estimate visit?",
            [
              "<h1>Cancel your estimate visit?</h1>",
              visitLines(visit),
              "<p>The time becomes free for someone else. Nothing changes until you press the button.</p>",
              `<form method="post" action="${apiPath.cancelEstimateVisit}">`,
              `<input type="hidden" name="token" value="${escapeHtml(found.token)}">`,
              "<button type=\"submit\">Cancel the visit</button>",
              "</form>",
              `<p><a href="${pathTo.home}">Keep the visit</a></p>`,
            ].join("\n"),
          ),
        );
      }
      const result = await store.estimateVisits.cancel(visit.id, { by: "visitor", who: visit.email });
      if (!result?.cancelled) return answer(res, 410, problemPage({ title: "This visit is already cancelled", message: `The visit of ${formatVisitWhen(visit.start)} was cancelled. The time is free again.` }));
      const cancelled = result.visit;
      if (options.onCancelled) setImmediate(() => options.onCancelled?.(cancelled));
      answer(
        res,
        200,
        frame(
          "Your visit is cancelled",
          ["<h1>Your visit is cancelled</h1>", visitLines(visit), "<p>We emailed you the cancellation for your calendar.</p>", `<p><a href="${pathTo.bookEstimate}">Book another time</a></p>`, callLine].join("\n"),
        ),
      );
    } catch (error) {
      logger.error(`bookings: a cancel link could not be served (${describeError(error)})`);
      res.set("Retry-After", "60");
      answer(res, 503, problemPage({ title: "Please try again later", message: "Visits cannot be cancelled online right now." }));
    }
  }

  app.get(apiPath.cancelEstimateVisit, (req, res) => cancelLink(res, req.query.token, false));
  app.post(apiPath.cancelEstimateVisit, cancelParser, (req, res) => {
    const body: unknown = req.body;
    return cancelLink(res, typeof body === "object" && body !== null && "token" in body ? body.token : undefined, true);
  });
  app.all(apiPath.cancelEstimateVisit, (_req, res) => {
    res.set("Allow", "GET, POST").status(405).json({ ok: false, message: "Use GET or POST" });
  });

  function unavailable(res: Response, error: unknown): void {
    if (error instanceof StoreUnavailableError) {
      logger.error(`bookings: ${error.message}; answering 503 until it can`);
      res.set("Retry-After", "60").status(503).json({ ok: false, message: "The free times cannot be read right now. Please call us." });
      return;
    }
    logger.error("bookings: the free times could not be read", error);
    res.status(500).json({ ok: false, message: "The free times could not be read. Please call us." });
  }

  app.use(finalErrorHandler({ logger }));
  return app;
}
