import { MOST_DEVICES_PER_OWNER, type PushStore } from "../push-store";
import { pushDeviceSchema, type PushDevice } from "../records";
import type { Database } from "./database";

const devices = (rows: Array<{ record: unknown }>): PushDevice[] => rows.map((row) => pushDeviceSchema.parse(row.record));

/** The owner's devices in PostgreSQL (migrations/008-push.sql), shared by every instance. */
export function createPushTables(db: Database, clock: () => number): PushStore {
  return {
    add: (device, options = {}) =>
      db.transaction(async (client) => {
        // An owner's devices change one at a time, whichever instance: the count past ten holds, and a turn-off is seen.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('push_devices'), hashtext($1))", [device.by]);
        if (options.unlessTurnedOff) {
          const off = await client.query("SELECT 1 FROM push_devices_off WHERE id = ANY($1)", [[device.id, ...options.unlessTurnedOff]]);
          if (off.rowCount) return { added: false, turnedOff: true as const };
        }
        await client.query("DELETE FROM push_devices_off WHERE id = $1", [device.id]);
        const { rows } = await client.query<{ added: boolean }>(
          `INSERT INTO push_devices (id, by_email, record) VALUES ($1, $2, $3)
           ON CONFLICT (id) DO UPDATE SET by_email = EXCLUDED.by_email, record = EXCLUDED.record
             WHERE push_devices.by_email <> EXCLUDED.by_email OR push_devices.record->'keys' <> EXCLUDED.record->'keys'
           RETURNING (xmax = 0) AS added`,
          [device.id, device.by, device],
        );
        await client.query(
          `DELETE FROM push_devices WHERE by_email = $1 AND id <> $2 AND id NOT IN (
             SELECT id FROM push_devices WHERE by_email = $1 AND id <> $2 ORDER BY seq DESC LIMIT $3)`,
          [device.by, device.id, MOST_DEVICES_PER_OWNER - 1],
        );
        return { added: rows[0]?.added === true };
      }),
    list: async () => devices((await db.query<{ record: unknown }>("SELECT record FROM push_devices ORDER BY seq")).rows),
    get: async (id) => devices((await db.query<{ record: unknown }>("SELECT record FROM push_devices WHERE id = $1", [id])).rows)[0],
    async remove(id, why) {
      const { rows } = await db.query<{ removed: string }>(
        `WITH removed AS (DELETE FROM push_devices WHERE id = $1 RETURNING id),
         off AS (INSERT INTO push_devices_off (id, at) SELECT id, $3 FROM removed WHERE $2 ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at)
         SELECT count(*) AS removed FROM removed`,
        [id, why === "off", new Date(clock()).toISOString()],
      );
      return Number(rows[0]?.removed) > 0;
    },
    removeAllOf: async (by) => (await db.query("DELETE FROM push_devices WHERE by_email = $1", [by])).rowCount ?? 0,
  };
}
