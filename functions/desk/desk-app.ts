import express, { type Request, type RequestHandler, type Response } from "express";
import type { Site } from "../../src/content/site";
import type { DeskFrame, DeskNotice } from "../../src/desk/desk-page";
import { deskBase, deskPath, largeFormPrefixes, signedOutPosts } from "../../src/desk/desk-routes";
import { PHOTO_PART_BYTES } from "../../src/desk/desk-page";
import { POST_BODY_BYTES } from "./posts/post-limits";
import { PostsDesk, type PostsDeskOptions } from "./posts/posts-desk";
import { PhotoUploads } from "./posts/uploads";
import { SitePages } from "./pages/site-pages";
import type { DeskPage } from "../../src/desk/desk-screens";
import { DataDirUnwritableError } from "../store/files/data-dir";
import { StoreUnavailableError } from "../store/store-errors";
import { consoleLogger, type Logger } from "../logger";
import { finalErrorHandler } from "../http/final-error-handler";
import { declaredOver, formBody, jsonBody, leaveBodyUnread, refuseUnreadableBodies } from "../http/request-body";
import { sendSecurityHeaders } from "../http/security-headers";
import type { TrustProxy } from "../http/trust-proxy";
import type { Store } from "../store/store";
import { createAfterAnswer } from "./after-answer";
import { appIcons, mountAppFiles } from "./app-files";
import { clearCookie, readCookie, setCookie } from "./cookies";
import { fromOtherSite, pageCsrf, withoutPageToken } from "./csrf";
import { ownerEmails, type DeskEnv } from "./owners";
import { requestFrom } from "./request-facts";
import type { DeskContext, DeskHandler, DeskRoutes, DeskVisits, PublishOutcome, Refusal } from "./desk-contract";
import { deskScreenModules } from "./sections";
import { createSessions, type SignedIn } from "./sessions";
import { mountSignIn } from "./sign-in";
import { siteFacts } from "./site-facts";

/** The desk's pages and files, from its bundle (scripts/build-engine/desk-bundle.ts): the servers pass one in. */
export interface DeskRenderer {
  render(page: DeskPage, frame: DeskFrame): string;
  /** A file under /owner/assets by name, or undefined. */
  asset(name: string): { bytes: Buffer; type: string } | undefined;
  /** The desk's service worker script (src/desk/service-worker.ts), served by app-files.ts. */
  serviceWorker(): Buffer;
}

export interface DeskAppOptions {
  /**
   * The desk keeps its own records in `store.desk`, queues its sign-in emails in `store.outbox`
   * (the server's sending loop mails them), and its screens show and change messages and reviews.
   */
  store: Store;
  /** Resolves with the desk's renderer; called per page (npm run dev makes a new one after a code change). */
  renderer: () => Promise<DeskRenderer>;
  /** content/: site.json (the business's name, the owners' default address) and what Business details changes. */
  contentDir: string;
  /** The site as the server started with it; the desk reads site.json again when it changes. */
  site: Site;
  /** site.json as it is now, when the server reads it already (functions/desk/site-facts.ts); made from `site` when not given. */
  currentSite?: () => Promise<Site>;
  env: DeskEnv & { SITE_URL?: string; CONTACT_FROM?: string };
  /**
   * Builds and publishes the site after the desk changed content/ (npm start, npm run dev); resolves
   * with the build's outcome. Absent where this server does not build the site (the contact function alone).
   */
  publish?: (reason: string) => Promise<PublishOutcome>;
  /** The week's visit counts for the Visits screen (functions/visits/visits-function.ts). */
  visits?: DeskVisits;
  /**
   * What the Posts screen needs of the server beside publishing: the posts' store, the site's build
   * to check and preview a post with (scripts/build-engine/post-preview.ts), its photo pipeline, and
   * where photos wait while they are uploaded (in DATA_DIR). Absent: Posts says where to write them.
   */
  posts?: Omit<PostsDeskOptions, "contentDir" | "publish" | "photoUrlPrefix" | "clock"> & { uploadsDir: string };
  trustProxy?: TrustProxy;
  /** The mail transport's copies of an email kept as files (DeskScreenDeps `forgetMail`): deleted with their message. */
  forgetMail?: (id: string) => Promise<void>;
  clock?: () => number;
  logger?: Logger;
}

