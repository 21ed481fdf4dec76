/** The keys the servers make once and keep: `review-secret` signs the review links (functions/reviews/review-tokens.ts). */
export type KeyName = "review-secret";

/**
 * Keys (`store.keys`): 32 random bytes per name, made on first use and the same from then
 * on for every process and instance using the store. Files: DATA_DIR/<name>, hex, mode 0600.
 */
export interface KeyStore {
  get(name: KeyName): Promise<Buffer>;
}
