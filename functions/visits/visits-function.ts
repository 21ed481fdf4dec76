// Everything the servers run for issue 30, put together: the beacon endpoint and its
// counter, the summary the desk and `npm run report` read, and the Monday email.
// functions/contact/app.ts (createContactFunction) mounts it beside the forms.
import { stat } from "node:fs/promises";
import path from "node:path";
import type express from "express";
import { parseKeptFor } from "../../src/content/kept-for";
import type { Site } from "../../src/content/site";
import type { VisitSummary } from "../../src/content/visit-summary";
import { matchRoute } from "../../src/routes";
import { businessDay, type BusinessDay } from "../../src/format/business-time";
import { consoleLogger, type Logger } from "../logger";
import type { TrustProxy } from "../http/trust-proxy";
import type { VisitsStore } from "../store/visits-store";
import { createEventApp } from "./app";
import { loadSummaryNames, summaryFor, type SummarySources } from "./report";
import { createVisitCounter } from "./visit-counter";
import { startWeeklyMail, type WeeklyReport } from "./weekly-mail";

export interface VisitsFunctionOptions {
  visits: VisitsStore;
  site: Site;
  /** content/site.json as it is now, for the Monday email's name (default: `site`). */
  currentSite?: () => Promise<Site>;
  contentDir: string;
  /** The built site the servers serve: a path is a page when the build wrote it. */
  distDir: string;
  leads: SummarySources["leads"];
  /** Hands the Monday email to the outbox; without it no email is sent (the function running alone on a test). */
  queueReport?: (report: WeeklyReport) => Promise<void>;
  trustProxy?: TrustProxy;
  /** Beacons per client per minute (default 60); 0 turns the limit off. */
  rateLimit?: number;
  clock?: () => number;
  logger?: Logger;
}

export interface VisitsFunction {
  /** POST /api/event. */
  app: express.Express;
  /** The week of seven days ending `to` (default today), counts held in memory written first. */
  summary(to?: BusinessDay): Promise<VisitSummary>;
  close(): Promise<void>;
}

const isFile = (file: string) =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );

/**
 * Whether the build in `distDir` has a page at `pagePath` (already checked to be a plain
 * path: visit-counter.ts pagePath). Where there is no build beside the function (a static
 * host serves the pages), a path the route table takes counts as a page: a made-up blog
 * address then gets a line of its own, within the day's limit on lines.
 */
export function pagesIn(distDir: string, clock: () => number = Date.now): (pagePath: string) => Promise<boolean> {
  // Whether there is a build at all: looked at again after a minute, not for every beacon.
  let built: { at: number; found: Promise<boolean> } | undefined;
  return async (pagePath) => {
    if (!built || clock() - built.at > 60_000) built = { at: clock(), found: isFile(path.join(distDir, "index.html")) };
    if (!(await built.found)) return matchRoute(pagePath).path !== "*";
    return isFile(path.join(distDir, pagePath === "/" ? "" : pagePath.slice(1), "index.html"));
  };
}

export async function createVisitsFunction(options: VisitsFunctionOptions): Promise<VisitsFunction> {
  const { visits, site, clock = Date.now, logger = consoleLogger } = options;
  const keptFor = parseKeptFor(site.visitsKeptFor);
  // The site schema refuses anything else; this keeps the type honest.
  if (!keptFor) throw new Error(`content/site.json: visitsKeptFor: cannot read "${site.visitsKeptFor}"`);
  const counter = createVisitCounter({
    store: visits,
    site: new URL(site.url).hostname,
    timeZone: site.timeZone,
    keptFor,
    isPage: pagesIn(options.distDir, clock),
    clock,
    logger,
  });
  const sources: SummarySources = { visits, leads: options.leads, names: () => loadSummaryNames(options.contentDir, logger), timeZone: site.timeZone, now: clock };
  const summary = async (to = businessDay(clock(), site.timeZone)) => {
    await counter.flush();
    return summaryFor(to, sources);
  };
  const queueReport = options.queueReport;
  const weekly = queueReport && startWeeklyMail({ visits, summary, queue: queueReport, siteName: async () => (await (options.currentSite?.() ?? site)).name, timeZone: site.timeZone, clock, logger });
  return {
    app: createEventApp({ counter, siteUrl: site.url, trustProxy: options.trustProxy, rateLimit: options.rateLimit, clock, logger }),
    summary,
    async close() {
      weekly?.stop();
      await counter.close();
    },
  };
}
