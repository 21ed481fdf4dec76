import path from "node:path";
import express from "express";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { sendSecurityHeaders } from "../http/security-headers";
import { parseTrustProxy, type TrustProxy } from "../http/trust-proxy";
import { loadSite } from "../../src/content/load-content";
import { serviceChoicesReader } from "../../src/content/services";
import type { Site } from "../../src/content/site";
import {
  renderInvalidFormPage,
  renderProblemPage,
  type PageContact,
  type RenderInvalidForm,
} from "./form-pages";
import { classifyDataDirError, DataDirUnwritableError } from "./data-dir";
import { consoleLogger, type Logger } from "./jsonl-log";
import { createMailer, createTransportFromEnv, defaultAddresses, isPermanentMailError, type Mailer } from "./mailer";
import { createOutbox, type Outbox } from "./outbox";
import { createReviewsApp } from "../reviews/app";
import { createDeskApp, type DeskRenderer } from "../desk/desk-app";
import type { PublishOutcome } from "../desk/screens";
import { createFileDeskStore } from "../store/files/desk-store";
import type { RenderInvalidReviewForm } from "../reviews/review-pages";
import { checkReviewSecret, loadReviewSecret } from "../reviews/review-secret";
import { createPublishSignal } from "../reviews/publish-signal";
import { createReviewStore, REVIEW_SPAM_FILE } from "../reviews/review-store";
import { createReviewTokens, type ReviewTokens } from "../reviews/review-tokens";
import { createRateLimiter, DEFAULT_RATE_LIMIT, RATE_WINDOW_MS } from "./rate-limit";
import { contactFields, type ServiceChoice } from "../../src/content/contact";
import { contactSchema, fieldErrors } from "../../src/content/contact-schema";
import { createFormPostHandler } from "./form-post";
import { createSubmissionStore, SPAM_FILE, type SubmissionStore } from "./store";
import { apiPath, pathTo } from "../../src/routes";

export { BODY_LIMIT_BYTES } from "./form-post";

export interface ContactAppOptions {
  store: Pick<SubmissionStore, "append">;
  /** Held-back spam goes here (DATA_DIR/spam.jsonl) and is never mailed. */
  spamStore: Pick<SubmissionStore, "append">;
  /** Takes the notification after the answer is sent; its failures never reach the visitor. */
  outbox: Pick<Outbox, "enqueue">;
  clock?: () => number;
  /** Posts per IP per window; limit 0 turns it off. Default 5 per 10 minutes. */
  rateLimit?: { limit: number; windowMs?: number };
  /** The site's page for an invalid no-JavaScript post; without it, or when it gives none: a plain page with the form filled in again. */
  renderInvalidForm?: (...args: Parameters<RenderInvalidForm>) => string | undefined;
  /** Name and phone shown on the no-JavaScript problem pages. */
  contact?: PageContact;
  /** The form's choices, for the options of the default invalid-form page. */
  services?: readonly ServiceChoice[];
  /** Which proxy may name the client (TRUST_PROXY); default none: the socket address is the client. */
  trustProxy?: TrustProxy;
  logger?: Logger;
}

