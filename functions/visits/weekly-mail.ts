// The Monday email: the week that ended on Sunday against the week before, queued once
// per week on Monday morning (business time zone), also across restarts and instances:
// the store records that it was queued (`claim`) before it is handed to the outbox.
import { addDays, businessDay, isoWeekday, startOfBusinessDay, type BusinessDay } from "../../src/format/business-time";
import type { VisitSummary } from "../../src/content/visit-summary";
import { consoleLogger, describeError, type Logger } from "../logger";
import type { VisitsStore } from "../store/visits-store";
import { summaryHtml, summarySubject, summaryText } from "./summary-text";

/** When the email goes out: Monday at 7 AM on the business's clock (before the crew heads out). */
export const WEEKLY_MAIL_HOUR = 7;

export interface WeeklyReport {
  /** Stable per week ("weekly-summary-2025-06-02"): the outbox keeps one job per id. */
  id: string;
  subject: string;
  text: string;
  html: string;
}

export interface WeeklyMailOptions {
  visits: Pick<VisitsStore, "claim">;
  /** The summary of the seven days ending `to`. */
  summary: (to: BusinessDay) => Promise<VisitSummary>;
  /** Hands the email to the outbox (durable once it resolves). */
  queue: (report: WeeklyReport) => Promise<void>;
  /** The business's name when the email is made (the desk may have changed it since the start). */
  siteName: () => Promise<string>;
  timeZone: string;
  clock?: () => number;
  logger?: Logger;
}

export interface WeeklyMail {
  /** Queues this week's email if it is due and nobody has yet; true when this call queued it. */
  check(): Promise<boolean>;
  stop(): void;
}

/** After a failed check, the next one is this much later. */
const RETRY_MS = 3_600_000;

/** Nothing counted in the week nor in the one before: a site just set up, or not counting. */
const isEmptyWeek = (summary: VisitSummary): boolean =>
  [summary.totals.week, summary.totals.previous].every((t) => t.visitors + t.views + t.calls + t.messages + t.reviews === 0);

/** The Monday that starts the week `day` is in. */
export const mondayOf = (day: BusinessDay): BusinessDay => addDays(day, 1 - isoWeekday(day));

export function startWeeklyMail(options: WeeklyMailOptions): WeeklyMail {
  const { visits, summary, queue, siteName, timeZone, clock = Date.now, logger = consoleLogger } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** 7 AM of `monday`, in epoch milliseconds. */
  const sendTime = (monday: BusinessDay) => startOfBusinessDay(monday, timeZone) + WEEKLY_MAIL_HOUR * 3_600_000;

  async function check(): Promise<boolean> {
    const monday = mondayOf(businessDay(clock(), timeZone));
    if (clock() < sendTime(monday)) return false;
    const id = `weekly-summary-${monday}`;
    const week = await summary(addDays(monday, -1));
    // Two weeks of nothing are not worth an email.
    if (isEmptyWeek(week)) return false;
    if (!(await visits.claim(id))) return false;
    const name = await siteName();
    await queue({ id, subject: summarySubject(week, name), text: summaryText(week, name, timeZone), html: summaryHtml(week, name, timeZone) });
    return true;
  }

  /**
   * Checks now, then at the next Monday 7 AM (a day's wait at most, so a changed clock is
   * caught), or in an hour after a failure (a full disk freed, a database back).
   */
  function schedule(failed: boolean): void {
    if (stopped) return;
    const monday = mondayOf(businessDay(clock(), timeZone));
    const next = clock() < sendTime(monday) ? sendTime(monday) : sendTime(addDays(monday, 7));
    const wait = failed ? RETRY_MS : Math.min(Math.max(1_000, next - clock() + 1_000), 86_400_000);
    timer = setTimeout(run, wait);
    timer.unref();
  }

  function run(): void {
    void check().then(
      () => schedule(false),
      (error: unknown) => {
        logger.error(`visits: the weekly summary could not be queued (${describeError(error)}); trying again in an hour`);
        schedule(true);
      },
    );
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
