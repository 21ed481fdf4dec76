import type { CookieOptions, Request, Response } from "express";
import { cookies } from "./request-facts";

/**
 * The desk's cookies, all HttpOnly and SameSite=Strict. Over HTTPS (directly or through the
 * proxy TRUST_PROXY names) they are Secure and named with the __Host- prefix, which binds
 * them to this host and path /; over plain HTTP (a local preview) they are scoped to /owner.
 */
export type DeskCookie =
  /** The session's id (30 days, sliding). */
  | "session"
  /** A random value before signing in: the CSRF secret of the sign-in forms (functions/desk/csrf.ts). */
  | "pre"
  /** The address a code was asked for, so the code form knows whose code it is (15 minutes). */
  | "email"
  /** Where to go after signing in (the desk page that asked for it). */
  | "next"
  /** A one-line result to show on the next page, after a redirect. */
  | "notice";

const secureName = (cookie: DeskCookie) => `__Host-desk-${cookie}`;
const plainName = (cookie: DeskCookie) => `desk-${cookie}`;

function options(req: Request, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "strict",
    secure: req.secure,
    path: req.secure ? "/" : "/owner",
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}

export function readCookie(req: Request, cookie: DeskCookie): string | undefined {
  const value = cookies(req).get(req.secure ? secureName(cookie) : plainName(cookie));
  if (value === undefined || value === "") return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Sets a cookie; without `maxAgeMs` it lasts until the browser closes. */
export function setCookie(req: Request, res: Response, cookie: DeskCookie, value: string, maxAgeMs?: number): void {
  res.cookie(req.secure ? secureName(cookie) : plainName(cookie), value, options(req, maxAgeMs));
}

export function clearCookie(req: Request, res: Response, cookie: DeskCookie): void {
  res.clearCookie(req.secure ? secureName(cookie) : plainName(cookie), options(req));
}
