// The visits part of the store as JSON lines in DATA_DIR (the interface and what each
// count means: functions/store/visits-store.ts). Three files, one writer (the server):
//  - visits.jsonl: counts, one line per key per batch, summed when read; compacted to one
//    line per key (and days past keeping dropped) at the first write after a start, when
//    `compactAfterLines` lines were added since, and on deleteBefore;
//  - visits-today.jsonl: the day's salt, then the hashes of the day's visitors; deleted
//    whole when the day ends, so nothing links one day's visitors to another's;
//  - visit-claims.jsonl: what happened once (the weekly summary was queued).
// Readers in other processes (npm run report) read visits.jsonl as it is: appends are whole
// lines and compaction renames a complete file over it.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { Logger } from "../../logger";
import { countKey, deviceClasses, visitCountKinds, type VisitCount, type VisitsStore } from "../visits-store";
import { classifyDataDirError } from "./data-dir";
import { VISIT_CLAIMS_FILE, VISITS_FILE, VISITS_TODAY_FILE } from "./file-names";
import { createJsonlAppender, type JsonlAppender } from "./jsonl-append";
import { readJsonl } from "./jsonl-read";
import { removeFile, replaceFile } from "./replace-file";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A line of visits.jsonl; empty fields are left out. */
export const countLine = z.object({
  day,
  kind: z.enum(visitCountKinds),
  path: z.string().default(""),
  source: z.string().default(""),
  device: z.enum(deviceClasses).or(z.literal("")).default(""),
  landing: z.string().default(""),
  button: z.string().default(""),
  count: z.number().int().positive(),
});

/** visits-today.jsonl: the first line holds the salt, each later one a batch of hashes. */
export const todayLine = z.union([z.object({ day, salt: z.string().min(16) }), z.object({ day, hashes: z.array(z.string()) })]);

export const claimLine = z.object({ name: z.string(), at: z.string() });

export interface VisitsFilesOptions {
  dataDir: string;
  clock: () => number;
  logger: Logger;
  /** Count lines added since the last compaction that trigger the next one. */
  compactAfterLines?: number;
  /** Visitor hashes kept per day; past it a new visitor is still counted, but not recognised later that day, and a new referral is not counted. */
  maxVisitorsPerDay?: number;
}

interface Today {
  day: string;
  salt: Buffer;
  seen: Set<string>;
  hashes: JsonlAppender;
}

export type VisitsFiles = VisitsStore & { close(): Promise<void> };

