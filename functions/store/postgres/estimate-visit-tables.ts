import { randomUUID } from "node:crypto";
import type { BookedVisit, EstimateVisitStore } from "../estimate-visit-store";
import { estimateVisitSchema, visitCancellationSchema, visitJobs, type EstimateVisit, type VisitEvent } from "../records";
import type { Database } from "./database";
import type { OutboxTables } from "./outbox-tables";

interface VisitRow {
  record: unknown;
  cancelled: unknown;
  reminded_at: string | null;
}

const COLUMNS = "record, cancelled, reminded_at";

export const bookedVisitOf = (row: VisitRow): BookedVisit => ({
  ...estimateVisitSchema.parse(row.record),
  ...(row.cancelled ? { cancelled: visitCancellationSchema.parse(row.cancelled) } : {}),
  ...(row.reminded_at ? { remindedAt: row.reminded_at } : {}),
});

/** The emails of a change as rows for jsonb_to_recordset: each job's id and the job, its visit left to the statement when `withoutVisit`. */
const jobRows = (change: VisitEvent, withoutVisit = false) =>
  JSON.stringify(visitJobs(change).map((job) => ({ id: job.id, job: withoutVisit ? { ...job, visit: undefined } : job })));

const recordOf = ({ cancelled: _c, remindedAt: _r, ...visit }: BookedVisit): EstimateVisit => visit;

/**
 * Free estimate visits in PostgreSQL (migrations/011-estimate-visits.sql). A booking is one
 * statement: the lowest seat no visit holds, the visit inserted in it, and its two emails queued
 * with it; the unique index on (start_at, seat) of the visits not cancelled decides a race (the
 * loser's insert does nothing, and it looks again: another seat, or none left). A cancellation and
 * a reminder are one conditional UPDATE each, with their emails, so each happens once across
 * instances. The instance that wrote wakes its own sender; the others find the jobs by polling.
 */
