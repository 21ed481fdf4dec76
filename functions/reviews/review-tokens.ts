import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The approve/reject links in a review email carry a token:
 * `<review id>.<action>.<expiry, unix seconds>.<HMAC-SHA256 of those three, base64url>`.
 * The HMAC binds the token to one review and one action; the expiry is 30 days
 * after the review was posted, so every resend of the same email carries the same
 * links. That a link was used is recorded in review-decisions.jsonl (by signature).
 */
export const reviewActions = ["approve", "reject"] as const;
export type ReviewAction = (typeof reviewActions)[number];

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;

export type TokenCheck =
  | { ok: true; id: string; action: ReviewAction; expiresAt: number; signature: string }
  /** 400: not a token, or not one we signed (altered, forged). */
  | { ok: false; problem: "malformed" | "forged" }
  /** 410: a real token past its 30 days. */
  | { ok: false; problem: "expired"; id: string; action: ReviewAction };

export interface ReviewTokens {
  /** The token for `action` on a review posted at `createdAt`. */
  sign(id: string, action: ReviewAction, createdAt: string): string;
  check(token: string): TokenCheck;
}

// Review ids are UUIDs; anything else in a token is refused before the HMAC is computed.
const TOKEN = /^([0-9a-f-]{36})\.(approve|reject)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const asAction = (value: string | undefined): ReviewAction | undefined => reviewActions.find((action) => action === value);

export function createReviewTokens(secret: Buffer, clock: () => number = Date.now): ReviewTokens {
  // A fixed label keeps these signatures apart from anything else the secret might ever sign.
  const mac = (payload: string): Buffer => createHmac("sha256", secret).update(`review-link:v1:${payload}`).digest();

  return {
    sign(id, action, createdAt) {
      const expires = Math.floor((Date.parse(createdAt) + TOKEN_LIFETIME_MS) / 1000);
      const payload = `${id}.${action}.${expires}`;
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    check(token) {
      const match = TOKEN.exec(token);
      const [, id, actionText, expiresText, signature] = match ?? [];
      const action = asAction(actionText);
      if (!id || !action || !expiresText || !signature) return { ok: false, problem: "malformed" };
      const expected = mac(`${id}.${action}.${expiresText}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: "forged" };
      const expiresAt = Number(expiresText) * 1000;
      if (clock() >= expiresAt) return { ok: false, problem: "expired", id, action };
      return { ok: true, id, action, expiresAt, signature };
    },
  };
}
