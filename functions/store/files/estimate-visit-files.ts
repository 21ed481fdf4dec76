import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Logger } from "../../logger";
import type { BookedVisit, EstimateVisitStore } from "../estimate-visit-store";
import { estimateVisitSchema, visitEventSchema, visitJobs, type VisitEvent } from "../records";
import { appendIn, classifyDataDirError } from "./data-dir";
import { ESTIMATE_VISITS_FILE } from "./file-names";
import { createJsonlAppender } from "./jsonl-append";
import { parseJsonLine, readJsonlFrom, scanBackward } from "./jsonl-read";
import { erasedLineText } from "./erased-line";
import { inTurns } from "./turns";
import type { OutboxFiles } from "./outbox-files";

/** What the lines add up to: every visit with its state, by id. */
export function applyVisitLine(visits: Map<string, BookedVisit>, line: VisitEvent): void {
  switch (line.event) {
    case "booked":
      visits.set(line.visit.id, { ...line.visit });
      return;
    case "cancelled": {
      const visit = visits.get(line.visit.id);
      if (visit && !visit.cancelled) visit.cancelled = line.cancelled;
      return;
    }
    case "reminded": {
      const visit = visits.get(line.visit.id);
      if (visit && !visit.remindedAt) visit.remindedAt = line.at;
      return;
    }
  }
}

/** The visit record alone (what a line carries), without the state the store adds. */
const recordOf = ({ cancelled: _c, remindedAt: _r, ...visit }: BookedVisit) => visit;

/**
 * Free estimate visits as events in DATA_DIR/estimate-visits.jsonl, appended and fsynced before
 * a call resolves. Calls run one at a time, each on the state read from the file just before
 * (the store's lock: one server process writes a DATA_DIR; `npm run` commands only read), so
 * "is a seat left" and "take it" cannot be split by another booking. Each line is also the
 * source of its emails: no crash can leave a booking that is never mailed.
 */
export function createEstimateVisitFiles(options: { dataDir: string; clock: () => number; logger: Logger; outbox: OutboxFiles }): EstimateVisitStore & { close(): Promise<void> } {
  const { dataDir, clock, logger, outbox } = options;
  const file = path.join(dataDir, ESTIMATE_VISITS_FILE);
  const log = createJsonlAppender(file, logger);
  const visits = new Map<string, BookedVisit>();
  let offset = 0;
  const now = (): string => new Date(clock()).toISOString();

  async function catchUp(): Promise<void> {
    const { lines, end } = await readJsonlFrom(file, offset, (value) => visitEventSchema.safeParse(value).data, logger);
    for (const { record } of lines) applyVisitLine(visits, record);
    offset = end;
  }

  /** Runs `work` after every call before it, on the state read from the file just now. */
  const exclusive = inTurns(catchUp);

  /** Writes what happened (its line is its emails' source), then tells this process's sender. */
  async function record(change: VisitEvent): Promise<void> {
    // Through its schema: the line's fields in the order a PostgreSQL store's export writes them (export-files.ts).
    await appendIn(dataDir, log, visitEventSchema.parse(change));
    await catchUp();
    for (const job of visitJobs(change)) {
      void outbox.noteQueued(job).catch((error: unknown) => logger.error(`bookings: could not queue email ${job.id}`, error));
    }
  }

  const copy = (visit: BookedVisit | undefined): BookedVisit | undefined => (visit ? structuredClone(visit) : undefined);
  const bySoonest = (a: BookedVisit, b: BookedVisit) => Date.parse(a.start) - Date.parse(b.start) || a.seat - b.seat;

  return {
    book: (fields, seats) =>
      exclusive(async () => {
        const at = Date.parse(fields.start);
        const taken = new Set([...visits.values()].filter((v) => !v.cancelled && Date.parse(v.start) === at).map((v) => v.seat));
        let seat = 1;
        while (taken.has(seat)) seat++;
        if (seat > seats) return undefined;
        const visit = estimateVisitSchema.parse({ id: randomUUID(), ...fields, seat, createdAt: now() });
        await record({ event: "booked", visit });
        return copy(visits.get(visit.id));
      }),

    starting: (from, to, options = {}) =>
      exclusive(async () => {
        const [start, end] = [Date.parse(from), Date.parse(to)];
        return [...visits.values()]
          .filter((v) => (options.cancelled || !v.cancelled) && Date.parse(v.start) >= start && Date.parse(v.start) < end)
          .sort(bySoonest)
          .map((v) => structuredClone(v));
      }),

    bookedSince: (since) =>
      exclusive(async () => {
        const from = Date.parse(since);
        return [...visits.values()].filter((v) => Date.parse(v.createdAt) >= from).map((v) => structuredClone(v));
      }),

    get: (id) => exclusive(async () => copy(visits.get(id))),

    cancel: (id, by) =>
      exclusive(async () => {
        const visit = visits.get(id);
        if (!visit) return undefined;
        if (visit.cancelled) return { visit: structuredClone(visit), cancelled: false };
        await record({ event: "cancelled", visit: recordOf(visit), cancelled: { ...by, at: now() } });
        return { visit: structuredClone(visits.get(id) ?? visit), cancelled: true };
      }),

    remind: (id) =>
      exclusive(async () => {
        const visit = visits.get(id);
        if (!visit || visit.cancelled || visit.remindedAt) return false;
        await record({ event: "reminded", visit: recordOf(visit), at: now() });
        return true;
      }),

    // Every line of the visit is erased in place (erased-line.ts): the outbox's watermark on this
    // file is a byte offset and stays true, and a start reads the visit nowhere.
    erase: (id) =>
      exclusive(async () => {
        if (!visits.has(id)) return false;
        // The mail first: a crash after it leaves a visit that is not mailed, never a mail of an erased visit.
        await outbox.forget("visit", id);
        const lineOf = (text: string): string | undefined => (visitEventSchema.safeParse(parseJsonLine(text)).data?.visit.id === id ? id : undefined);
        const lines: number[] = [];
        await scanBackward(file, (text, start) => {
          if (text.includes(id) && lineOf(text)) lines.push(start);
          return false;
        });
        try {
          for (const start of lines) await log.overwrite(start, (line) => (lineOf(line) ? erasedLineText(id, Buffer.byteLength(line)) : undefined));
        } catch (error) {
          throw classifyDataDirError(dataDir, error);
        }
        visits.delete(id);
        return true;
      }),

    startedBefore: (before) =>
      exclusive(async () => {
        const at = Date.parse(before);
        return [...visits.values()].filter((v) => Date.parse(v.start) < at).map((v) => v.id);
      }),

    async close() {
      await exclusive.idle();
      await log.close();
    },
  };
}
