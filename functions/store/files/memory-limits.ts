import type { LimitStore, RateDecision, RateRule } from "../limit-store";

export interface RateLimiter {
  /** Counts one request for `key` if it fits in the window. */
  take(key: string): RateDecision;
  reset(key: string): void;
  /** Keys held now (for tests and the memory bound). */
  readonly size: number;
}

export interface RateLimitOptions {
  /** Requests allowed per window; 0 turns the limit off (CONTACT_RATE_LIMIT=0). */
  limit: number;
  windowMs: number;
  clock?: () => number;
  /** Most keys held at once; past it the least recently seen key is forgotten. */
  maxKeys?: number;
}

/** 10,000 keys × at most `limit` timestamps: well under a few MB whatever a client sends. */
export const DEFAULT_MAX_KEYS = 10_000;

/**
 * A sliding window in memory: the times of the last `limit` requests per key.
 * Enough for one process; stale keys are swept at most once per window, on use,
 * so no timer is needed, and the key count is capped so that a flood of
 * addresses cannot grow it without bound.
 */
export function createRateLimiter({ limit, windowMs, clock = Date.now, maxKeys = DEFAULT_MAX_KEYS }: RateLimitOptions): RateLimiter {
  // Insertion order is recency order: a key is deleted and set again on each use.
  const hits = new Map<string, number[]>();
  let lastSweep = clock();

  function sweep(now: number): void {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      const newest = times[times.length - 1];
      if (newest === undefined || newest <= now - windowMs) hits.delete(key);
    }
  }

  /** Room for one more key: when full, the least recently seen key (the Map's first) goes. */
  function makeRoom(): void {
    if (hits.size < maxKeys) return;
    const oldest = hits.keys().next();
    if (!oldest.done) hits.delete(oldest.value);
  }

  return {
    get size() {
      return hits.size;
    },
    reset: (key) => void hits.delete(key),
    take(key) {
      if (limit <= 0) return { ok: true };
      const now = clock();
      sweep(now);
      const known = hits.get(key);
      if (known) hits.delete(key);
      else makeRoom();
      const times = (known ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        const oldest = times[0] ?? now;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
      }
      times.push(now);
      hits.set(key, times);
      return { ok: true };
    },
  };
}

/**
 * The files store's rate limits: a limiter per bucket in this process's memory. One process
 * serves a files store, so its counts are the only ones; they start again at a restart.
 */
export function createMemoryLimits(clock: () => number = Date.now): LimitStore {
  const buckets = new Map<string, { rule: RateRule; limiter: RateLimiter }>();
  const limiterFor = (bucket: string, rule: RateRule): RateLimiter => {
    const known = buckets.get(bucket);
    if (known && known.rule.limit === rule.limit && known.rule.windowMs === rule.windowMs) return known.limiter;
    const limiter = createRateLimiter({ ...rule, clock });
    buckets.set(bucket, { rule, limiter });
    return limiter;
  };
  return {
    take: async (bucket, key, rule) => limiterFor(bucket, rule).take(key),
    reset: async (bucket, key) => buckets.get(bucket)?.limiter.reset(key),
  };
}
