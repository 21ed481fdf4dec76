// One form post, the contact message's rules for any kind of post (shared/CONTRACT.md):
// JSON or urlencoded (415 otherwise), 413 over 16 KiB, 400 with every field's message,
// the rate limit (429), spam held on positive evidence and answered like a success,
// stored with its mail job (fsync, or commit) before the answer, 503 while the store cannot
// take writes. functions/contact/app.ts and functions/reviews/app.ts differ only in their
// schema, store part, pages and words.
import type { Request, RequestHandler, Response } from "express";
import * as z from "zod/mini";
import { clientKey } from "../http/client-key";
import { declaredOver, formBody, jsonBody, leaveBodyUnread } from "../http/request-body";
import type { Logger } from "../logger";
import type { LimitStore, RateDecision, RateRule } from "../store/limit-store";
import type { LeadSource } from "../store/records";
import { StoreUnavailableError } from "../store/store-errors";
import { leadSourceOf } from "../visits/lead-source";
import { antiSpamFieldErrors, spamReason } from "./spam";

/** shared/CONTRACT.md: 413 over 16 KiB. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** CONTACT_RATE_LIMIT's default: posts per address per window (contact and reviews each count their own). */
export const DEFAULT_RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60_000;

export type BodyKind = "json" | "form";
type ParsedBody = { kind: BodyKind; body: unknown };

const jsonParser = jsonBody(BODY_LIMIT_BYTES);
const formParser = formBody(BODY_LIMIT_BYTES, 50);

/** What a visitor reads when a post is refused; each kind of post says it in its own words. */
export interface FormPostWords {
  /** Title of the problem page for a post that could not be read: "Message not sent". */
  notSent: string;
  /** Title of the 500 page: "Message not saved". */
  notSaved: string;
  tooMany: { title: string; message: string };
  unavailable: string;
  failed: string;
  /** Prefix of log lines: "contact". */
  log: string;
}

export interface FormPostOptions<Schema extends z.core.$ZodType, Field extends string, Stored extends { id: string }> {
  schema: Schema;
  fields: readonly Field[];
  messages: (error: z.core.$ZodError) => Partial<Record<Field | "form", string>>;
  /** The store's part for this kind of post: `add` stores it with its mail job, `hold` keeps spam, never mailed. */
  store: {
    add(input: z.infer<Schema>, source?: LeadSource): Promise<Stored>;
    hold(input: z.infer<Schema>, spamReason: string, source?: LeadSource): Promise<Stored>;
  };
  limits: Pick<LimitStore, "take">;
  /** The rate-limit bucket ("contact", "reviews") and its rule. */
  rate: { bucket: string; rule: RateRule };
  clock: () => number;
  logger: Logger;
  /** The page for an invalid no-JavaScript post: the form again with the messages. */
  renderInvalid: (values: Partial<Record<Field, string>>, errors: Partial<Record<Field | "form", string>>) => string;
  /** A short page for a form post that could not be taken. */
  renderProblem: (title: string, message: string) => string;
  /** Where a stored no-JavaScript post is sent (303). */
  successPath: string;
  words: FormPostWords;
}

export function createFormPostHandler<Schema extends z.core.$ZodType, Field extends string, Stored extends { id: string }>(
  options: FormPostOptions<Schema, Field, Stored>,
): RequestHandler {
  const { schema, store, limits, rate, clock, logger, words } = options;

  /** JSON clients get JSON; form posts get a page a person can read. */
  function fail(res: Response, kind: BodyKind, status: number, title: string, message: string): void {
    if (kind === "form") res.status(status).type("html").send(options.renderProblem(title, message));
    else res.status(status).json({ ok: false, message });
  }

  /** 503 while the store cannot take writes (one log line, no stack); 500 for anything else. */
  function unavailable(res: Response, kind: BodyKind, error: unknown): void {
    if (error instanceof StoreUnavailableError) {
      logger.error(`${words.log}: ${error.message}; answering 503 until it can`);
      res.set("Retry-After", "60");
      fail(res, kind, 503, words.notSent, words.unavailable);
      return;
    }
    logger.error(`${words.log}: could not store a post`, error);
    fail(res, kind, 500, words.notSaved, words.failed);
  }

  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    const parsed = await readBody(req, res);
    if ("status" in parsed) {
      if (parsed.status === 400 && parsed.kind === "json") res.status(400).json({ ok: false, errors: { form: parsed.message } });
      else fail(res, parsed.kind, parsed.status, words.notSent, parsed.message);
      return;
    }
    const { kind, body } = parsed;

    // The anti-spam fields are checked for type like the others, before spamReason reads them.
    const result = z.safeParse(schema, body ?? {});
    const spamFieldErrors = antiSpamFieldErrors(body);
    if (!result.success || spamFieldErrors) {
      const errors: Partial<Record<Field | "form", string>> = result.success ? {} : options.messages(result.error);
      if (spamFieldErrors) errors.form ??= spamFieldErrors.form;
      if (kind === "form") res.status(400).type("html").send(options.renderInvalid(formValues(body, options.fields), errors));
      else res.status(400).json({ ok: false, errors });
      return;
    }

    let decision: RateDecision = { ok: true };
    try {
      if (rate.rule.limit > 0) decision = await limits.take(rate.bucket, clientKey(req.ip ?? req.socket.remoteAddress), rate.rule);
    } catch (error) {
      return unavailable(res, kind, error);
    }
    if (!decision.ok) {
      res.set("Retry-After", String(decision.retryAfterSeconds));
      fail(res, kind, 429, words.tooMany.title, words.tooMany.message);
      return;
    }

    // Spam is kept (the owner can look at it) but not mailed, and answered like a success so a bot learns nothing.
    // The post and its mail job are stored in one write, so no crash from here on can leave it unmailed.
    const reason = spamReason(body, clock());
    let stored: Stored;
    try {
      const source = leadSourceOf(body, req.hostname);
      stored = reason ? await store.hold(result.data, reason, source) : await store.add(result.data, source);
    } catch (error) {
      return unavailable(res, kind, error);
    }

    if (kind === "form") res.redirect(303, options.successPath);
    else res.status(201).json({ ok: true, id: stored.id });
  };
}

const tooLarge = `The message is too large (limit ${BODY_LIMIT_BYTES / 1024} KiB)`;

/** Parses JSON or urlencoded bodies up to the limit; any other type is a 415. */
export async function readBody(req: Request, res: Response): Promise<ParsedBody | { kind: BodyKind; status: number; message: string }> {
  const type = req.is(["application/json", "application/x-www-form-urlencoded"]);
  const kind = type === "application/json" ? "json" : type === "application/x-www-form-urlencoded" ? "form" : undefined;
  if (!kind) {
    leaveBodyUnread(req, res);
    return { kind: "json", status: 415, message: "Send the form as application/json or application/x-www-form-urlencoded" };
  }
  // The body parser answers an oversized body only after reading all of it: refuse a
  // declared length at once, and close the connection rather than read what follows.
  if (declaredOver(req, BODY_LIMIT_BYTES)) {
    leaveBodyUnread(req, res);
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
export function formValues<Field extends string>(body: unknown, fields: readonly Field[]): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  if (typeof body !== "object" || body === null) return values;
  const record = new Map(Object.entries(body));
  for (const field of fields) {
    const value = record.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}
