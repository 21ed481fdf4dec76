/** A rule of the rate limit: at most `limit` takes per key in any `windowMs`; limit 0: no limit. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The rate limits (`store.limits`): a sliding window per bucket and key. Buckets keep their
 * counts apart ("contact", "reviews"; the desk's "sign-in-address", ...); a key is what is
 * counted (a client's address, an email address). Files: in the serving process's memory
 * (one process); PostgreSQL: shared by every instance.
 */
export interface LimitStore {
  /** Counts one take for `key` in `bucket` if it fits the rule; otherwise says when to come back. */
  take(bucket: string, key: string, rule: RateRule): Promise<RateDecision>;
  /** Forgets the takes of `key` in `bucket` (after a sign-in succeeded, say). */
  reset(bucket: string, key: string): Promise<void>;
}
