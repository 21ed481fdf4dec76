import { randomBytes } from "node:crypto";
import type { KeyStore } from "../key-store";
import type { LimitStore } from "../limit-store";
import type { Database } from "./database";

/**
 * The rate limits in PostgreSQL, shared by every instance: a take is one call of take_rate
 * (migrations/001-store.sql), which counts the key's takes under a lock of its own. The takes
 * of keys that never come back are swept once a window, per bucket, by whichever instance.
 */
export function createLimitTables(db: Database, clock: () => number): LimitStore {
  const swept = new Map<string, number>();

  function sweep(bucket: string, windowMs: number, now: number): void {
    if (now - (swept.get(bucket) ?? 0) < windowMs) return;
    swept.set(bucket, now);
    void db.query("DELETE FROM rate_takes WHERE bucket = $1 AND at <= $2", [bucket, now - windowMs]).catch(() => swept.delete(bucket));
  }

  return {
    async take(bucket, key, rule) {
      if (rule.limit <= 0) return { ok: true };
      const now = clock();
      sweep(bucket, rule.windowMs, now);
      const { rows } = await db.query<{ wait: string }>("SELECT take_rate($1, $2, $3, $4, $5) AS wait", [bucket, key, now, rule.limit, rule.windowMs]);
      const wait = Number(rows[0]?.wait ?? 0);
      return wait <= 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    },
    async reset(bucket, key) {
      await db.query("DELETE FROM rate_takes WHERE bucket = $1 AND key = $2", [bucket, key]);
    },
  };
}

/** Keys in PostgreSQL: the first instance to ask makes one, every later ask (any instance) reads it. */
export function createKeyTables(db: Database): KeyStore {
  const known = new Map<string, Buffer>();
  const read = async (name: string): Promise<Buffer | undefined> =>
    (await db.query<{ value: Buffer }>("SELECT value FROM store_keys WHERE name = $1", [name])).rows[0]?.value;
  return {
    async get(name) {
      const cached = known.get(name);
      if (cached) return cached;
      let key = await read(name);
      if (!key) {
        await db.query("INSERT INTO store_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, randomBytes(32)]);
        key = await read(name);
      }
      if (!key || key.length !== 32) throw new Error(`the key ${name} in the database is not 32 bytes; delete its row to have a new one made (old review links stop working)`);
      known.set(name, key);
      return key;
    },
  };
}
