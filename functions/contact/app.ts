import path from "node:path";
import express from "express";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { refuseUnreadableBodies } from "../http/request-body";
import { sendSecurityHeaders } from "../http/security-headers";
import { parseTrustProxy, type TrustProxy } from "../http/trust-proxy";
import { consoleLogger, type Logger } from "../logger";
import { dataDirFromEnv, storeFromEnv } from "../store/create-store";
import type { Store } from "../store/store";
import type { BookedVisit } from "../store/estimate-visit-store";
import { loadSite } from "../../src/content/load-content";
import { serviceChoicesReader } from "../../src/content/services";
import type { Site } from "../../src/content/site";
import {
  page,
  renderInvalidFormPage,
  renderProblemPage,
  type PageContact,
  type PageFrame,
  type RenderInvalidForm,
} from "./form-pages";
import { createMailer, createTransportFromEnv, defaultAddresses, isPermanentMailError, type Mailer } from "./mailer";
import { createOutbox, DEFAULT_RETRY_DELAYS, type Outbox } from "./outbox";
import { createReviewsApp } from "../reviews/app";
import { createDeskApp, type DeskRenderer } from "../desk/desk-app";
import { siteFacts } from "../desk/site-facts";
import type { PublishOutcome } from "../desk/publish-outcome";
import type { PostsDeskOptions } from "../desk/posts/posts-desk";
import type { RenderInvalidReviewForm } from "../reviews/review-pages";
import type { RenderBookingPage } from "../estimate-visits/app";
import { checkReviewSecret, loadReviewSecret } from "../reviews/review-secret";
import { createReviewTokens } from "../reviews/review-tokens";
import { contactFields, type ServiceChoice } from "../../src/content/contact";
import { contactSchema, fieldErrors } from "../../src/content/contact-schema";
import { createFormPostHandler, DEFAULT_RATE_LIMIT, MULTIPART_LIMIT_BYTES, RATE_WINDOW_MS } from "./form-post";
import { createPhotoLinkTokens, photoLinkRoute, photoLinks, type PhotoLinkTokens } from "./photo-links";
import { createUploadBudget } from "./upload-budget";
import { loadSharp } from "../photos/load-sharp";
import type { MessageStore } from "../store/message-store";
import type { PhotoStore } from "../store/photo-store";
import type sharpModule from "sharp";
import { apiPath, pathTo } from "../../src/routes";
import { leadsIn } from "../visits/report";
import { createVisitsFunction, type VisitsFunction } from "../visits/visits-function";
import { createEstimateVisitsApp } from "../estimate-visits/app";
import { offerReader } from "../estimate-visits/offer-reader";
import { startReminders, type Reminders } from "../estimate-visits/reminders";
import { startRetentionSweep, type RetentionSweep } from "../retention/retention-sweep";
import { createVisitLinks } from "../estimate-visits/visit-links";
import { bookingDayPath } from "../../src/desk/desk-routes";
import { isoOnClock } from "../../src/format/business-time";
import { ownerEmails } from "../desk/owners";
import { townNamesReader } from "../desk/town-names";
import { createOwnerPush, type OwnerPush } from "../push/owner-push";
import { messageNotice, reviewNotice, visitNotice } from "../push/push-notice";
import { createPushSender, PUSH_RETRY_DELAYS } from "../push/push-sender";

export { BODY_LIMIT_BYTES } from "./form-post";

