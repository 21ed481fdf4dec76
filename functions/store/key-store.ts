/**
 * The keys the servers make once and keep: `review-secret` signs the review links
 * (functions/reviews/review-tokens.ts); `push-key` is the private half of the site's VAPID key
 * (RFC 8292), which signs every notification to the owner's devices (functions/push/vapid.ts):
 * a browser's subscription is bound to its public half, so it must never change.
 */
export const keyNames = ["review-secret", "push-key"] as const;
export type KeyName = (typeof keyNames)[number];

/**
 * Keys (`store.keys`): 32 random bytes per name, made on first use and the same from then
 * on for every process and instance using the store. Files: DATA_DIR/<name>, hex, mode 0600.
 */
export interface KeyStore {
  get(name: KeyName): Promise<Buffer>;
}
