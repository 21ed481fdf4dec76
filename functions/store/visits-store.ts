// The store's part for visit counts (`store.visits`, issue 30): daily aggregates, never
// single hits, and the day's salt and visitor hashes that are deleted when the day ends.
// Files: functions/store/files/visits-files.ts; the behaviour every implementation has is
// in store-suite.ts ("visits").
import type { BusinessDay } from "../../src/format/business-time";

/** The devices counts tell apart (functions/visits/classify.ts reads them from the user agent). */
export const deviceClasses = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/**
 * What a count counts:
 *  - `view`: a page seen (`path`), with where its visit came from (`source`) and the device;
 *  - `visit`: a visit started (`path` is the page it started on);
 *  - `call`: a tap on a call link: on `path`, which `button`, the visit's `landing` page and `source`;
 *  - `visitor`: a person seen for the first time that day (per device), from the day's hashes;
 *  - `referred`: an address seen coming from `source` for the first time that day, from the
 *    day's hashes: a referring site is listed only once three have (functions/visits/week-summary.ts).
 */
export const visitCountKinds = ["view", "visit", "call", "visitor", "referred"] as const;
export type VisitCountKind = (typeof visitCountKinds)[number];

/** One row of counts. Fields that do not apply to a kind are "" (a visitor has no path). */
export interface VisitCountKey {
  day: BusinessDay;
  kind: VisitCountKind;
  path: string;
  source: string;
  device: DeviceClass | "";
  landing: string;
  button: string;
}

export interface VisitCount extends VisitCountKey {
  count: number;
}

/** A visitor seen on `day`, as the day's salted hash (functions/visits/visitor-hash.ts): never the address or the browser. */
export interface SeenVisitor {
  day: BusinessDay;
  hash: string;
  device: DeviceClass;
}

/** An address seen coming from a referring site on `day`, as the day's salted hash of both (functions/visits/visitor-hash.ts). */
export interface SeenReferral {
  day: BusinessDay;
  hash: string;
  /** The referring site's domain. */
  source: string;
}

export interface VisitsBatch {
  /** Added to what is stored under the same key. */
  counts: readonly VisitCount[];
  /**
   * Each hash not yet stored for its day is kept (until that day ends) and adds one
   * `visitor` count for its day and device; a hash already stored adds nothing.
   */
  visitors: readonly SeenVisitor[];
  /**
   * The same for referring sites: each hash not yet stored for its day is kept with the
   * visitors' (until the day ends) and adds one `referred` count for its day and source. Where
   * the day's hashes are capped, one past the cap adds nothing: a site stays unlisted rather
   * than listed by a flood.
   */
  referred?: readonly SeenReferral[];
}

export interface VisitsStore {
  /**
   * The salt of `day`: made (16 random bytes) by the first caller and the same for every
   * later one, other processes sharing the store included. Salts and visitor hashes of
   * earlier days are deleted first.
   */
  daySalt(day: BusinessDay): Promise<Buffer>;
  /** Deletes the salts and visitor hashes of every day before `day` (at the business's midnight). */
  endDaysBefore(day: BusinessDay): Promise<void>;
  /** Adds a batch; on disk (fsync, or committed) when it resolves. */
  add(batch: VisitsBatch): Promise<void>;
  /** The counts of the days from `from` to `to` (both included), one row per key, summed. */
  counts(from: BusinessDay, to: BusinessDay): Promise<VisitCount[]>;
  /** Deletes every count of the days before `day` (visitsKeptFor in content/site.json). */
  deleteBefore(day: BusinessDay): Promise<void>;
  /**
   * Records that `name` happened ("weekly summary 2025-06-02") and answers true for the
   * one caller that recorded it, false for every other, across restarts and processes.
   */
  claim(name: string): Promise<boolean>;
}

/** The key's fields as one string, for maps: every implementation sums by it. */
export const countKey = (c: VisitCountKey): string => [c.day, c.kind, c.path, c.source, c.device, c.landing, c.button].join("\u0000");