export interface ContactAppOptions {
  /** Messages are stored with their mail job (`messages.add`), held spam apart (`messages.hold`); the rate limit counts in `limits`. */
  store: { messages: Pick<Store["messages"], "add" | "hold">; limits: Pick<Store["limits"], "take"> };
  clock?: () => number;
  /** Posts per IP per window; limit 0 turns it off. Default 5 per 10 minutes. */
  rateLimit?: { limit: number; windowMs?: number };
  /** The site's page for an invalid no-JavaScript post; without it, or when it gives none: a plain page with the form filled in again. */
  renderInvalidForm?: (...args: Parameters<RenderInvalidForm>) => string | undefined;
  /** Name and phone shown on the no-JavaScript problem pages. */
  contact?: PageContact;
  /** The site's frame for the problem pages (413, 429, 500, 503); default: a plain page. */
  frame?: PageFrame;
  /** The form's choices, for the options of the default invalid-form page. */
  services?: readonly ServiceChoice[];
  /** Which proxy may name the client (TRUST_PROXY); default none: the socket address is the client. */
  trustProxy?: TrustProxy;
  /**
   * Photos with messages (shared/CONTRACT.md turn 4: multipart posts), kept in `store`, and the
   * signed links to them in the owner's email (`links`, answered at /api/contact/photos/...).
   * Without it, a multipart post is refused (415).
   */
  photos?: {
    store: PhotoStore;
    messages: Pick<MessageStore, "get">;
    links: () => Promise<PhotoLinkTokens>;
    /** sharp to re-encode them (default functions/photos/load-sharp.ts). */
    sharp?: () => Promise<typeof sharpModule>;
  };
  logger?: Logger;
}

/**
 * Posts with photos on their way at once: 4 of the largest (25 MB each) in memory, 2 of them
 * from one client, so a phone that sends again while its first try is still arriving is not refused.
 */
const UPLOAD_BUDGET = { bytes: 4 * MULTIPART_LIMIT_BYTES, perClient: 2 * MULTIPART_LIMIT_BYTES };

/** Builds the app answering POST /api/contact as shared/CONTRACT.md says; mount it with `site.use(app)`. */
export function createApp(options: ContactAppOptions): express.Express {
  const { store, clock = Date.now, contact, logger = consoleLogger } = options;
  const renderDefault: RenderInvalidForm = (values, errors) => renderInvalidFormPage(values, errors, contact, options.services);
  // The site's renderer (the React contact page) must not turn a typo into a 500.
  const renderInvalidForm: RenderInvalidForm = (values, errors) => {
    try {
      return options.renderInvalidForm?.(values, errors) ?? renderDefault(values, errors);
    } catch (error) {
      logger.error("contact: renderInvalidForm failed, using the plain page", error);
      return renderDefault(values, errors);
    }
  };

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  // The same headers as the site's pages when this app runs alone (functions/contact/server.ts).
  app.use(sendSecurityHeaders());
  app.use(rejectMalformedUrl);
  // Before any body is read: none is inflated, each has a declared length (functions/http/request-body.ts).
  app.use(refuseUnreadableBodies);

  const handle = createFormPostHandler({
    schema: contactSchema,
    fields: contactFields,
    messages: fieldErrors,
    store: store.messages,
    limits: store.limits,
    rate: {
      bucket: "contact",
      rule: { limit: options.rateLimit?.limit ?? DEFAULT_RATE_LIMIT, windowMs: options.rateLimit?.windowMs ?? RATE_WINDOW_MS },
    },
    clock,
    logger,
    photos: options.photos && { store: options.photos.store, sharp: options.photos.sharp ?? loadSharp, budget: createUploadBudget(UPLOAD_BUDGET) },
    renderInvalid: renderInvalidForm,
    renderProblem: (title, message) => renderProblemPage(title, message, contact, options.frame),
    successPath: `${pathTo.contactThanks}/`,
    words: {
      notSent: "Message not sent",
      notSaved: "Message not saved",
      tooMany: { title: "Too many messages", message: "Too many messages from your connection. Please try again later or call us." },
      unavailable: "We cannot take messages right now. Please try again later or call us.",
      failed: "We could not save your message. Please try again in a moment or call us.",
      log: "contact",
    },
  });

  app.post(apiPath.contact, handle);
  if (options.photos) {
    const route = photoLinkRoute({
      tokens: options.photos.links,
      messages: options.photos.messages,
      photos: options.photos.store,
      page: options.frame ?? page,
      logger,
    });
    app.get(`${apiPath.contactPhotos}/:token{/:size}`, route);
  }
  app.all(apiPath.contact, (_req, res) => {
    res.set("Allow", "POST").status(405).json({ ok: false, message: "Use POST" });
  });
  app.use(finalErrorHandler({ logger }));
  return app;
}

