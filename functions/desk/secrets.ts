import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

// The desk's secrets, by The Copenhagen Book: tokens of 160 random bits, of which only the
// SHA-256 is stored (a stolen store signs nobody in); 6-digit codes from a CSPRNG, stored
// hashed with their sign-in's id, short-lived and limited to 5 wrong tries (functions/desk/sign-in.ts).

/** A code and a link work for 15 minutes, once. */
export const SIGN_IN_MS = 15 * 60_000;

/** A new session id or link token: 20 random bytes, base64url (27 characters). */
export const newToken = (): string => randomBytes(20).toString("base64url");

/** What the store keeps of a token. */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A new 6-digit code, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** What the store keeps of a code: bound to its sign-in, so equal codes of two sign-ins hash apart. */
export const codeHash = (signInId: string, code: string): string => createHash("sha256").update(`${signInId}:${code}`).digest("hex");

/**
 * What the store counts an address's typed codes by (functions/desk/sign-in.ts): any address
 * typed, an owner's or not, so that every address costs the same writes; a hash, so the address
 * a stranger typed is not kept.
 */
export const codeTriesKey = (email: string): string => createHash("sha256").update(`code-tries:${email}`).digest("hex");

/**
 * The CSRF token of the pages a browser gets with this cookie value (the session's, or before
 * signing in the pre-session cookie's): an HMAC keyed by it, so only a page this server sent to
 * that browser carries it (OWASP's synchronizer token, bound to the session, with nothing stored).
 */
export const csrfToken = (cookieValue: string): string => createHmac("sha256", cookieValue).update("desk-csrf").digest("base64url");

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
