// One form post, the contact message's rules for any kind of post (shared/CONTRACT.md):
// JSON or urlencoded (415 otherwise; multipart with photos where `photos` is given), 413 over 16 KiB, 400 with every field's message,
// the rate limit (429), spam held on positive evidence and answered like a success,
// stored with its mail job (fsync, or commit) before the answer, 503 while the store cannot
// take writes. functions/contact/app.ts, functions/reviews/app.ts and functions/estimate-visits/app.ts
// differ only in their schema, store part, pages and words (and a booking may be refused by what the
// store holds: PostRefused).
import type { Request, RequestHandler, Response } from "express";
import type sharpModule from "sharp";
import * as z from "zod/mini";
import { PHOTOS_FIELD, photoLimits } from "../../src/content/contact-photos";
import { photoWords } from "../../src/content/photo-words";
import { clientKey } from "../http/client-key";
import { allowLongBody, serverLimits } from "../http/server-limits";
import { closeAfterAnswer, declaredLength, declaredOver, formBody, jsonBody, leaveBodyUnread } from "../http/request-body";
import type { Logger } from "../logger";
import type { LimitStore, RateDecision, RateRule } from "../store/limit-store";
import type { PhotoStore } from "../store/photo-store";
import type { LeadSource, MessagePhoto } from "../store/records";
import { StoreUnavailableError } from "../store/store-errors";
import { leadSourceOf } from "../visits/lead-source";
import { readMultipart, type MultipartLimits } from "./multipart-body";
import { antiSpamFieldErrors, spamReason } from "./spam";
import type { UploadBudget } from "./upload-budget";
import { preparePhotos, refuseStart } from "./visitor-photos";

/** shared/CONTRACT.md: 413 over 16 KiB. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A post with photos: its fields as any post's, then up to 5 photos (src/content/contact-photos.ts). */
const multipartLimits: MultipartLimits = {
  fieldBytes: BODY_LIMIT_BYTES,
  fields: 20,
  fileField: PHOTOS_FIELD,
  files: photoLimits.count,
  fileBytes: photoLimits.bytesEach,
  filesBytes: photoLimits.bytesTotal,
};
/** A post with photos declaring more than this is refused unread: the photos, the fields, and each part's few lines of headers. */
export const MULTIPART_LIMIT_BYTES = photoLimits.bytesTotal + BODY_LIMIT_BYTES + 64 * 1024;
/** How long a post with photos may take to arrive: 25 MB from a phone at 1.6 Mbit/s takes about two minutes (functions/http/server-limits.ts longestBodyMs). */
export const PHOTO_POST_MS = serverLimits.longestBodyMs;
/** CONTACT_RATE_LIMIT's default: posts per address per window (contact and reviews each count their own). */
export const DEFAULT_RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60_000;

export type BodyKind = "json" | "form";
type ParsedBody = { kind: BodyKind; body: unknown };

const jsonParser = jsonBody(BODY_LIMIT_BYTES);
const formParser = formBody(BODY_LIMIT_BYTES, 50);

/** Each field's problem, the post's as a whole (`form`), and the photos' (a form with photos). */
export type FormErrors<Field extends string> = Partial<Record<Field | "form", string>> & { photos?: string };

/**
 * A post its store part refuses for what it holds now, thrown by `store.add`: an estimate visit
 * whose time was just taken (409), or whose town is not visited (400). Answered with its status,
 * its messages and `extra` (JSON), or the form's page again (no JavaScript); nothing is stored.
 */
export class PostRefused<Field extends string = string> extends Error {
  constructor(
    readonly status: 400 | 409,
    readonly errors: Partial<Record<Field | "form", string>>,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(Object.values(errors).join("; "));
    this.name = "PostRefused";
  }
}

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
    add(input: z.infer<Schema>, source?: LeadSource, photos?: readonly MessagePhoto[]): Promise<Stored>;
    hold(input: z.infer<Schema>, spamReason: string, source?: LeadSource): Promise<Stored>;
  };
  limits: Pick<LimitStore, "take">;
  /** The rate-limit bucket ("contact", "reviews") and its rule. */
  rate: { bucket: string; rule: RateRule };
  clock: () => number;
  logger: Logger;
  /** The page for an invalid no-JavaScript post: the form again with the messages (`refused`: what the store part said, when it refused it). */
  renderInvalid: (values: Partial<Record<Field, string>>, errors: FormErrors<Field>, refused?: PostRefused<Field>) => string | Promise<string>;
  /** A short page for a form post that could not be taken. */
  renderProblem: (title: string, message: string) => string;
  /** Where a stored no-JavaScript post is sent (303). */
  successPath: string;
  words: FormPostWords;
  /** Photos with the post (the contact form): multipart/form-data is taken only when given. */
  photos?: FormPhotos;
}

