// Reading the week's summary (src/content/visit-summary.ts) from the store: the desk's
// Visits screen, `npm run report` and the Monday email all come through here.
import path from "node:path";
import { addDays, type BusinessDay } from "../../src/format/business-time";
import type { VisitSummary } from "../../src/content/visit-summary";
import { loadLocations } from "../../src/content/locations";
import { loadServices } from "../../src/content/services";
import type { VisitsStore } from "../store/visits-store";
import { weekSummary, type LeadRecord, type SummaryNames } from "./week-summary";

export interface SummarySources {
  visits: Pick<VisitsStore, "counts">;
  /** Contact messages and reviews received since `since` (spam left out). */
  leads(since: BusinessDay): Promise<{ messages: LeadRecord[]; reviews: LeadRecord[] }>;
  names: SummaryNames;
  timeZone: string;
}

/** The summary of the seven days ending `to`, against the seven before. */
export async function summaryFor(to: BusinessDay, sources: SummarySources): Promise<VisitSummary> {
  const from = addDays(to, -13);
  const [counts, leads] = await Promise.all([sources.visits.counts(from, to), sources.leads(from)]);
  return weekSummary({ to, timeZone: sources.timeZone, counts, ...leads, names: sources.names });
}

/** The towns' and services' names from content/, which label pages in the summary. */
export async function loadSummaryNames(contentDir: string): Promise<SummaryNames> {
  const [towns, services] = await Promise.all([loadLocations(path.join(contentDir, "locations")), loadServices(path.join(contentDir, "services"))]);
  return {
    towns: towns.map((t) => ({ slug: t.slug, name: t.name })),
    services: services.map((s) => ({ slug: s.slug, title: s.title, serviceType: s.serviceType })),
  };
}
