import { readFileSync } from "node:fs";
import path from "node:path";
import express, { type Request, type RequestHandler, type Response } from "express";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { sendSecurityHeaders } from "../http/security-headers";
import { parseTrustProxy, type TrustProxy } from "../http/trust-proxy";
import { parseContent } from "../../src/content/content-error";
import { siteSchema, type Site } from "../../src/content/site";
import {
  renderInvalidFormPage,
  renderProblemPage,
  type FormValues,
  type PageContact,
  type RenderInvalidForm,
} from "./form-pages";
import { classifyDataDirError, DataDirUnwritableError } from "./data-dir";
import { consoleLogger, type Logger } from "./jsonl-log";
import { createMailer, createTransportFromEnv, defaultAddresses, isPermanentMailError, type Mailer } from "./mailer";
import { createOutbox, type Outbox } from "./outbox";
import { clientKey } from "../http/client-key";
import { createRateLimiter } from "./rate-limit";
import { contactFields, contactSchema, fieldErrors } from "./schema";
import { antiSpamFieldErrors, spamReason } from "./spam";
import { createSubmissionStore, SPAM_FILE, type Submission, type SubmissionStore } from "./store";

export const CONTACT_PATH = "/api/contact";
export const THANK_YOU_PATH = "/contact/thank-you/";
/** shared/CONTRACT.md: 413 over 16 KiB. */
export const BODY_LIMIT_BYTES = 16 * 1024;
export const DEFAULT_RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60_000;

export interface ContactAppOptions {
  store: Pick<SubmissionStore, "append">;
  /** Held-back spam goes here (DATA_DIR/spam.jsonl) and is never mailed. */
  spamStore: Pick<SubmissionStore, "append">;
  /** Takes the notification after the answer is sent; its failures never reach the visitor. */
  outbox: Pick<Outbox, "enqueue">;
  clock?: () => number;
  /** Posts per IP per window; limit 0 turns it off. Default 5 per 10 minutes. */
  rateLimit?: { limit: number; windowMs?: number };
  /** The page for an invalid no-JavaScript post; default: a plain page with the form filled in again. */
  renderInvalidForm?: RenderInvalidForm;
  /** Name and phone shown on the no-JavaScript problem pages. */
  contact?: PageContact;
  /** Which proxy may name the client (TRUST_PROXY); default none: the socket address is the client. */
  trustProxy?: TrustProxy;
  logger?: Logger;
}

type ParsedBody = { kind: "json" | "form"; body: unknown };

const jsonParser = express.json({ limit: BODY_LIMIT_BYTES });
// extended: false uses node:querystring: flat string fields only, no nested objects.
const formParser = express.urlencoded({ extended: false, limit: BODY_LIMIT_BYTES, parameterLimit: 50 });

