import path from "node:path";
import express from "express";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { refuseUnreadableBodies } from "../http/request-body";
import { sendSecurityHeaders } from "../http/security-headers";
import { parseTrustProxy, type TrustProxy } from "../http/trust-proxy";
import { consoleLogger, type Logger } from "../logger";
import { dataDirFromEnv, storeFromEnv } from "../store/create-store";
import type { Store } from "../store/store";
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
import { checkReviewSecret, loadReviewSecret } from "../reviews/review-secret";
import { createReviewTokens, type ReviewTokens } from "../reviews/review-tokens";
import { contactFields, type ServiceChoice } from "../../src/content/contact";
import { contactSchema, fieldErrors } from "../../src/content/contact-schema";
import { createFormPostHandler, DEFAULT_RATE_LIMIT, RATE_WINDOW_MS } from "./form-post";
import { apiPath, pathTo } from "../../src/routes";
import { leadsIn } from "../visits/report";
import { createVisitsFunction, type VisitsFunction } from "../visits/visits-function";
import { ownerEmails } from "../desk/owners";
import { townNamesReader } from "../desk/town-names";
import { createOwnerPush, type OwnerPush } from "../push/owner-push";
import { messageNotice, reviewNotice } from "../push/push-notice";
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
  logger?: Logger;
}

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

  const tokens = lazyTokens(env, store, logger);
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
    async reviewLinks(review) {
      const signer = await tokens();
      const link = (action: "approve" | "reject") => {
        const url = new URL(apiPath.moderateReview, site.url);
        url.searchParams.set("token", signer.sign(review.id, action, review.createdAt));
        return url.href;
      };
      return { approve: link("approve"), reject: link("reject") };
    },
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
      logger,
    });
  const app = express();
  app.disable("x-powered-by");
  if (deskApp) app.use(deskApp);
  app.use(contactApp, reviewsApp, visits.app);
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
    push,
    async close() {
      for (const stop of unwatch.splice(0)) stop();
      // What the desk writes after answering (a sign-in's email and audit lines) goes to the store first.
      await deskApp?.settled();
      await visits.close();
      await outbox.stop();
      if (!options.store) await store.close();
      mailer.close();
    },
  };
}

/** The review link signer, made on first use and kept; a failure (the store cannot be written yet) is logged and tried again next time. */
function lazyTokens(env: ContactEnv, store: Store, logger: Logger): (options?: { quiet?: boolean }) => Promise<ReviewTokens> {
  let made: Promise<ReviewTokens> | undefined;
  return ({ quiet = false } = {}) => {
    made ??= loadReviewSecret(env, store.keys).then(
      (secret) => createReviewTokens(secret),
      (error: unknown) => {
        made = undefined;
        if (!quiet) logger.error(`reviews: no key for review links yet (${error instanceof Error ? error.message : String(error)})`);
        throw error;
      },
    );
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