/** What a form with photos needs: where they are kept, sharp to re-encode them, and the budget of posts on their way. */
export interface FormPhotos {
  store: PhotoStore;
  sharp: () => Promise<typeof sharpModule>;
  budget: UploadBudget;
}

export function createFormPostHandler<Schema extends z.core.$ZodType, Field extends string, Stored extends { id: string }>(
  options: FormPostOptions<Schema, Field, Stored>,
): RequestHandler {
  const { schema, store, limits, rate, clock, logger, words } = options;
  type Errors = FormErrors<Field>;
  const photoProblem = (message: string): Errors => {
    const errors: Errors = {};
    errors.photos = message;
    return errors;
  };

  /** JSON clients get JSON; form posts get a page a person can read. */
  function fail(res: Response, kind: BodyKind, status: number, title: string, message: string): void {
    if (kind === "form") res.status(status).type("html").send(options.renderProblem(title, message));
    else res.status(status).json({ ok: false, message });
  }

  /** The form again with its problems (form posts), or the problems as JSON. */
  async function invalid(res: Response, kind: BodyKind, status: 400 | 413, body: unknown, errors: Errors): Promise<void> {
    if (kind === "form") res.status(status).type("html").send(await options.renderInvalid(formValues(body, options.fields), errors));
    else res.status(status).json({ ok: false, errors });
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

  /**
   * The rules every post meets, in order, before anything of it is kept: its fields (400), the
   * rate limit (429), the spam rules (held, answered like a success). What the post will be
   * stored as; undefined when it was answered. `withPhotos`: photos come after the fields (a
   * refusal then says they were not kept).
   */
  async function judge(req: Request, res: Response, kind: BodyKind, body: unknown, withPhotos = false): Promise<{ input: z.infer<Schema>; source: LeadSource } | undefined> {
    // The anti-spam fields are checked for type like the others, before spamReason reads them.
    const result = z.safeParse(schema, body ?? {});
    const spamFieldErrors = antiSpamFieldErrors(body);
    if (!result.success || spamFieldErrors) {
      const errors: Errors = result.success ? {} : { ...options.messages(result.error) };
      if (spamFieldErrors) errors.form ??= spamFieldErrors.form;
      if (withPhotos && kind === "form") errors.photos = photoWords.chooseAgain();
      await invalid(res, kind, 400, body, errors);
      return undefined;
    }

    let decision: RateDecision = { ok: true };
    try {
      if (rate.rule.limit > 0) decision = await limits.take(rate.bucket, clientKey(req.ip ?? req.socket.remoteAddress), rate.rule);
    } catch (error) {
      unavailable(res, kind, error);
      return undefined;
    }
    if (!decision.ok) {
      res.set("Retry-After", String(decision.retryAfterSeconds));
      fail(res, kind, 429, words.tooMany.title, words.tooMany.message);
      return undefined;
    }

    // Spam is kept (the owner can look at it) but not mailed, and answered like a success so a bot
    // learns nothing; its photos are never read.
    const source = leadSourceOf(body, req.hostname);
    const reason = spamReason(body, clock());
    if (!reason) return { input: result.data, source };
    try {
      succeed(res, kind, await store.hold(result.data, reason, source));
    } catch (error) {
      unavailable(res, kind, error);
    }
    return undefined;
  }

  function succeed(res: Response, kind: BodyKind, stored: Stored): void {
    if (kind === "form") res.redirect(303, options.successPath);
    else res.status(201).json({ ok: true, id: stored.id });
  }

  /** The post and its mail job are stored in one write, so no crash from here on can leave it unmailed; then the answer. */
  async function keep(res: Response, kind: BodyKind, body: unknown, post: { input: z.infer<Schema>; source: LeadSource }, photos?: readonly MessagePhoto[]): Promise<void> {
    let stored: Stored;
    try {
      stored = await store.add(post.input, post.source, photos);
    } catch (error) {
      if (error instanceof PostRefused) {
        const refused: PostRefused<Field> = error;
        if (kind === "form") res.status(refused.status).type("html").send(await options.renderInvalid(formValues(body, options.fields), refused.errors, refused));
        else res.status(refused.status).json({ ok: false, errors: refused.errors, ...refused.extra });
        return;
      }
      return unavailable(res, kind, error);
    }
    succeed(res, kind, stored);
  }

  /**
   * A post with photos (multipart/form-data, shared/CONTRACT.md turn 4): nothing is read before
   * it is known to be allowed (its declared length within the limit, room in the upload budget); its fields are judged before a byte of a photo is kept; each photo is checked
   * from its bytes, then re-encoded; the photos are stored, then the message naming them.
   */
  async function postWithPhotos(req: Request, res: Response, photos: FormPhotos): Promise<void> {
    const kind: BodyKind = req.accepts(["json", "html"]) === "json" ? "json" : "form";
    // Whatever happens, the connection is not kept for another request: a body refused part way is not read on.
    closeAfterAnswer(req, res);
    // A compressed body (415) or one without its length (411) never got here (refuseUnreadableBodies, functions/http/request-body.ts).
    const declared = declaredLength(req);
    if (declared === undefined || declared > MULTIPART_LIMIT_BYTES) return invalid(res, kind, 413, undefined, photoProblem(photoWords.tooBigTogether()));
    const release = photos.budget.take(clientKey(req.ip ?? req.socket.remoteAddress), declared);
    if (!release) {
      res.set("Retry-After", "30");
      return fail(res, kind, 503, words.notSent, "Too many photos are arriving right now: please send your message again in a minute.");
    }
    res.once("close", release);
    allowLongBody(req, PHOTO_POST_MS);

    let post: { input: z.infer<Schema>; source: LeadSource } | undefined;
    let fields: unknown;
    const read = await readMultipart(req, multipartLimits, {
      gate: async (received, withFiles) => {
        fields = received;
        post = await judge(req, res, kind, received, withFiles);
        return post !== undefined;
      },
      refuseStart,
      words: { fileTooBig: photoWords.tooBig, filesTooBig: photoWords.tooBigTogether, tooManyFiles: photoWords.tooMany, tooLarge, unreadable: unreadableForm },
    });
    if (!read.ok) {
      if (!read.stopped) {
        if (read.field === "form" && read.status === 400 && kind === "json") res.status(400).json({ ok: false, errors: { form: read.message } });
        else if (read.field === "form") fail(res, kind, read.status, words.notSent, read.message);
        else await invalid(res, kind, read.status, fields, photoProblem(read.message));
      }
      // The rest of the body is dropped, not read into anything (closeAfterAnswer).
      req.resume();
      return;
    }
    if (!post) return;
    const prepared = read.files.length === 0 ? { ok: true as const, photos: [] } : await preparePhotos(read.files, await photos.sharp());
    if (!prepared.ok) return invalid(res, kind, 400, fields, photoProblem(prepared.message));
    let kept: MessagePhoto[];
    try {
      // Each photo durable before the message that names it (fsync, or commit).
      kept = [];
      for (const photo of prepared.photos) kept.push({ sha: await photos.store.put(photo.full), thumb: await photos.store.put(photo.thumb), width: photo.width, height: photo.height });
    } catch (error) {
      return unavailable(res, kind, error);
    }
    await keep(res, kind, fields, post, kept);
  }

  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (options.photos && req.is("multipart/form-data")) return postWithPhotos(req, res, options.photos);
    const parsed = await readBody(req, res);
    if ("status" in parsed) {
      if (parsed.status === 400 && parsed.kind === "json") res.status(400).json({ ok: false, errors: { form: parsed.message } });
      else fail(res, parsed.kind, parsed.status, words.notSent, parsed.message);
      return;
    }
    const post = await judge(req, res, parsed.kind, parsed.body);
    if (post) await keep(res, parsed.kind, parsed.body, post);
  };
}

const tooLarge = `The message is too large (limit ${BODY_LIMIT_BYTES / 1024} KiB)`;
const unreadableForm = "The form data could not be read";

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
      return { kind, status: 400, message: kind === "json" ? "The request body is not valid JSON" : unreadableForm };
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
