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

/**
 * Every desk POST, first, from its headers alone: sent by a page of this site (Origin, or Referer
 * when a browser sends no Origin, is the request's own origin or the site's configured one).
 * `siteOrigin`: the origin of SITE_URL / content/site.json, which a proxy that does not say it
 * ended HTTPS (TRUST_PROXY unset) still serves the desk at.
 */
export function fromOtherSite(req: Request, siteOrigin: string): boolean {
  const claimed = req.get("origin") ?? originOf(req.get("referer"));
  return !claimed || (claimed !== requestOrigin(req) && claimed !== siteOrigin);
}

/** Then, once its body is read: whether it lacks the token of this browser's pages. */
export function withoutPageToken(req: Request, sessionToken: string | undefined): boolean {
  const body: unknown = req.body;
  // A photo's bytes are the body of its upload (functions/desk/screens/posts.ts): its token comes in a header,
  // which another site's page cannot set without the browser asking this server first (CORS), and it never does.
  const sent = typeof body === "object" && body !== null && csrfField in body ? body[csrfField] : req.get(csrfHeader);
  const secret = sessionToken ?? readCookie(req, "pre");
  return typeof sent !== "string" || !secret || !sameSecret(sent, csrfToken(secret));
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
