// Turns beacons into the day's counts (the store's visits part), in memory first: counts
// are added up per key and written every `flushMs` (5 s) in one batch, fsynced. A crash
// loses at most that window. Everything kept is bounded per day whatever clients send:
// paths that are not pages of the site count as one "other" path, and there are at most
// `sourcesPerDay` referring sites, `buttonsPerDay` call buttons and `keysPerDay` rows, past
// which counts go to an "other" row.
import { addDays, businessDay, startOfBusinessDay, type BusinessDay } from "../../src/format/business-time";
import { keptSince, type KeptFor } from "../../src/content/kept-for";
import type { VisitEvent } from "../../src/content/visit-event";
import { consoleLogger, type Logger } from "../logger";
import { countKey, type SeenReferral, type SeenVisitor, type VisitCount, type VisitCountKey, type VisitsStore } from "../store/visits-store";
import { deviceOf, isNamedSource, OTHER_SOURCE, sourceOf } from "./classify";
import { referralHash, visitorHash } from "./visitor-hash";

/** Every path that is not a page of the site. */
export const OTHER_PATH = "other";

export const DEFAULT_VISIT_LIMITS = { keysPerDay: 5_000, sourcesPerDay: 100, buttonsPerDay: 30 } as const;
/** Counted beacons held before a batch is written early, whatever the timer says. */
const MOST_PENDING = 5_000;

/** What the request told about its sender; only used to hash and classify, never kept. */
export interface Sender {
  address: string | undefined;
  userAgent: string;
  /** Host names of this site (the configured one and the one the request was sent to): a referrer there is no source. */
  ownHosts: ReadonlySet<string>;
}

export interface VisitCounterOptions {
  store: VisitsStore;
  /** The site's host name, part of each visitor hash. */
  site: string;
  timeZone: string;
  /** How long counts are kept (visitsKeptFor in content/site.json). */
  keptFor: KeptFor;
  /** Whether `path` is a page of the site (the build's pages). */
  isPage: (path: string) => boolean | Promise<boolean>;
  clock?: () => number;
  flushMs?: number;
  limits?: Partial<typeof DEFAULT_VISIT_LIMITS>;
  logger?: Logger;
}

export interface VisitCounter {
  /** Counts one beacon, already checked (visit-event-schema.ts) and accepted. */
  record(event: VisitEvent, sender: Sender): Promise<void>;
  /** Writes what is held now, beacons still being counted included; resolves once it is on disk. */
  flush(): Promise<void>;
  /** Stops the timers and writes what is held. */
  close(): Promise<void>;
}

interface Day {
  day: BusinessDay;
  salt: Buffer;
  keys: Set<string>;
  sources: Set<string>;
  buttons: Set<string>;
  /** Paths found to be pages, and not to be (at most MOST_REMEMBERED), so each is looked up once a day. */
  pages: Set<string>;
  notPages: Set<string>;
}

const MOST_REMEMBERED = 10_000;

/** A path as the site serves it ("/contact/" is "/contact"); anything a page path cannot look like is undefined. */
export function pagePath(path: string): string | undefined {
  if (!/^\/[A-Za-z0-9._~\/-]*$/.test(path) || /\/\/|\/\.\.?(?:\/|$)/.test(path)) return undefined;
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}

