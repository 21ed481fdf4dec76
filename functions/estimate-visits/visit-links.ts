import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The visitor's "cancel this visit" link in their emails carries `<visit id>.<HMAC-SHA256 of it,
 * base64url>`: it names one visit and cannot be made for another. It needs no expiry of its own:
 * a visit may be cancelled from it until an hour before it starts (functions/estimate-visits/app.ts),
 * and once only (the store's cancel). Signed with the review links' key (REVIEW_SECRET, or the
 * store's `review-secret`) under a label of its own, so neither kind of link can stand for the other.
 */
export interface VisitLinks {
  sign(visitId: string): string;
  /** The visit id a token names, or undefined for one that is not a token or not ours. */
  check(token: string): string | undefined;
}

// Visit ids are UUIDs; anything else in a token is refused before the HMAC is computed.
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export function createVisitLinks(secret: Buffer): VisitLinks {
  const mac = (id: string): Buffer => createHmac("sha256", secret).update(`estimate-visit-cancel:v1:${id}`).digest();
  return {
    sign: (id) => `${id}.${mac(id).toString("base64url")}`,
    check(token) {
      const [, id, signature] = TOKEN.exec(token) ?? [];
      if (!id || !signature) return undefined;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