export interface ContactFunction {
  /** POST /api/contact and the reviews function (POST /api/reviews, the owner's review links). */
  app: express.Express;
  /** Calls `listener` after a review decision changed what the site shows (scripts/start.ts rebuilds). */
  onPublish(listener: () => void): void;
  /** Everything kept: messages, reviews, the outbox's jobs (functions/store/store.ts). */
  store: Store;
  outbox: Outbox;
  mailer: Mailer;
  site: Site;
  /** DATA_DIR: the files store's folder, and where .eml files go without SMTP_URL. */
  dataDir: string;
  /** TRUST_PROXY as parsed; the site app mounting this one uses the same. */
  trustProxy: TrustProxy;
  /** POST /api/event and the week's summary (functions/visits/). */
  visits: VisitsFunction;
  /** The estimate visits' reminders the evening before (functions/estimate-visits/reminders.ts). */
  reminders: Reminders;
  /** Messages and bookings erased once past content/site.json's messagesKeptFor (functions/retention/retention-sweep.ts). */
  retention: RetentionSweep;
  /** Notifications to the owner's phones: `push.notify(about, notice)` (functions/push/owner-push.ts). */
  push: OwnerPush;
  /** Stops the outbox (waiting for sends in flight), closes the SMTP pool, and the store unless it was handed in. */
  close(): Promise<void>;
}

export interface ContactEnv {
  DATA_DIR?: string;
  /** PostgreSQL instead of files in DATA_DIR (functions/store/create-store.ts). */
  DATABASE_URL?: string;
  SMTP_URL?: string;
  CONTACT_TO?: string;
  CONTACT_FROM?: string;
  CONTACT_RATE_LIMIT?: string;
  TRUST_PROXY?: string;
  /** Signs the review links; unset: a key generated into DATA_DIR (functions/reviews/review-secret.ts). */
  REVIEW_SECRET?: string;
  /** Replaces the site's url (content/site.json), as in the build: the review links in emails point there. */
  SITE_URL?: string;
  /** Who may sign in to the owner's desk (functions/desk/owners.ts). */
  OWNER_EMAILS?: string;
}

export interface ContactFunctionOptions {
  /** The content folder: site.json, and the services that label the emails; default content/ under the working directory. */
  contentDir?: string;
  /** The store to use (npm start made it for its first build); default: the environment's (DATA_DIR, DATABASE_URL). Its maker closes it. */
  store?: Store;
  retryDelays?: readonly number[];
  /** The waits between a notification's attempts (default PUSH_RETRY_DELAYS, functions/push/push-sender.ts). */
  pushRetryDelays?: readonly number[];
  /** How long a push service may take to answer (default PUSH_TIMEOUT_MS). */
  pushTimeoutMs?: number;
  /** How long a claim on an email lasts unless this instance renews it (default DEFAULT_LEASE_MS, 30 s, renewed every 10 s while it is sent; functions/contact/outbox.ts). */
  leaseMs?: number;
  /**
   * The site's pages for a form posted without JavaScript and refused (the real /contact
   * and /reviews, scripts/contact-form-renderer.ts), asked for at each such post: the
   * servers make new ones after every build. Without them: plain pages.
   */
  formPages?: () => FormPages | undefined;
  /**
   * The owner's desk under /owner (functions/desk/): its pages (the desk bundle, scripts/build-engine/desk-bundle.ts)
   * and, where this server builds the site, how to publish a change. Without it there is no desk.
   */
  desk?: {
    renderer: () => Promise<DeskRenderer>;
    publish?: (reason: string) => Promise<PublishOutcome>;
    /** The site's build for the Posts screen (its preview and photo pipeline): npm start and npm run dev give it. */
    posts?: Pick<PostsDeskOptions, "renderer" | "processPhoto" | "processedPhotoFile" | "loadSharp">;
  };
  /** The built site being served (default dist/ under the working directory): visits are counted for its pages only. */
  distDir?: string;
  /** Visit reports per client per minute (default 60); 0 turns the limit off (a test's flood). */
  eventRateLimit?: number;
  /** The visit counts' clock (their days, the Monday email); default Date.now. */
  visitsClock?: () => number;
  /** The estimate visits' clock (what is offered now, the cancel links' hour, the reminders); default Date.now. */
  bookingClock?: () => number;
  logger?: Logger;
}

