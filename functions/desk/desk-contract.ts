// What the desk app (desk-app.ts) gives the parts it mounts: its sections (sections.ts, each a file
// in screens/) and the sign-in (sign-in.ts, passkeys.ts). Types only, and nothing here imports the
// app or a section: a section depends on this page, the app on the registry, never the other way.
import type { NextFunction, Request, Response } from "express";
import type sharpModule from "sharp";
import type { Site } from "../../src/content/site";
import type { VisitSummary } from "../../src/content/visit-summary";
import type { DeskNotice } from "../../src/desk/desk-page";
import type { DeskPage } from "../../src/desk/desk-screens";
import type { BusinessDay } from "../../src/format/business-time";
import type { Logger } from "../logger";
import type { DeskStore } from "../store/desk-store";
import type { LimitStore, RateDecision } from "../store/limit-store";
import type { OutboxStore } from "../store/outbox-store";
import type { Store } from "../store/store";
import type { SitePages } from "./pages/site-pages";
import type { AfterAnswer } from "./after-answer";
import type { PostsDesk } from "./posts/posts-desk";
import type { PhotoUploads } from "./posts/uploads";
import type { PublishOutcome } from "./publish-outcome";
import type { Sessions, SignedIn } from "./sessions";

export type { PublishOutcome } from "./publish-outcome";

/** What a desk handler gets: the request, the signed-in owner, and the ways to answer. */
export interface DeskContext {
  req: Request;
  res: Response;
  owner: SignedIn;
  site: Site;
  /** Appends to the audit log: who (the owner), what, when, from where. */
  audit(action: string, detail?: string): Promise<void>;
  /** Answers with a desk page. */
  show(page: DeskPage, options?: { status?: number; notice?: DeskNotice }): Promise<void>;
  /** 303 to `path` (a desk path), with a notice shown there; to the desk script (JSON), `{ ok: true, next: path }`. */
  redirect(path: string, notice?: DeskNotice): void;
  json(status: number, body: Record<string, unknown>): void;
}

export type DeskHandler = (ctx: DeskContext) => Promise<void>;

/** Where a screen module adds its routes: every one is signed-in only, and every POST has passed the Origin and CSRF checks. */
export interface DeskRoutes {
  get(path: string, handler: DeskHandler): void;
  post(path: string, handler: DeskHandler): void;
}

/** The answer for a request that is refused: a desk page (or JSON for the desk script), nothing changed. */
export interface Refusal {
  status: number;
  title: string;
  message: string;
}


export type DeskShow = (req: Request, res: Response, owner: SignedIn | undefined, page: DeskPage, options?: { status?: number; notice?: DeskNotice }) => Promise<void>;
export type DeskRedirect = (req: Request, res: Response, path: string, notice?: DeskNotice) => void;
export type DeskRefuse = (req: Request, res: Response, owner: SignedIn | undefined, refusal: Refusal) => Promise<void>;
export type DeskGuard = (handler: (req: Request, res: Response, owner: SignedIn | undefined) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => void;

/** What every screen's server side may use besides the request. */
export interface DeskScreenDeps {
  store: Store;
  contentDir: string;
  clock: () => number;
  logger: Logger;
  /** Absent where this server does not build the site (the contact function alone). */
  publish?: (reason: string) => Promise<PublishOutcome>;
  /** The week's visit counts; absent where nothing counts them. */
  visits?: DeskVisits;
  /** The owner's posts (functions/desk/posts/): present where this server builds the site. */
  posts?: { desk: PostsDesk; uploads: PhotoUploads; loadSharp: () => Promise<typeof sharpModule> };
  /** The site's own pages (functions/desk/pages/): present where this server builds the site, as posts. */
  sitePages?: SitePages;
  /** Deletes the copies of a job's emails kept as files in DATA_DIR (no SMTP_URL: functions/contact/mailer.ts); absent when none are kept. */
  forgetMail?: (id: string) => Promise<void>;
}

/**
 * A screen's server side: it adds its routes (GET its path, POST its actions), each signed-in
 * only and each POST already checked for Origin and CSRF token (functions/desk/desk-app.ts).
 */
export type DeskScreenModule = (routes: DeskRoutes, deps: DeskScreenDeps) => void;

/** Where the desk reads the week's visits: the visit function (functions/visits/visits-function.ts), which writes its counts first. */
export interface DeskVisits {
  summary(to?: BusinessDay): Promise<VisitSummary>;
}

/** One rate limit of the sign-in, counted per key in the store's limits. */
export interface RateCounter {
  take(key: string): Promise<RateDecision>;
}

export interface SignInDeps {
  store: DeskStore;
  sessions: Sessions;
  clock: () => number;
  logger: Logger;
  env: { SITE_URL?: string; CONTACT_FROM?: string };
  currentSite: () => Promise<Site>;
  isOwner: (email: string) => Promise<boolean>;
  owners: () => Promise<string[]>;
  /**
   * Where the sign-in email is queued (`store.outbox`): the server's sending loop mails it
   * (functions/contact/mailer.ts buildSignInMessage), and the store erases its code once it is
   * sent, failed or past its 15 minutes.
   */
  outbox: Pick<OutboxStore, "add">;
  /** Where the sign-in rate limits count (`store.limits`: this process's memory with the files store). */
  limits: LimitStore;
  guarded: DeskGuard;
  show: DeskShow;
  redirect: DeskRedirect;
  refuse: DeskRefuse;
  /** How many devices of this owner get notifications (`store.push`): the home screen offers them when none. */
  devices: (email: string) => Promise<number>;
  /** Where a browser goes once signed in (the desk page it came for). */
  afterSignIn: (req: Request, res: Response) => string;
  /** Runs what is written after the answer (functions/desk/after-answer.ts). */
  afterAnswer: AfterAnswer;
}