export function createEstimateVisitTables(db: Database, outbox: OutboxTables, clock: () => number): EstimateVisitStore {
  const now = (): string => new Date(clock()).toISOString();

  /** One attempt at a seat: the visit booked, or how many seats looked free (0: none left; more: lost a race, look again). */
  async function attempt(visit: EstimateVisit, seats: number): Promise<{ booked?: BookedVisit; free: number }> {
    const { rows } = await db.query<{ free: string; record: unknown }>(
      `WITH free AS (
         SELECT s AS seat FROM generate_series(1, $3::int) s
         WHERE NOT EXISTS (SELECT 1 FROM estimate_visits v WHERE v.start_at = $2 AND v.seat = s AND v.cancelled IS NULL)
         ORDER BY s LIMIT 1),
       booked AS (
         INSERT INTO estimate_visits (id, start_at, seat, created_at, record)
         SELECT $1, $2, free.seat, $4, $5::jsonb || jsonb_build_object('seat', free.seat) FROM free
         ON CONFLICT (start_at, seat) WHERE cancelled IS NULL DO NOTHING
         RETURNING record),
       jobs AS (
         INSERT INTO mail_jobs (id, kind, job, due_at)
         SELECT j.id, 'estimate-visit', j.job || jsonb_build_object('visit', b.record), $6
         FROM booked b CROSS JOIN jsonb_to_recordset($7::jsonb) AS j(id text, job jsonb)
         ON CONFLICT (id) DO NOTHING)
       SELECT (SELECT count(*) FROM free) AS free, (SELECT record FROM booked) AS record`,
      [visit.id, visit.start, seats, visit.createdAt, JSON.stringify(visit), clock(), jobRows({ event: "booked", visit }, true)],
    );
    const row = rows[0];
    return { free: Number(row?.free ?? 0), ...(row?.record ? { booked: bookedVisitOf({ record: row.record, cancelled: null, reminded_at: null }) } : {}) };
  }

  async function get(id: string): Promise<BookedVisit | undefined> {
    const { rows } = await db.query<VisitRow>(`SELECT ${COLUMNS} FROM estimate_visits WHERE id = $1`, [id]);
    return rows[0] && bookedVisitOf(rows[0]);
  }

  return {
    async book(fields, seats) {
      // The seat is the statement's to choose; 1 stands in until it has.
      const visit = estimateVisitSchema.parse({ id: randomUUID(), ...fields, seat: 1, createdAt: now() });
      // Each lost race means another instance took a seat: after `seats` of them none can be left.
      for (let tries = 0; tries <= seats; tries++) {
        const { booked, free } = await attempt(visit, seats);
        if (booked) {
          outbox.queued();
          return booked;
        }
        if (free === 0) return undefined;
      }
      return undefined;
    },

    async starting(from, to, options = {}) {
      const { rows } = await db.query<VisitRow>(
        `SELECT ${COLUMNS} FROM estimate_visits WHERE start_at >= $1 AND start_at < $2 ${options.cancelled ? "" : "AND cancelled IS NULL"} ORDER BY start_at, seat`,
        [from, to],
      );
      return rows.map(bookedVisitOf);
    },

    async bookedSince(since) {
      const { rows } = await db.query<VisitRow>(`SELECT ${COLUMNS} FROM estimate_visits WHERE created_at >= $1 ORDER BY seq`, [since]);
      return rows.map(bookedVisitOf);
    },

    get,

    async cancel(id, by) {
      const visit = await get(id);
      if (!visit) return undefined;
      if (visit.cancelled) return { visit, cancelled: false };
      const cancelled = { ...by, at: now() };
      // The record never changes once booked: the emails made from it now are the ones the UPDATE that wins queues.
      const { rows } = await db.query<VisitRow>(
        `WITH done AS (
           UPDATE estimate_visits SET cancelled = $2 WHERE id = $1 AND cancelled IS NULL RETURNING ${COLUMNS}),
         jobs AS (
           INSERT INTO mail_jobs (id, kind, job, due_at)
           SELECT j.id, 'estimate-visit', j.job, $4 FROM done CROSS JOIN jsonb_to_recordset($3::jsonb) AS j(id text, job jsonb)
           ON CONFLICT (id) DO NOTHING)
         SELECT ${COLUMNS} FROM done`,
        [id, JSON.stringify(cancelled), jobRows({ event: "cancelled", visit: recordOf(visit), cancelled }), clock()],
      );
      if (!rows[0]) return { visit: (await get(id)) ?? visit, cancelled: false };
      outbox.queued();
      return { visit: bookedVisitOf(rows[0]), cancelled: true };
    },

    erase: (id) =>
      db.transaction(async (client) => {
        // The row's lock waits for a cancellation or reminder under way (one statement each, with its emails):
        // the emails it queued are committed before the DELETE of them below, which sees them.
        const gone = await client.query("DELETE FROM estimate_visits WHERE id = $1 RETURNING id", [id]);
        if (gone.rowCount === 0) return false;
        await outbox.forget(client, "visit", id);
        return true;
      }),

    async startedBefore(before) {
      const { rows } = await db.query<{ id: string }>("SELECT id FROM estimate_visits WHERE start_at < $1 ORDER BY start_at", [before]);
      return rows.map((row) => row.id);
    },

    async remind(id) {
      const visit = await get(id);
      if (!visit || visit.cancelled || visit.remindedAt) return false;
      const at = now();
      const { rowCount } = await db.query(
        `WITH done AS (
           UPDATE estimate_visits SET reminded_at = $2 WHERE id = $1 AND reminded_at IS NULL AND cancelled IS NULL RETURNING id)
         INSERT INTO mail_jobs (id, kind, job, due_at)
         SELECT j.id, 'estimate-visit', j.job, $4 FROM done CROSS JOIN jsonb_to_recordset($3::jsonb) AS j(id text, job jsonb)
         ON CONFLICT (id) DO NOTHING`,
        [id, at, jobRows({ event: "reminded", visit: recordOf(visit), at }), clock()],
      );
      if (!rowCount) return false;
      outbox.queued();
      return true;
    },
  };
}
