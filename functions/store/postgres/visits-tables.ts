import { randomBytes } from "node:crypto";
import type pg from "pg";
import { deviceClasses, visitCountKinds, type VisitCount, type VisitsStore } from "../visits-store";
import type { Database } from "./database";

interface CountRow {
  day: string;
  kind: string;
  path: string;
  source: string;
  device: string;
  landing: string;
  button: string;
  count: string;
}

const KEY = ["day", "kind", "path", "source", "device", "landing", "button"] as const;

function toCount(row: CountRow): VisitCount {
  const kind = visitCountKinds.find((k) => k === row.kind);
  const device = row.device === "" ? "" : deviceClasses.find((d) => d === row.device);
  if (!kind || device === undefined) throw new Error(`visit_counts: a row of kind "${row.kind}", device "${row.device}" is not one this version writes`);
  return { day: row.day, kind, path: row.path, source: row.source, device, landing: row.landing, button: row.button, count: Number(row.count) };
}

/** Adds `count` to the row of its key, made at its first count (`seq`: the order lists show). */
async function addCount(client: pg.PoolClient, c: VisitCount): Promise<void> {
  await client.query(
    `INSERT INTO visit_counts (${KEY.join(", ")}, count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (${KEY.join(", ")}) DO UPDATE SET count = visit_counts.count + EXCLUDED.count`,
    [c.day, c.kind, c.path, c.source, c.device, c.landing, c.button, c.count],
  );
}

/** The visit counts in PostgreSQL, shared by every instance: a visitor's hash is counted once a day whichever instance sees it. */
export function createVisitsTables(db: Database): VisitsStore {
  const endDaysBefore = async (day: string) => {
    await db.transaction(async (client) => {
      await client.query("DELETE FROM visit_salts WHERE day < $1", [day]);
      await client.query("DELETE FROM visit_seen WHERE day < $1", [day]);
    });
  };
  return {
    async daySalt(day) {
      await endDaysBefore(day);
      await db.query("INSERT INTO visit_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING", [day, randomBytes(16)]);
      const { rows } = await db.query<{ salt: Buffer }>("SELECT salt FROM visit_salts WHERE day = $1", [day]);
      const salt = rows[0]?.salt;
      if (!salt) throw new Error(`visit_salts: no salt for ${day}`);
      return salt;
    },
    endDaysBefore,
    add: ({ counts, visitors, referred = [] }) =>
      db.transaction(async (client) => {
        for (const c of counts) await addCount(client, c);
        for (const seen of visitors) {
          const fresh = await client.query("INSERT INTO visit_seen (day, hash, device) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [seen.day, seen.hash, seen.device]);
          if (fresh.rowCount) await addCount(client, { day: seen.day, kind: "visitor", path: "", source: "", device: seen.device, landing: "", button: "", count: 1 });
        }
        // A referral's hash is kept with the visitors' (no device), deleted with them when the day ends.
        for (const seen of referred) {
          const fresh = await client.query("INSERT INTO visit_seen (day, hash, device) VALUES ($1, $2, '') ON CONFLICT DO NOTHING", [seen.day, seen.hash]);
          if (fresh.rowCount) await addCount(client, { day: seen.day, kind: "referred", path: "", source: seen.source, device: "", landing: "", button: "", count: 1 });
        }
      }),
    async counts(from, to) {
      const { rows } = await db.query<CountRow>(`SELECT ${KEY.join(", ")}, count FROM visit_counts WHERE day BETWEEN $1 AND $2 ORDER BY seq`, [from, to]);
      return rows.map(toCount);
    },
    async deleteBefore(day) {
      await db.query("DELETE FROM visit_counts WHERE day < $1", [day]);
    },
    async claim(name) {
      const { rowCount } = await db.query("INSERT INTO visit_claims (name) VALUES ($1) ON CONFLICT DO NOTHING", [name]);
      return rowCount === 1;
    },
  };
}