/** Builds the app answering POST /api/contact as shared/CONTRACT.md says; mount it with `site.use(app)`. */
export function createApp(options: ContactAppOptions): express.Express {
  const { store, spamStore, outbox, clock = Date.now, contact, logger = consoleLogger } = options;
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
  const limiter = createRateLimiter({
    limit: options.rateLimit?.limit ?? DEFAULT_RATE_LIMIT,
    windowMs: options.rateLimit?.windowMs ?? RATE_WINDOW_MS,
    clock,
  });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  // The same headers as the site's pages when this app runs alone (functions/contact/server.ts).
  app.use(sendSecurityHeaders());
  app.use(rejectMalformedUrl);

  const handle = createFormPostHandler({
    schema: contactSchema,
    fields: contactFields,
    messages: fieldErrors,
    store,
    spamStore,
    queue: (submission) => outbox.enqueue(submission),
    limiter,
    clock,
    logger,
    renderInvalid: renderInvalidForm,
    renderProblem: (title, message) => renderProblemPage(title, message, contact),
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
  outbox: Outbox;
  mailer: Mailer;
  site: Site;
  dataDir: string;
  /** TRUST_PROXY as parsed; the site app mounting this one uses the same. */
  trustProxy: TrustProxy;
  /** Stops the outbox (waiting for sends in flight) and closes files and the SMTP pool. */
  close(): Promise<void>;
}

export interface ContactEnv {
  DATA_DIR?: string;
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
  retryDelays?: readonly number[];
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
  desk?: { renderer: () => Promise<DeskRenderer>; publish?: (reason: string) => Promise<PublishOutcome> };
  logger?: Logger;
}

/** The pages a refused no-JavaScript post gets: the form again, with the messages and what was typed. */
export interface FormPages {
  contact: RenderInvalidForm;
  reviews: RenderInvalidReviewForm;
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
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const rateLimit = parseRateLimit(env.CONTACT_RATE_LIMIT);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  checkReviewSecret(env);

  const tokens = lazyTokens(env, dataDir, logger);
  const readServiceChoices = serviceChoicesReader(contentDir);
  const transport = createTransportFromEnv(env, dataDir);
  const mailer = createMailer({
    transport,
    site,
    addresses: defaultAddresses(site, env),
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
  const outbox = createOutbox({
    dataDir,
    send: mailer.send,
    isPermanent: isPermanentMailError,
    retryDelays: options.retryDelays,
    logger,
  });
  // A DATA_DIR that cannot be written must not take the pages down with it: contact posts
  // answer 503 while it cannot be written, and the outbox is started again with the next post.
  await outbox.start().catch((error: unknown) => {
    const problem = classifyDataDirError(dataDir, error);
    const what = problem instanceof DataDirUnwritableError ? problem.message : `the outbox could not start (${String(error)})`;
    logger.error(`contact: ${what}; serving the site anyway, the outbox is tried again with the next contact post`);
  });
  const store = createSubmissionStore(dataDir, { logger });
  const spamStore = createSubmissionStore(dataDir, { fileName: SPAM_FILE, logger });
  const reviewStore = createReviewStore(dataDir, { logger });
  const reviewSpamStore = createReviewStore(dataDir, { fileName: REVIEW_SPAM_FILE, logger });
  // Made now so the key exists from the first start; a DATA_DIR that cannot be written yet (the
  // outbox has said so above) is tried again on use.
  await tokens({ quiet: true }).catch(() => undefined);
  const publishing = createPublishSignal(dataDir, logger);

  const contactApp = createApp({
    store,
    spamStore,
    outbox,
    rateLimit: { limit: rateLimit },
    trustProxy,
    renderInvalidForm: (values, errors) => options.formPages?.()?.contact(values, errors),
    contact: { name: site.name, phone: site.phone },
    // For the plain page only (no site renderer): read once, at start.
    services: (await readServiceChoices()).choices,
    logger,
  });
  const reviewsApp = createReviewsApp({
    store: reviewStore,
    spamStore: reviewSpamStore,
    outbox,
    tokens: () => tokens(),
    publish: () => {
      void publishing.check();
    },
    rateLimit: { limit: rateLimit, windowMs: RATE_WINDOW_MS },
    trustProxy,
    renderInvalidForm: (values, errors) => options.formPages?.()?.reviews(values, errors),
    contact: { name: site.name, phone: site.phone },
    logger,
  });
  const deskStore = options.desk && createFileDeskStore(dataDir, { logger });
  const deskApp =
    options.desk &&
    deskStore &&
    createDeskApp({
      store: deskStore,
      renderer: options.desk.renderer,
      publish: options.desk.publish,
      contentDir,
      site,
      env,
      // A sign-in code is good for 15 minutes: sent at once, not queued for retries like a message.
      sendMail: (message) => transport.send(message),
      trustProxy,
      logger,
    });
  const app = express();
  app.disable("x-powered-by");
  if (deskApp) app.use(deskApp);
  app.use(contactApp, reviewsApp);

  return {
    app,
    onPublish: publishing.onPublish,
    outbox,
    mailer,
    site,
    dataDir,
    trustProxy,
    async close() {
      publishing.close();
      await outbox.stop();
      await Promise.all([store.close(), spamStore.close(), reviewStore.close(), reviewSpamStore.close(), deskStore?.close()]);
      mailer.close();
    },
  };
}

/** The review link signer, made on first use and kept; a failure (DATA_DIR not writable yet) is logged and tried again next time. */
function lazyTokens(env: ContactEnv, dataDir: string, logger: Logger): (options?: { quiet?: boolean }) => Promise<ReviewTokens> {
  let made: Promise<ReviewTokens> | undefined;
  return ({ quiet = false } = {}) => {
    made ??= loadReviewSecret(env, dataDir).then(
      (secret) => createReviewTokens(secret),
      (error: unknown) => {
        made = undefined;
        const problem = classifyDataDirError(dataDir, error);
        if (!quiet) logger.error(`reviews: no key for review links yet (${problem instanceof Error ? problem.message : String(problem)})`);
        throw problem;
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