export function createVisitsFiles(options: VisitsFilesOptions): VisitsFiles {
  const { dataDir, logger, clock, compactAfterLines = 20_000, maxVisitorsPerDay = 50_000 } = options;
  const countsFile = path.join(dataDir, VISITS_FILE);
  const todayFile = path.join(dataDir, VISITS_TODAY_FILE);
  const claimsFile = path.join(dataDir, VISIT_CLAIMS_FILE);

  let counts: JsonlAppender | undefined;
  let linesSinceCompaction = 0;
  /** Days before this one are dropped at every compaction (the last deleteBefore). */
  let keepFrom = "";
  let today: Today | undefined;
  let todayRead = false;
  let claims: { done: Set<string>; log: JsonlAppender } | undefined;
  // Every write goes through this queue: a compaction never runs beside an append.
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run.catch((error: unknown) => {
      throw classifyDataDirError(dataDir, error);
    });
  }

  const readCounts = () => readJsonl(countsFile, (value) => countLine.safeParse(value).data, logger);

  async function compact(): Promise<void> {
    await counts?.close();
    const summed = sum(await readCounts(), (row) => row.day >= keepFrom);
    await replaceFile(countsFile, summed.map((row) => `${JSON.stringify(compactLine(row))}\n`).join(""));
    counts = createJsonlAppender(countsFile, logger);
    linesSinceCompaction = 0;
  }

  /** The appender for counts, after the compaction every start begins with. */
  async function countsLog(): Promise<JsonlAppender> {
    if (!counts) await compact();
    return counts as JsonlAppender;
  }

  async function readToday(): Promise<Today | undefined> {
    if (todayRead) return today;
    const lines = await readJsonl(todayFile, (value) => todayLine.safeParse(value).data, logger);
    const first = lines[0];
    if (first && "salt" in first) {
      const seen = new Set(lines.flatMap((line) => ("hashes" in line && line.day === first.day ? line.hashes : [])));
      today = { day: first.day, salt: Buffer.from(first.salt, "base64"), seen, hashes: createJsonlAppender(todayFile, logger) };
    } else if (lines.length > 0) {
      logger.warn(`${todayFile}: no salt on its first line; starting the day again`);
    }
    todayRead = true;
    return today;
  }

  async function forgetToday(): Promise<void> {
    await today?.hashes.close();
    today = undefined;
    await removeFile(todayFile);
  }

  async function claimsLog(): Promise<{ done: Set<string>; log: JsonlAppender }> {
    claims ??= {
      done: new Set((await readJsonl(claimsFile, (value) => claimLine.safeParse(value).data, logger)).map((line) => line.name)),
      log: createJsonlAppender(claimsFile, logger),
    };
    return claims;
  }

  return {
    daySalt: (wanted) =>
      serial(async () => {
        const current = await readToday();
        if (current?.day === wanted) return current.salt;
        // A day that has ended already (a batch late across midnight): a salt of its own, never kept.
        if (current && current.day > wanted) return randomBytes(16);
        await forgetToday();
        const salt = randomBytes(16);
        await replaceFile(todayFile, `${JSON.stringify({ day: wanted, salt: salt.toString("base64") })}\n`);
        today = { day: wanted, salt, seen: new Set(), hashes: createJsonlAppender(todayFile, logger) };
        return salt;
      }),

    endDaysBefore: (ended) =>
      serial(async () => {
        const current = await readToday();
        if (current && current.day < ended) await forgetToday();
      }),

    add: (batch) =>
      serial(async () => {
        const current = await readToday();
        const rows = [...batch.counts];
        const fresh: string[] = [];
        for (const visitor of batch.visitors) {
          const known = current?.day === visitor.day;
          if (known && (current.seen.has(visitor.hash) || fresh.includes(visitor.hash))) continue;
          if (known && current.seen.size + fresh.length < maxVisitorsPerDay) fresh.push(visitor.hash);
          rows.push({ day: visitor.day, kind: "visitor", path: "", source: "", device: visitor.device, landing: "", button: "", count: 1 });
        }
        // Only hashes of the day kept, and only below the cap: a referring site is never listed on counts that could not be told apart.
        for (const referral of batch.referred ?? []) {
          if (current?.day !== referral.day || current.seen.has(referral.hash) || fresh.includes(referral.hash)) continue;
          if (current.seen.size + fresh.length >= maxVisitorsPerDay) continue;
          fresh.push(referral.hash);
          rows.push({ day: referral.day, kind: "referred", path: "", source: referral.source, device: "", landing: "", button: "", count: 1 });
        }
        // Hashes first: a crash in between loses a few visitor counts, never counts one twice.
        if (current && fresh.length > 0) {
          await current.hashes.append({ day: current.day, hashes: fresh });
          for (const hash of fresh) current.seen.add(hash);
        }
        const lines = sum(rows, () => true);
        if (lines.length === 0) return;
        const log = await countsLog();
        await Promise.all(lines.map((row) => log.append(compactLine(row))));
        linesSinceCompaction += lines.length;
        if (linesSinceCompaction >= compactAfterLines) await compact();
      }),

    async counts(from, to) {
      // Waits for writes queued before it, so a reader in this process sees them.
      await queue;
      return sum(await readCounts(), (row) => row.day >= from && row.day <= to);
    },

    deleteBefore: (first) =>
      serial(async () => {
        keepFrom = first > keepFrom ? first : keepFrom;
        await compact();
      }),

    claim: (name) =>
      serial(async () => {
        const { done, log } = await claimsLog();
        if (done.has(name)) return false;
        await log.append({ name, at: new Date(clock()).toISOString() });
        done.add(name);
        return true;
      }),

    close: () =>
      serial(async () => {
        await Promise.all([counts?.close(), today?.hashes.close(), claims?.log.close()]);
      }),
  };
}

/** Rows summed by key, those `keep` accepts, in a stable order (day, then first seen). */
function sum(rows: readonly VisitCount[], keep: (row: VisitCount) => boolean): VisitCount[] {
  const byKey = new Map<string, VisitCount>();
  for (const row of rows) {
    if (!keep(row)) continue;
    const key = countKey(row);
    const known = byKey.get(key);
    if (known) known.count += row.count;
    else byKey.set(key, { ...row });
  }
  return [...byKey.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** A count as its line: fields that do not apply left out. */
function compactLine(row: VisitCount): Record<string, string | number> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== ""));
}
