import type { KeyStore } from "../store/key-store";

/** REVIEW_SECRET shorter than this is refused: a short key could be guessed from the links it signs. */
export const MIN_SECRET_LENGTH = 32;

/** The key that signs review links: REVIEW_SECRET when set, else the store's `review-secret`, made on first use. */
export async function loadReviewSecret(env: { REVIEW_SECRET?: string }, keys: KeyStore): Promise<Buffer> {
  return checkReviewSecret(env) ?? keys.get("review-secret");
}

/** REVIEW_SECRET as a key, undefined when unset; throws (at start, like any bad setting) when it is too short. */
export function checkReviewSecret(env: { REVIEW_SECRET?: string }): Buffer | undefined {
  const value = env.REVIEW_SECRET?.trim();
  if (!value) return undefined;
  if (value.length < MIN_SECRET_LENGTH) throw new Error(`REVIEW_SECRET: use at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -hex 32)`);
  return Buffer.from(value, "utf8");
}