export function createVisitCounter(options: VisitCounterOptions): VisitCounter {
  const { store, site, timeZone, keptFor, isPage, clock = Date.now, flushMs = 5_000, logger = consoleLogger } = options;
  const limits = { ...DEFAULT_VISIT_LIMITS, ...options.limits };
  let current: Day | undefined;
  let turning: Promise<Day> | undefined;
  let pending = new Map<string, VisitCount>();
  let visitors: SeenVisitor[] = [];
  let referred: SeenReferral[] = [];
  let writing: Promise<void> = Promise.resolve();
  /** Beacons being counted (waiting for the day's salt or a page check): a flush waits for them. */
  const counting = new Set<Promise<void>>();
  let closed = false;
  let midnight: NodeJS.Timeout | undefined;
  const timer = setInterval(() => void writeHeld(), flushMs);
  timer.unref();

  /** The day's state; at a new day the last one's counts are written, its salt and hashes deleted, old days dropped. */
  function dayOf(day: BusinessDay): Promise<Day> {
    if (current?.day === day) return Promise.resolve(current);
    turning ??= (async () => {
      // Not flush(): a beacon being counted may be waiting for this very day.
      await writeHeld();
      await store.endDaysBefore(day);
      const salt = await store.daySalt(day);
      await store.deleteBefore(keptSince(day, keptFor));
      const known = await store.counts(day, day);
      current = {
        day,
        salt,
        keys: new Set(known.map(countKey)),
        sources: new Set(known.map((row) => row.source)),
        buttons: new Set(known.map((row) => row.button)),
        pages: new Set(),
        notPages: new Set(),
      };
      scheduleMidnight(day);
      return current;
    })().finally(() => {
      turning = undefined;
    });
    return turning;
  }

  /** Ends the day at the business's midnight even when no beacon comes: the salt must not outlive its day. */
  function scheduleMidnight(day: BusinessDay): void {
    if (midnight) clearTimeout(midnight);
    if (closed) return;
    const wait = Math.max(1_000, startOfBusinessDay(addDays(day, 1), timeZone) - clock() + 1_000);
    midnight = setTimeout(() => {
      void dayOf(businessDay(clock(), timeZone)).catch((error: unknown) => logger.error("visits: could not start the new day", error));
    }, wait);
    midnight.unref();
  }

  async function pageOrOther(day: Day, path: string): Promise<string> {
    const page = pagePath(path);
    if (page === undefined) return OTHER_PATH;
    if (day.pages.has(page)) return page;
    if (day.notPages.has(page)) return OTHER_PATH;
    if (!(await isPage(page))) {
      if (day.notPages.size < MOST_REMEMBERED) day.notPages.add(page);
      return OTHER_PATH;
    }
    day.pages.add(page);
    return page;
  }

  /** A value of a bounded kind: a new one past the day's limit counts as "other". */
  function bounded(seen: Set<string>, value: string, most: number): string {
    if (value === "" || seen.has(value)) return value;
    if (seen.size >= most) return OTHER_SOURCE;
    seen.add(value);
    return value;
  }

  function add(day: Day, key: VisitCountKey): void {
    let row = key;
    if (!day.keys.has(countKey(row))) {
      // Past the day's rows, a new combination joins the one row of its kind and device that stands for all the others.
      if (day.keys.size >= limits.keysPerDay) {
        row = { ...key, path: OTHER_PATH, source: OTHER_SOURCE, landing: key.landing && OTHER_PATH, button: key.button && OTHER_SOURCE };
      }
      day.keys.add(countKey(row));
    }
    const id = countKey(row);
    const held = pending.get(id);
    if (held) held.count += 1;
    else pending.set(id, { ...row, count: 1 });
  }

  function record(event: VisitEvent, sender: Sender): Promise<void> {
    if (closed) return Promise.resolve();
    const done = count(event, sender).finally(() => counting.delete(done));
    counting.add(done);
    return done;
  }

  async function count(event: VisitEvent, sender: Sender): Promise<void> {
    const day = await dayOf(businessDay(clock(), timeZone));
    const device = deviceOf(sender.userAgent);
    const source = bounded(day.sources, sourceOf(event.referrer, sender.ownHosts), limits.sourcesPerDay);
    const path = await pageOrOther(day, event.path);
    const none = { landing: "", button: "" };
    if (event.kind === "view") {
      add(day, { day: day.day, kind: "view", path, source, device, ...none });
      // A view without a landing page is the first of its visit.
      if (event.landing === undefined) add(day, { day: day.day, kind: "visit", path, source, device, ...none });
      visitors.push({ day: day.day, hash: visitorHash(day.salt, site, sender.address, sender.userAgent), device });
    } else {
      const landing = event.landing === undefined ? path : await pageOrOther(day, event.landing);
      const button = bounded(day.buttons, event.button ?? "", limits.buttonsPerDay);
      add(day, { day: day.day, kind: "call", path, source, device, landing, button });
    }
    // Which addresses came from a site nobody knows by name: three in a day list it (referrer spam is one sender).
    if (!isNamedSource(source)) referred.push({ day: day.day, hash: referralHash(day.salt, site, sender.address, source), source });
    if (pending.size + visitors.length + referred.length >= MOST_PENDING) void writeHeld();
  }

  async function flush(): Promise<void> {
    await Promise.allSettled(counting);
    await writeHeld();
  }

  /** Writes what is held now. One batch at a time, in order; one asked for meanwhile waits for the one in flight. */
  async function writeHeld(): Promise<void> {
    writing = writing.then(async () => {
      if (pending.size === 0 && visitors.length === 0 && referred.length === 0) return;
      const batch = { counts: [...pending.values()], visitors, referred };
      pending = new Map();
      visitors = [];
      referred = [];
      await store.add(batch).catch((error: unknown) => {
        logger.error(`visits: ${batch.counts.length} count(s) could not be written and are lost`, error);
      });
    });
    await writing;
  }

  return {
    record,
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      if (midnight) clearTimeout(midnight);
      await turning?.catch(() => undefined);
      await flush();
    },
  };
}