// Before anyone is signed in, only the sign-in's small forms are read; a post's form and its autosaves carry
// its whole text (at most a content file and its fields), and its photo parts their bytes, from a signed-in owner.
const SMALL_BODY_BYTES = 16 * 1024;
const smallBody = [formBody(SMALL_BODY_BYTES, 400), jsonBody(SMALL_BODY_BYTES)];
const postBody = [formBody(POST_BODY_BYTES, 400), jsonBody(POST_BODY_BYTES)];
const POST_PART_BYTES = Math.max(POST_BODY_BYTES, PHOTO_PART_BYTES);

/** Reads a form or JSON body (other types, a photo's bytes, are their route's to read). */
async function readBody(req: Request, res: Response, parsers: RequestHandler[]): Promise<void> {
  for (const parse of parsers) await new Promise<void>((ok, fail) => void parse(req, res, (error?: unknown) => (error ? fail(error) : ok())));
}

/**
 * The owner's desk under /owner (shared/CONTRACT.md "The owner's desk"): sign-in by emailed
 * code or link or passkey, sessions, and the sections of functions/desk/sections.ts. Every POST
 * is checked for this site's Origin and the page's CSRF token before anything else runs;
 * every answer is private (no-store) and noindex. Mount it with `site.use(app)`.
 */
/** The desk's app, and a way to wait for what it writes after answering (before closing the store). */
export type DeskApp = express.Express & { settled(): Promise<void> };

