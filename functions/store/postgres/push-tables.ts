import { MOST_DEVICES_PER_OWNER, type PushStore } from "../push-store";
import { pushDeviceSchema, type PushDevice } from "../records";
import type { Database } from "./database";

const devices = (rows: Array<{ record: unknown }>): PushDevice[] => rows.map((row) => pushDeviceSchema.parse(row.record));

/** The owner's devices in PostgreSQL (migrations/008-push.sql), shared by every instance. */
export function createPushTables(db: Database): PushStore {
  return {
    add: (device) =>
      db.transaction(async (client) => {
        // An owner's devices change one at a time, whichever instance: the count past ten holds.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('push_devices'), hashtext($1))", [device.by]);
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
    remove: async (id) => ((await db.query("DELETE FROM push_devices WHERE id = $1", [id])).rowCount ?? 0) > 0,
    removeAllOf: async (by) => (await db.query("DELETE FROM push_devices WHERE by_email = $1", [by])).rowCount ?? 0,
  };
}