/**
 * The pages a refused no-JavaScript post gets: the form again, with the messages and what was
 * typed; and the site's frame for the functions' other pages, as pages of the site that belong
 * to `path` (src/entry-server.tsx: renderNotice).
 */
export interface FormPages {
  contact: RenderInvalidForm;
  reviews: RenderInvalidReviewForm;
  /** /book-estimate with the free times now, or answering a refused booking (functions/estimate-visits/app.ts). */
  booking: RenderBookingPage;
  notice: (title: string, body: string, path: string) => string;
}

/**
 * Everything the servers need, from the environment of shared/CONTRACT.md:
 * DATA_DIR, SMTP_URL, CONTACT_TO, CONTACT_FROM, CONTACT_RATE_LIMIT.
 * Usage: `const contact = await createContactFunction(process.env); site.use(contact.app);`
 * and `await contact.close()` on shutdown.
 */
export async function createContactFunction(env: ContactEnv, options: ContactFunctionOptions = {}): Promise<ContactFunction> {
  const logger = options.logger ?? consoleLogger;
  const contentDir = path.resolve(options.contentDir ?? "content");
  const site = await loadSite(contentDir, env);
  const dataDir = dataDirFromEnv(env);
  const rateLimit = parseRateLimit(env.CONTACT_RATE_LIMIT);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  checkReviewSecret(env);
  const store = options.store ?? (await storeFromEnv(env, { logger }));

  const tokens = lazyKeyed(env, store, logger, createReviewTokens);
  // The visitors' cancel links are signed with the same key, under a label of their own (visit-links.ts).
  const visitLinks = lazyKeyed(env, store, logger, createVisitLinks);
  // The photo links' key: made on first use, tried again after a failure (the store could not be written yet).
  let photoTokensMade: Promise<PhotoLinkTokens> | undefined;
  const photoTokens = (): Promise<PhotoLinkTokens> =>
    (photoTokensMade ??= store.keys.get("photo-link-key").then(
      (key) => createPhotoLinkTokens(key),
      (error: unknown) => {
        photoTokensMade = undefined;
        throw error;
      },
    ));
  const readServiceChoices = serviceChoicesReader(contentDir);
  const transport = createTransportFromEnv(env, dataDir);
  // content/site.json as it is now: the desk changes the business's name and email while this runs.
  const currentSite = siteFacts(contentDir, env, site);
  const currentAddresses = async () => defaultAddresses(await currentSite(), env);
  const mailer = createMailer({
    transport,
    site,
    addresses: defaultAddresses(site, env),
    async current() {
      const now = await currentSite();
      return { site: now, addresses: defaultAddresses(now, env) };
    },
    // Looked at for each email, so a service renamed in content/ is named so in the next one.
    async serviceChoices() {
      const { choices, problem } = await readServiceChoices();
      if (problem) logger.warn(`contact: content/services could not be read, the email names the service by its value (${String(problem)})`);
      return choices;
    },
    async visitLinks(visit) {
      const now = await currentSite();
      const cancel = new URL(apiPath.cancelEstimateVisit, now.url);
      cancel.searchParams.set("token", (await visitLinks()).sign(visit.id));
      return { cancel: cancel.href, desk: new URL(bookingDayPath(isoOnClock(now.timeZone, Date.parse(visit.start)).slice(0, 10)), now.url).href };
    },
    async reviewLinks(review) {
      const signer = await tokens();
      const link = (action: "approve" | "reject") => {
        const url = new URL(apiPath.moderateReview, site.url);
        url.searchParams.set("token", signer.sign(review.id, action, review.createdAt));
        return url.href;
      };
      return { approve: link("approve"), reject: link("reject") };
    },
    photoLinks: async (message) => photoLinks(message, await photoTokens(), site.url),
  });
  // The owner's phones get each new message and review at once, through the same outbox as its email.
  const push = createOwnerPush({ store, owners: async () => ownerEmails(env, (await currentSite()).email), logger });
  const pushSender = createPushSender({ store, subject: async () => `mailto:${(await currentSite()).email}`, timeoutMs: options.pushTimeoutMs, logger });
  const outbox = createOutbox({
    store: store.outbox,
    send: (job) => (job.kind === "push" ? pushSender.send(job) : mailer.send(job)),
    isPermanent: isPermanentMailError,
    retryDelays: (job) => (job.kind === "push" ? (options.pushRetryDelays ?? PUSH_RETRY_DELAYS) : (options.retryDelays ?? DEFAULT_RETRY_DELAYS)),
    leaseMs: options.leaseMs,
    logger,
  });
  // A store that cannot take writes must not take the pages down with it: posts answer 503
  // while it cannot, and the outbox is started again when the next email is queued.
  await outbox.start().catch((error: unknown) => {
    logger.error(`contact: ${error instanceof Error ? error.message : String(error)}; serving the site anyway, the outbox is tried again with the next contact post`);
  });
  // Made now so the key exists from the first start; a store that cannot be written yet (the
  // outbox has said so above) is tried again on use.
  await tokens({ quiet: true }).catch(() => undefined);
  // The functions' short pages in the site's frame, as the page they belong to; plain without a build, or if it fails.
  const frameAs =
    (path: string): PageFrame =>
    (title, body) => {
      try {
        return options.formPages?.()?.notice(title, body, path) ?? page(title, body);
      } catch (error) {
        logger.error("contact: the site's frame failed, using a plain page", error);
        return page(title, body);
      }
    };

  // A new message or review (not spam) is pushed once stored: after the visitor's answer, never holding it up.
  const towns = townNamesReader(contentDir);
  const announced = {
    messages: {
      ...store.messages,
      async add(...args: Parameters<Store["messages"]["add"]>) {
        const message = await store.messages.add(...args);
        void Promise.all([readServiceChoices(), towns()])
          .then(([{ choices }, names]) => push.notify(message.id, messageNotice(message, { services: choices, towns: names })))
          .catch((error: unknown) => logger.error(`push: could not word the notification of ${message.id}`, error));
        return message;
      },
    },
    reviews: {
      ...store.reviews,
      async add(...args: Parameters<Store["reviews"]["add"]>) {
        const review = await store.reviews.add(...args);
        void push.notify(review.id, reviewNotice(review));
        return review;
      },
    },
  };
  const contactApp = createApp({
    store: { messages: announced.messages, limits: store.limits },
    rateLimit: { limit: rateLimit },
    trustProxy,
    renderInvalidForm: (values, errors) => options.formPages?.()?.contact(values, errors),
    contact: { name: site.name, phone: site.phone },
    frame: frameAs(pathTo.contact),
    photos: { store: store.messagePhotos, messages: store.messages, links: photoTokens },
    // For the plain page only (no site renderer): read once, at start.
    services: (await readServiceChoices()).choices,
    logger,
  });
  const reviewsApp = createReviewsApp({
    store: { reviews: announced.reviews, limits: store.limits },
    tokens: () => tokens(),
    // Who a link decides as: the address the links were mailed to.
    linkDecider: async () => (await currentAddresses()).to,
    rateLimit: { limit: rateLimit, windowMs: RATE_WINDOW_MS },
    trustProxy,
    renderInvalidForm: (values, errors) => options.formPages?.()?.reviews(values, errors),
    contact: { name: site.name, phone: site.phone },
    frame: frameAs(pathTo.reviews),
    logger,
  });
  // Free estimate visits (issue 40): the offer as content/estimate-visits.json holds it now.
  const tellOwner = (visit: BookedVisit, change: "booked" | "cancelled") =>
    Promise.all([readServiceChoices(), currentSite()])
      .then(([{ choices }, now]) => push.notify(`visit-${change}-${visit.id}`, visitNotice(visit, change, { timeZone: now.timeZone, services: choices })))
      .catch((error: unknown) => logger.error(`push: could not word the notification of visit ${visit.id}`, error));
  const bookingClock = options.bookingClock ?? Date.now;
  const currentOffer = offerReader(contentDir, logger);
  const estimateVisitsApp = createEstimateVisitsApp({
    store,
    offer: currentOffer,
    site: currentSite,
    links: () => visitLinks(),
    bookingPage: () => options.formPages?.()?.booking,
    frame: frameAs(pathTo.bookEstimate),
    contact: { name: site.name, phone: site.phone },
    rateLimit: { limit: rateLimit },
    trustProxy,
    clock: bookingClock,
    logger,
    // A visit booked, or cancelled by the visitor: the owner's phones are told, as of a new message
    // (a cancel in the desk is the owner's own doing: nothing to tell).
    onBooked: (visit) => void tellOwner(visit, "booked"),
    onCancelled: (visit) => void tellOwner(visit, "cancelled"),
  });
  const reminders = startReminders({ store: store.estimateVisits, timeZone: async () => (await currentSite()).timeZone, clock: bookingClock, logger });
  // Its emails kept as files (no SMTP_URL) go with each message and booking erased.
  const retention = startRetentionSweep({ store, site: currentSite, forgetMail: transport.forget?.bind(transport), logger });
  const visits = await createVisitsFunction({
    visits: store.visits,
    site,
    contentDir,
    distDir: path.resolve(options.distDir ?? "dist"),
    trustProxy,
    rateLimit: options.eventRateLimit,
    currentSite,
    leads: leadsIn(store, site.timeZone),
    // The Monday email goes to whoever gets the messages, through the outbox like them.
    queueReport: async (report) => store.outbox.add({ kind: "report", createdAt: new Date().toISOString(), to: (await currentAddresses()).to, ...report }),
    clock: options.visitsClock,
    logger,
  });
  // Every version of every post, and the owner's unsaved work, are in the store with the other data (npm run backup
  // copies them); the photos half uploaded wait in DATA_DIR's dot folder, which it leaves out.
  const postsStore = options.desk?.posts && store.posts;
  const deskApp =
    options.desk &&
    createDeskApp({
      store,
      renderer: options.desk.renderer,
      publish: options.desk.publish,
      visits,
      posts: options.desk.posts && postsStore && { ...options.desk.posts, store: postsStore, uploadsDir: path.join(dataDir, ".post-uploads") },
      contentDir,
      site,
      currentSite,
      env,
      trustProxy,
      // Without SMTP_URL each notification is also an .eml file in DATA_DIR: deleting a message deletes those too.
      forgetMail: transport.forget?.bind(transport),
      logger,
    });
  const app = express();
  app.disable("x-powered-by");
  if (deskApp) app.use(deskApp);
  app.use(contactApp, reviewsApp, estimateVisitsApp, visits.app);
  const unwatch: Array<() => void> = [];

  return {
    app,
    onPublish: (listener) => void unwatch.push(store.reviews.watchApproved(listener)),
    store,
    outbox,
    mailer,
    site,
    dataDir,
    trustProxy,
    visits,
    reminders,
    retention,
    push,
    async close() {
      for (const stop of unwatch.splice(0)) stop();
      reminders.stop();
      // A sweep under way finishes before the store closes; nothing else waits for it.
      const swept = retention.stop();
      // What the desk writes after answering (a sign-in's email and audit lines) goes to the store first.
      await deskApp?.settled();
      await visits.close();
      await outbox.stop();
      await swept;
      if (!options.store) await store.close();
      mailer.close();
    },
  };
}

/**
 * What is signed with the review links' key (REVIEW_SECRET, else the store's `review-secret`): the
 * review links, the visitors' cancel links. Made on first use and kept; a failure (the store cannot
 * be written yet) is logged and tried again next time.
 */
function lazyKeyed<T>(env: ContactEnv, store: Store, logger: Logger, make: (secret: Buffer) => T): (options?: { quiet?: boolean }) => Promise<T> {
  let made: Promise<T> | undefined;
  return ({ quiet = false } = {}) => {
    made ??= loadReviewSecret(env, store.keys).then(make, (error: unknown) => {
      made = undefined;
      if (!quiet) logger.error(`no key for the emails' links yet (${error instanceof Error ? error.message : String(error)})`);
      throw error;
    });
    return made;
  };
}

function parseRateLimit(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_RATE_LIMIT;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 0) {
    throw new Error(`CONTACT_RATE_LIMIT: expected a whole number (0 turns the limit off), got "${value}"`);
  }
  return limit;
}