/** Builds the app answering POST /api/contact as shared/CONTRACT.md says; mount it with `site.use(app)`. */
export function createApp(options: ContactAppOptions): express.Express {
  const { store, spamStore, outbox, clock = Date.now, contact, logger = consoleLogger } = options;
  const renderDefault: RenderInvalidForm = (values, errors) => renderInvalidFormPage(values, errors, contact);
  // The site's renderer (the React contact page) must not turn a typo into a 500.
  const renderInvalidForm: RenderInvalidForm = (values, errors) => {
    if (!options.renderInvalidForm) return renderDefault(values, errors);
    try {
      return options.renderInvalidForm(values, errors);
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

  /** JSON clients get JSON; form posts get a page a person can read. */
  function fail(res: Response, kind: ParsedBody["kind"], status: number, title: string, message: string): void {
    if (kind === "form") res.status(status).type("html").send(renderProblemPage(title, message, contact));
    else res.status(status).json({ ok: false, message });
  }

  const handle: RequestHandler = async (req, res) => {
    res.set("Cache-Control", "no-store");
    const parsed = await readBody(req, res);
    if ("status" in parsed) {
      if (parsed.status === 400 && parsed.kind === "json") res.status(400).json({ ok: false, errors: { form: parsed.message } });
      else fail(res, parsed.kind, parsed.status, "Message not sent", parsed.message);
      return;
    }
    const { kind, body } = parsed;

    // The anti-spam fields are checked for type like the others, before spamReason reads them.
    const result = contactSchema.safeParse(body ?? {});
    const spamFieldErrors = antiSpamFieldErrors(body);
    if (!result.success || spamFieldErrors) {
      const errors = { ...spamFieldErrors, ...(result.success ? {} : fieldErrors(result.error)) };
      if (kind === "form") res.status(400).type("html").send(renderInvalidForm(formValues(body), errors));
      else res.status(400).json({ ok: false, errors });
      return;
    }

    const decision = limiter.take(clientKey(req.ip ?? req.socket.remoteAddress));
    if (!decision.ok) {
      res.set("Retry-After", String(decision.retryAfterSeconds));
      fail(res, kind, 429, "Too many messages", "Too many messages from your connection. Please try again later or call us.");
      return;
    }

    // Spam is kept (the owner can look with `npm run submissions -- --spam`) but not mailed,
    // and answered like a success so a bot learns nothing.
    const reason = spamReason(body, clock());
    let submission: Submission;
    try {
      submission = reason ? await spamStore.append(result.data, { spamReason: reason }) : await store.append(result.data);
    } catch (error) {
      if (error instanceof DataDirUnwritableError) {
        // shared/CONTRACT.md: an unwritable DATA_DIR is a 503 until it is fixed; one line, no stack.
        logger.error(`contact: ${error.message}; answering 503 until it can`);
        res.set("Retry-After", "60");
        fail(res, kind, 503, "Message not sent", "We cannot take messages right now. Please try again later or call us.");
        return;
      }
      logger.error("contact: could not store a submission", error);
      fail(res, kind, 500, "Message not saved", "We could not save your message. Please try again in a moment or call us.");
      return;
    }

    if (!reason) {
      // The stored line is the mail job (the outbox replays submissions.jsonl on start), so no
      // crash from here on can leave this message unmailed. Handing it to the running outbox
      // writes nothing, and the answer does not wait for it; a failure is logged.
      const { id } = submission;
      void outbox.enqueue(submission).catch((error: unknown) => logger.error(`contact: could not queue the notification for ${id}`, error));
    }

    if (kind === "form") res.redirect(303, THANK_YOU_PATH);
    else res.status(201).json({ ok: true, id: submission.id });
  };

  app.post(CONTACT_PATH, handle);
  app.all(CONTACT_PATH, (_req, res) => {
    res.set("Allow", "POST").status(405).json({ ok: false, message: "Use POST" });
  });
  app.use(finalErrorHandler({ logger }));
  return app;
}

const tooLarge = `The message is too large (limit ${BODY_LIMIT_BYTES / 1024} KiB)`;

/** Parses JSON or urlencoded bodies up to the limit; any other type is a 415. */
async function readBody(
  req: Request,
  res: Response,
): Promise<ParsedBody | { kind: ParsedBody["kind"]; status: number; message: string }> {
  const type = req.is(["application/json", "application/x-www-form-urlencoded"]);
  const kind = type === "application/json" ? "json" : type === "application/x-www-form-urlencoded" ? "form" : undefined;
  if (!kind) {
    return { kind: "json", status: 415, message: "Send the form as application/json or application/x-www-form-urlencoded" };
  }
  // The body parser answers an oversized body only after reading all of it: refuse a
  // declared length at once, and close the connection rather than read what follows.
  if (Number(req.headers["content-length"]) > BODY_LIMIT_BYTES) {
    res.set("Connection", "close").on("finish", () => req.socket.destroySoon());
    return { kind, status: 413, message: tooLarge };
  }
  try {
    await runMiddleware(kind === "json" ? jsonParser : formParser, req, res);
  } catch (error) {
    const status = httpStatus(error);
    if (status === 413) return { kind, status, message: tooLarge };
    if (status === 415) return { kind, status, message: "Unsupported charset or encoding; send UTF-8" };
    if (status !== undefined && status >= 400 && status < 500) {
      return { kind, status: 400, message: kind === "json" ? "The request body is not valid JSON" : "The form data could not be read" };
    }
    throw error;
  }
  const body: unknown = req.body;
  return { kind, body };
}

function runMiddleware(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  return typeof error.status === "number" ? error.status : undefined;
}

/** The string fields of a form post, to fill the form in again. */
function formValues(body: unknown): FormValues {
  const values: FormValues = {};
  if (typeof body !== "object" || body === null) return values;
  const record = new Map(Object.entries(body));
  for (const field of contactFields) {
    const value = record.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

export interface ContactFunction {
  app: express.Express;
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
}

export interface ContactFunctionOptions {
  /** Defaults to content/site.json under the working directory. */
  siteFile?: string;
  retryDelays?: readonly number[];
  renderInvalidForm?: RenderInvalidForm;
  logger?: Logger;
}

/**
 * Everything the servers need, from the environment of shared/CONTRACT.md:
 * DATA_DIR, SMTP_URL, CONTACT_TO, CONTACT_FROM, CONTACT_RATE_LIMIT.
 * Usage: `const contact = await createContactFunction(process.env); site.use(contact.app);`
 * and `await contact.close()` on shutdown.
 */
export async function createContactFunction(env: ContactEnv, options: ContactFunctionOptions = {}): Promise<ContactFunction> {
  const logger = options.logger ?? consoleLogger;
  const siteFile = options.siteFile ?? path.resolve("content/site.json");
  const site = parseContent(siteSchema, JSON.parse(readFileSync(siteFile, "utf8")), siteFile);
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const rateLimit = parseRateLimit(env.CONTACT_RATE_LIMIT);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);

  const mailer = createMailer({
    transport: createTransportFromEnv(env, dataDir),
    site,
    addresses: defaultAddresses(site, env),
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

  const app = createApp({
    store,
    spamStore,
    outbox,
    rateLimit: { limit: rateLimit },
    trustProxy,
    renderInvalidForm: options.renderInvalidForm,
    contact: { name: site.name, phone: site.phone },
    logger,
  });

  return {
    app,
    outbox,
    mailer,
    site,
    dataDir,
    trustProxy,
    async close() {
      await outbox.stop();
      await Promise.all([store.close(), spamStore.close()]);
      mailer.close();
    },
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
