import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./memory-limits";

describe("createRateLimiter", () => {
  it("allows `limit` requests per window per key, then says when to retry", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, clock: () => now });
    expect(limiter.take("a")).toEqual({ ok: true });
    now = 4_000;
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 6 });
    expect(limiter.take("b")).toEqual({ ok: true });
    now = 10_001;
    expect(limiter.take("a")).toEqual({ ok: true });
  });

  it("holds at most maxKeys keys, however many addresses post", () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 600_000, maxKeys: 1_000 });
    for (let n = 0; n < 50_000; n++) limiter.take(`198.51.${n >> 8}.${n & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(1_000);
  });

  it("forgets the least recently seen key first", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 600_000, maxKeys: 3 });
    for (const key of ["a", "b", "c"]) limiter.take(key);
    expect(limiter.take("a").ok).toBe(false); // a is now the most recent
    limiter.take("d"); // evicts b
    expect(limiter.take("a").ok).toBe(false);
    expect(limiter.take("b").ok).toBe(true);
  });
});
