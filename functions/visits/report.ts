// Reading the week's summary (src/content/visit-summary.ts) from the store: the desk's
// Visits screen, `npm run report` and the Monday email all come through here.
import path from "node:path";
import { addDays, startOfBusinessDay, type BusinessDay } from "../../src/format/business-time";
import type { VisitSummary } from "../../src/content/visit-summary";
import { loadLocations } from "../../src/content/locations";
import { loadServices } from "../../src/content/services";
import { loadSite } from "../../src/content/load-content";
import { consoleLogger, type Logger } from "../logger";
import type { Store } from "../store/store";
import type { VisitsStore } from "../store/visits-store";
import { weekSummary, type LeadRecord, type SummaryNames } from "./week-summary";

export interface SummarySources {
  visits: Pick<VisitsStore, "counts">;
  /** Contact messages and reviews received since `since` (spam left out). */
  leads(since: BusinessDay): Promise<{ messages: LeadRecord[]; reviews: LeadRecord[] }>;
  /** The towns' and services' names and the opening hours, read for each summary (loadSummaryNames). */
  names(): Promise<SummaryNames>;
  timeZone: string;
  /** Now (default Date.now): how long unanswered messages have waited. */
  now?: () => number;
}

/** The summary of the seven days ending `to`, against the seven before. */
export async function summaryFor(to: BusinessDay, sources: SummarySources): Promise<VisitSummary> {
  const from = addDays(to, -13);
  const [counts, leads, names] = await Promise.all([sources.visits.counts(from, to), sources.leads(from), sources.names()]);
  return weekSummary({ to, timeZone: sources.timeZone, counts, ...leads, names, now: (sources.now ?? Date.now)() });
}

/**
 * The contact messages and reviews received since the start of `since` (business time),
 * spam left out, from the store: messages a page at a time from the newest, until a whole
 * page is older (a message rescued from the spam is listed among the newest though older).
 */
export function leadsIn(store: Pick<Store, "messages" | "reviews">, timeZone: string): SummarySources["leads"] {
  return async (since) => {
    const cutoff = startOfBusinessDay(since, timeZone);
    const recent = (item: { createdAt: string }) => Date.parse(item.createdAt) >= cutoff;
    const messages: LeadRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.messages.list({ limit: 100, cursor });
      const found = page.items.filter(recent);
      messages.push(...found);
      cursor = found.length > 0 ? page.next : undefined;
    } while (cursor);
    // Reviews are few (review-store.ts lists them whole).
    const reviews = (await store.reviews.list()).filter(recent);
    return { messages, reviews };
  };
}

/**
 * The towns' and services' names from content/, which label pages in the summary, and the
 * opening hours the reply times count. A content mistake (the live site keeps its last good
 * build) leaves pages named by their address and every hour counted: the summary still comes.
 */
export async function loadSummaryNames(contentDir: string, logger: Logger = consoleLogger): Promise<SummaryNames> {
  try {
    const [towns, services, site] = await Promise.all([loadLocations(path.join(contentDir, "locations")), loadServices(path.join(contentDir, "services")), loadSite(contentDir)]);
    return {
      towns: towns.map((t) => ({ slug: t.slug, name: t.name })),
      services: services.map((s) => ({ slug: s.slug, title: s.title, serviceType: s.serviceType })),
      hours: site.hours,
    };
  } catch (error) {
    logger.warn(`visits: towns and services could not be read, pages are named by their address (${error instanceof Error ? error.message : String(error)})`);
    return { towns: [], services: [] };
  }
}
