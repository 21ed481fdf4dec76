import type { Request, Response } from "express";
import type { DeskSession, DeskStore } from "../store/desk-store";
import { clearCookie, readCookie, setCookie } from "./cookies";
import { newToken, tokenHash } from "./secrets";

const DAY = 24 * 60 * 60 * 1000;
/** A session lasts 30 days from its last use... */
export const SESSION_MS = 30 * DAY;
/** ...counted anew when less than 15 days are left, so a used session is written at most twice a month. */
const SLIDE_BELOW_MS = 15 * DAY;

/** The signed-in owner of a request: who, and the session's token (the key of its CSRF token). */
export interface SignedIn {
  email: string;
  token: string;
  session: DeskSession;
}

export interface SessionsOptions {
  store: DeskStore;
  clock: () => number;
  /** Whether the address may still sign in (OWNER_EMAILS may have changed since). */
  isOwner: (email: string) => Promise<boolean>;
}

/** Sessions by The Copenhagen Book: a random id in an HttpOnly cookie, its SHA-256 in the store, 30 days sliding, revocable. */
export function createSessions({ store, clock, isOwner }: SessionsOptions) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    /** Signs the browser in as `email`: a new session, a new id (never one the browser had before). */
    async open(req: Request, res: Response, email: string, via: string): Promise<SignedIn> {
      const token = newToken();
      const now = clock();
      const session: DeskSession = { idHash: tokenHash(token), email, via, createdAt: iso(now), expiresAt: iso(now + SESSION_MS) };
      await store.addSession(session);
      setCookie(req, res, "session", token, SESSION_MS);
      clearCookie(req, res, "pre");
      return { email, token, session };
    },

    /** The request's owner, or undefined for no cookie or a forged, expired, ended or no-longer-owner one (which is cleared). */
    async current(req: Request, res: Response): Promise<SignedIn | undefined> {
      const token = readCookie(req, "session");
      if (!token) return undefined;
      const session = await store.session(tokenHash(token));
      const now = clock();
      if (!session || session.endedAt || Date.parse(session.expiresAt) <= now || !(await isOwner(session.email))) {
        clearCookie(req, res, "session");
        return undefined;
      }
      if (Date.parse(session.expiresAt) - now < SLIDE_BELOW_MS) {
        session.expiresAt = iso(now + SESSION_MS);
        await store.extendSession(session.idHash, session.expiresAt);
        setCookie(req, res, "session", token, SESSION_MS);
      }
      return { email: session.email, token, session };
    },

    async end(req: Request, res: Response, signedIn: SignedIn): Promise<void> {
      await store.endSession(signedIn.session.idHash, iso(clock()));
      clearCookie(req, res, "session");
    },

    /** "Sign every device out": every session of the address, this one included. */
    async endEverywhere(req: Request, res: Response, signedIn: SignedIn): Promise<void> {
      await store.endSessions(signedIn.email, iso(clock()));
      clearCookie(req, res, "session");
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