export function createDeskApp(options: DeskAppOptions): DeskApp {
  const { store, contentDir, env, clock = Date.now, logger = consoleLogger } = options;
  const currentSite = options.currentSite ?? siteFacts(contentDir, env, options.site);
  const owners = async () => ownerEmails(env, (await currentSite()).email);
  const isOwner = async (email: string) => (await owners()).includes(email);
  const sessions = createSessions({ store: store.desk, clock, isOwner });
  const afterAnswer = createAfterAnswer(logger);
  const siteOrigin = () => currentSite().then((site) => new URL(site.url).origin);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(deskBase, sendSecurityHeaders(), (_req, res, next) => {
    // Private pages: never cached by a proxy or the browser's back-forward store of another user, never indexed.
    res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" });
    next();
  });

  // The desk as an installable app: manifest, icons, service worker (open to anyone, as browsers fetch them).
  mountAppFiles(app, {
    currentSite,
    serviceWorker: async () => (await options.renderer()).serviceWorker(),
    icons: appIcons(contentDir, options.posts?.loadSharp ?? (() => import("sharp").then((module) => module.default))),
  });

  // The desk's script and stylesheet: hashed names, so cached for good.
  app.get(`${deskPath.assets}/:file`, async (req, res, next) => {
    const file = (await options.renderer()).asset(String(req.params.file));
    if (!file) return next();
    res.set({ "Cache-Control": "public, max-age=31536000, immutable", "Content-Type": file.type }).send(file.bytes);
  });

  /** Renders a page in the frame of this request (its owner, CSRF token and pending notice). */
  async function show(req: Request, res: Response, owner: SignedIn | undefined, page: DeskPage, opts: { status?: number; notice?: DeskNotice } = {}) {
    const notice = opts.notice ?? takeNotice(req, res);
    const frame: DeskFrame = { siteName: (await currentSite()).name, csrf: pageCsrf(req, res, owner?.token), owner: owner && { email: owner.email }, notice };
    const html = (await options.renderer()).render(page, frame);
    res.status(opts.status ?? 200).type("html").send(html);
  }

  function redirect(req: Request, res: Response, path: string, notice?: DeskNotice) {
    if (notice) setCookie(req, res, "notice", JSON.stringify(notice), 60_000);
    if (req.is("application/json")) res.json({ ok: true, next: path });
    else res.redirect(303, path);
  }

  async function refuse(req: Request, res: Response, owner: SignedIn | undefined, refusal: Refusal) {
    if (req.is("application/json") || req.accepts(["html", "json"]) === "json") {
      res.status(refusal.status).json({ ok: false, message: `${refusal.title}. ${refusal.message}` });
      return;
    }
    await show(req, res, owner, { screen: "problem", title: refusal.title, data: { message: refusal.message, back: { href: deskPath.home, label: "Back to the desk" } } }, { status: refusal.status });
  }

  /** Runs a handler; a store that cannot be used now is the host's passing problem (503), anything else a 500: both change nothing. */
  const guarded =
    (handler: (req: Request, res: Response, owner: SignedIn | undefined) => Promise<void>): RequestHandler =>
    async (req, res, next) => {
      const owner: SignedIn | undefined = res.locals.owner;
      try {
        await handler(req, res, owner);
      } catch (error) {
        if (res.headersSent) return next(error);
        await refuseFailure(req, res, owner, error).catch(next);
      }
    };

  /** Logs a failed request (one line when the store is unavailable, no stack) and answers it plainly. */
  function refuseFailure(req: Request, res: Response, owner: SignedIn | undefined, error: unknown): Promise<void> {
    const unavailable = error instanceof StoreUnavailableError;
    logger.error(`desk: ${req.method} ${req.originalUrl.slice(0, 200)} failed${unavailable ? ` (${error.message})` : ""}`, unavailable ? undefined : error);
    if (error instanceof DataDirUnwritableError) {
      return refuse(req, res, owner, {
        status: 503,
        title: "Not saved: the server cannot write",
        message: "The server's data folder cannot be written right now (full or read-only), so nothing was changed. Please try again in a while.",
      });
    }
    if (unavailable) {
      return refuse(req, res, owner, {
        status: 503,
        title: "Messages cannot be reached just now",
        message:
          "The server cannot reach its database at the moment (it may be restarting), so messages, reviews and sign-ins cannot be opened and nothing was changed. The site itself is still up. Please try again in a few minutes.",
      });
    }
    return refuse(req, res, owner, { status: 500, title: "Something went wrong", message: "Nothing was changed. Please try again in a moment." });
  }

  // Every desk request: who is signed in. Every POST, before a byte of its body is read: this site's Origin, a
  // signed-in owner (but for signing in), a declared size within what that allows; then the body, and in it the
  // page's token. Else nothing runs, and a stranger's body is neither inflated (refuseUnreadableBodies) nor parsed.
  app.use(deskBase, refuseUnreadableBodies, async (req, res, next) => {
    try {
      try {
        res.locals.owner = await sessions.current(req, res);
      } catch (error) {
        // The sign-in cannot be checked: a store that cannot be reached is said plainly, not a 500.
        if (!(error instanceof StoreUnavailableError)) throw error;
        leaveBodyUnread(req, res);
        return void (await refuseFailure(req, res, undefined, error));
      }
      if (req.method !== "POST") return next();
      const owner: SignedIn | undefined = res.locals.owner;
      const posts = owner !== undefined && largeFormPrefixes.some((prefix) => req.originalUrl.startsWith(prefix));
      const unread = fromOtherSite(req, await siteOrigin())
        ? fromOtherSiteRefusal
        : !owner && !signedOutPosts.includes(req.baseUrl + req.path)
          ? signedOutRefusal
          : declaredOver(req, posts ? POST_PART_BYTES : SMALL_BODY_BYTES)
            ? tooLargeRefusal
            : undefined;
      if (unread) {
        leaveBodyUnread(req, res);
        return await refuse(req, res, owner, unread);
      }
      await readBody(req, res, posts ? postBody : smallBody);
      if (!withoutPageToken(req, owner?.token)) return next();
      await refuse(req, res, owner, {
        status: 403,
        title: "This page is out of date",
        message: "The form was older than your sign-in, or your browser did not send its cookie, so nothing was changed. Open the desk again and repeat what you did.",
      });
    } catch (error) {
      next(error);
    }
  });

  const context = (req: Request, res: Response, owner: SignedIn, site: Site): DeskContext => ({
    req,
    res,
    owner,
    site,
    audit: (action, detail) => store.desk.audit({ at: new Date(clock()).toISOString(), who: owner.email, action, from: requestFrom(req), ...(detail ? { detail } : {}) }),
    show: (page, opts) => show(req, res, owner, page, opts),
    redirect: (path, notice) => redirect(req, res, path, notice),
    json: (status, body) => void res.status(status).json(body),
  });

  /** Signed-in only: a signed-out GET goes to the sign-in page (and comes back after), a signed-out POST is refused. */
  const signedIn = (handler: DeskHandler): RequestHandler =>
    guarded(async (req, res, owner) => {
      if (!owner) {
        if (req.method === "GET") {
          setCookie(req, res, "next", req.path, 30 * 60_000);
          return redirect(req, res, deskPath.signIn);
        }
        return refuse(req, res, undefined, signedOutRefusal);
      }
      await handler(context(req, res, owner, await currentSite()));
    });

  const routes: DeskRoutes = {
    get: (path, handler) => void app.get(path, signedIn(handler)),
    post: (path, handler) => void app.post(path, signedIn(handler)),
  };

  mountSignIn(app, {
    store: store.desk,
    sessions,
    clock,
    logger,
    env,
    currentSite,
    isOwner,
    owners,
    outbox: store.outbox,
    limits: store.limits,
    afterAnswer,
    guarded,
    show,
    redirect,
    refuse,
    devices: async (email) => (await store.push.list()).filter((device) => device.by === email).length,
    afterSignIn: (req, res) => {
      const next = readCookie(req, "next");
      clearCookie(req, res, "next");
      return next && next.startsWith(`${deskBase}/`) && !next.startsWith(`${deskBase}/sign-in`) ? next : deskPath.home;
    },
  });

  app.post(
    deskPath.signOut,
    signedIn(async (ctx) => {
      await ctx.audit("signed out");
      await sessions.end(ctx.req, ctx.res, ctx.owner);
      ctx.redirect(deskPath.signIn, { tone: "done", text: "You are signed out." });
    }),
  );
  app.post(
    deskPath.signOutEverywhere,
    signedIn(async (ctx) => {
      await ctx.audit("signed out everywhere");
      // A lost phone must not keep showing customers' names: its notifications stop with its session.
      await store.push.removeAllOf(ctx.owner.email);
      await sessions.endEverywhere(ctx.req, ctx.res, ctx.owner);
      ctx.redirect(deskPath.signIn, { tone: "done", text: "You are signed out on every device." });
    }),
  );

  // Posts need the site's build (its preview, its photo pipeline) and publishing: npm start and npm run dev give both.
  const posts =
    options.posts && options.publish
      ? {
          desk: new PostsDesk({ contentDir, ...options.posts, publish: options.publish, photoUrlPrefix: `${deskPath.postPhoto}/`, clock: () => new Date(clock()) }),
          uploads: new PhotoUploads(options.posts.uploadsDir),
          loadSharp: options.posts.loadSharp,
        }
      : undefined;
  const sitePages =
    options.posts && options.publish
      ? new SitePages({ contentDir, store: options.posts.store, publish: options.publish, processPhoto: options.posts.processPhoto, processedPhotoFile: options.posts.processedPhotoFile, renderer: options.posts.renderer, photoUrlPrefix: `${deskPath.photos}/thumb/`, clock: () => new Date(clock()) })
      : undefined;
  for (const mount of deskScreenModules) mount(routes, { store, contentDir, clock, logger, publish: options.publish, visits: options.visits, posts, sitePages, forgetMail: options.forgetMail });

  // Anything else under /owner: the desk's own "not found", signed in or not.
  app.use(
    deskBase,
    guarded(async (req, res, owner) => refuse(req, res, owner, { status: 404, title: "Not found", message: "There is no such page in the desk." })),
  );
  app.use(finalErrorHandler({ logger }));
  return Object.assign(app, { settled: afterAnswer.settled });
}

const fromOtherSiteRefusal: Refusal = { status: 403, title: "Refused: sent from another site", message: "This form did not come from a page of this site, so nothing was changed." };
const signedOutRefusal: Refusal = { status: 403, title: "You are signed out", message: "Sign in again; nothing was changed." };
const tooLargeRefusal: Refusal = { status: 413, title: "Too large", message: "This is more than the desk takes at once, so nothing was changed." };

/** The notice a redirect left for this page, read once. */
function takeNotice(req: Request, res: Response): DeskNotice | undefined {
  const raw = readCookie(req, "notice");
  if (raw === undefined) return undefined;
  clearCookie(req, res, "notice");
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || !("tone" in value) || !("text" in value) || typeof value.text !== "string") return undefined;
    const tone = value.tone === "done" || value.tone === "problem" || value.tone === "info" ? value.tone : "info";
    return { tone, text: value.text };
  } catch {
    return undefined;
  }
}
