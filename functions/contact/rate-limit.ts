export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request for `key` if it fits in the window. */
  take(key: string): RateDecision;
}

export interface RateLimitOptions {
  /** Requests allowed per window; 0 turns the limit off (CONTACT_RATE_LIMIT=0). */
  limit: number;
  windowMs: number;
  clock?: () => number;
}

/**
 * A sliding window in memory: the times of the last `limit` requests per key.
 * Enough for one process; stale keys are swept at most once per window, on use,
 * so no timer is needed.
 */
export function createRateLimiter({ limit, windowMs, clock = Date.now }: RateLimitOptions): RateLimiter {
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

  return {
    take(key) {
      if (limit <= 0) return { ok: true };
      const now = clock();
      sweep(now);
      const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
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
