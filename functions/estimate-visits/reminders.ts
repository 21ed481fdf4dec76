// The visitor's reminder the evening before an estimate visit: looked for every few minutes by
// every server, queued once by the store (store.estimateVisits.remind is one conditional write,
// with its email), so several instances and restarts send it exactly once.
import { addDays, businessDay, instantOfWallTime } from "../../src/format/business-time";
import { consoleLogger, describeError, type Logger } from "../logger";
import type { BookedVisit, EstimateVisitStore } from "../store/estimate-visit-store";
import { StoreUnavailableError } from "../store/store-errors";

/** The evening before, on the business clock: 6 PM, when people plan tomorrow. */
export const REMINDER_TIME = "18:00";
/** A visit booked this soon before its reminder time gets none: its confirmation has just come. */
export const FRESH_BOOKING_MS = 12 * 3_600_000;
const LOOK_EVERY_MS = 5 * 60_000;

/** When a visit's reminder is due: 6 PM the day before it, on the business clock. */
export function reminderTime(start: string, timeZone: string): number {
  const day = businessDay(Date.parse(start), timeZone);
  return Date.parse(instantOfWallTime(timeZone, { date: addDays(day, -1), time: REMINDER_TIME }));
}

/** Whether `visit` should be reminded at `now`: past its reminder time, not started, not booked just before it, not cancelled or reminded. */
export function reminderDue(visit: BookedVisit, timeZone: string, now: number): boolean {
  const at = reminderTime(visit.start, timeZone);
  return !visit.cancelled && !visit.remindedAt && now >= at && now < Date.parse(visit.start) && Date.parse(visit.createdAt) < at - FRESH_BOOKING_MS;
}

export interface Reminders {
  /** Queues the reminders due now; how many this call queued. */
  check(): Promise<number>;
  stop(): void;
}

export function startReminders(options: {
  store: Pick<EstimateVisitStore, "starting" | "remind">;
  timeZone: () => Promise<string>;
  clock?: () => number;
  logger?: Logger;
  everyMs?: number;
}): Reminders {
  const { store, clock = Date.now, logger = consoleLogger, everyMs = LOOK_EVERY_MS } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function check(): Promise<number> {
    const now = clock();
    const timeZone = await options.timeZone();
    // Tomorrow's visits, and today's not reminded yet: two days ahead covers both.
    const soon = await store.starting(new Date(now).toISOString(), new Date(now + 2 * 86_400_000).toISOString());
    let queued = 0;
    for (const visit of soon) if (reminderDue(visit, timeZone, now) && (await store.remind(visit.id))) queued += 1;
    return queued;
  }

  // A store that cannot be reached says so itself: said once here too, not every few minutes until it is back.
  let unavailableSaid = false;
  function run(): void {
    void check()
      .then(() => void (unavailableSaid = false))
      .catch((error: unknown) => {
        const unavailable = error instanceof StoreUnavailableError;
        if (!unavailable || !unavailableSaid) logger.error(`bookings: reminders could not be queued (${describeError(error)}); trying again in a few minutes`);
        unavailableSaid ||= unavailable;
      })
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(run, everyMs);
        timer.unref();
      });
  }
  run();
  return {
    check,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
