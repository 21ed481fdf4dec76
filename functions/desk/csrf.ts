import type { Request, Response } from "express";
import { csrfField, csrfHeader } from "../../src/desk/desk-page";
import { readCookie, setCookie } from "./cookies";
import { requestOrigin } from "./request-facts";
import { csrfToken, newToken, sameSecret } from "./secrets";

/**
 * The CSRF token of this browser's desk pages: keyed by its session's id, or before signing in
 * by a random pre-session cookie (set here when the browser has none). A page another site
 * makes cannot read either cookie, so it cannot know the token.
 */
export function pageCsrf(req: Request, res: Response, sessionToken: string | undefined): string {
  if (sessionToken) return csrfToken(sessionToken);
  let pre = readCookie(req, "pre");
  if (!pre) {
    pre = newToken();
    setCookie(req, res, "pre", pre);
  }
  return csrfToken(pre);
}

export type PostRefusal = "origin" | "token";

/**
 * Every desk POST: sent by a page of this site (Origin, or Referer when a browser sends no
 * Origin, is the request's own origin or the site's configured one) and carrying the token of
 * this browser's pages. `siteOrigin`: the origin of SITE_URL / content/site.json, which a
 * proxy that does not say it ended HTTPS (TRUST_PROXY unset) still serves the desk at.
 */
export function refusePost(req: Request, sessionToken: string | undefined, siteOrigin: string): PostRefusal | undefined {
  const claimed = req.get("origin") ?? originOf(req.get("referer"));
  if (!claimed || (claimed !== requestOrigin(req) && claimed !== siteOrigin)) return "origin";
  const body: unknown = req.body;
  // A photo's bytes are the body of its upload (functions/desk/screens/posts.ts): its token comes in a header,
  // which another site's page cannot set without the browser asking this server first (CORS), and it never does.
  const sent = typeof body === "object" && body !== null && csrfField in body ? body[csrfField] : req.get(csrfHeader);
  const secret = sessionToken ?? readCookie(req, "pre");
  if (typeof sent !== "string" || !secret || !sameSecret(sent, csrfToken(secret))) return "token";
  return undefined;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
