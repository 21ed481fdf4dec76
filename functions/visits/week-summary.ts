// The week's summary (src/content/visit-summary.ts) from the visit counts, messages and
// reviews of fourteen days. Pure: the desk, the Monday email and `npm run report` read
// their data and call this.
import { addDays, businessDay, startOfBusinessDay, type BusinessDay } from "../../src/format/business-time";
import type { LeadLine, RankedLine, RecentLead, ReplySpeed, VisitDay, VisitSummary, VisitTotals } from "../../src/content/visit-summary";
import { hasOpeningTimes, median, openMinutesBetween, type HoursRow } from "../../src/format/open-hours";
import type { VisitCount } from "../store/visits-store";
import { DIRECT, isNamedSource, OTHER_SOURCE } from "./classify";
import { OTHER_PATH } from "./visit-counter";

/** A contact message or review as the summary needs it: when, what about, and where its visit started. */
export interface LeadRecord {
  createdAt: string;
  /** Contact messages: who, and the first answer, if any (store.messages: MessageItem). */
  id?: string;
  name?: string;
  answered?: { at: string };
  /** Contact messages: the serviceType chosen. */
  serviceType?: string;
  /** Reviews: the stars. */
  rating?: number;
  landingPage?: string;
  /** The referring site's domain as stored ("google.com", "direct"). */
  referrer?: string;
}

/** What names pages: the towns and services of content/ and the form's service labels; and the opening hours the reply times count. */
export interface SummaryNames {
  towns: ReadonlyArray<{ slug: string; name: string }>;
  services: ReadonlyArray<{ slug: string; title: string; serviceType: string }>;
  /** content/site.json `hours`; absent: every hour counts. */
  hours?: readonly HoursRow[];
}

export interface SummaryInput {
  /** The last day of the week (included). */
  to: BusinessDay;
  timeZone: string;
  /** Counts of the fourteen days ending `to`. */
  counts: readonly VisitCount[];
  messages: readonly LeadRecord[];
  reviews: readonly LeadRecord[];
  names: SummaryNames;
  /** Now, for how long unanswered messages have waited (default: the end of `to`). */
  now?: number;
}

const TOP = 5;
/** Different visitors (addresses) that must come from a site in a day before it is named: one sender making up a referrer (referrer spam) is not. */
export const LISTED_AFTER_VISITORS = 3;

export function weekSummary(input: SummaryInput): VisitSummary {
  const { to, timeZone, counts, names } = input;
  const from = addDays(to, -6);
  const previousTo = addDays(to, -7);
  const previousFrom = addDays(to, -13);
  const inWeek = (day: string) => day >= from && day <= to;
  const inPrevious = (day: string) => day >= previousFrom && day <= previousTo;
  const dayOf = (lead: LeadRecord) => businessDay(new Date(lead.createdAt), timeZone);
  const messages = input.messages.filter((m) => inWeek(dayOf(m)) || inPrevious(dayOf(m)));
  const reviews = input.reviews.filter((r) => inWeek(dayOf(r)) || inPrevious(dayOf(r)));
  const label = pageLabels(names);
  const shown = shownSources(counts);

  const totals = (within: (day: string) => boolean): VisitTotals => ({
    visitors: sumOf(counts, (c) => c.kind === "visitor" && within(c.day)),
    visits: sumOf(counts, (c) => c.kind === "visit" && within(c.day)),
    views: sumOf(counts, (c) => c.kind === "view" && within(c.day)),
    calls: sumOf(counts, (c) => c.kind === "call" && within(c.day)),
    messages: messages.filter((m) => within(dayOf(m))).length,
    reviews: reviews.filter((r) => within(dayOf(r))).length,
  });

  const dayLine = (day: string): VisitDay => ({
    day,
    visitors: sumOf(counts, (c) => c.kind === "visitor" && c.day === day),
    calls: sumOf(counts, (c) => c.kind === "call" && c.day === day),
    messages: messages.filter((m) => dayOf(m) === day).length,
  });

  const ranked = (kind: VisitCount["kind"], by: (c: VisitCount) => string, labelOf: (key: string) => { label: string; path?: string }): RankedLine[] => {
    const week = tally(counts.filter((c) => c.kind === kind && inWeek(c.day)), by);
    const previous = tally(counts.filter((c) => c.kind === kind && inPrevious(c.day)), by);
    return top([...week.entries()].map(([key, count]) => ({ ...labelOf(key), count, previous: previous.get(key) ?? 0 })), (line) => line.count);
  };

  // Leads this week: calls by their landing page (else where they were made), messages by theirs.
  const weekCalls = counts.filter((c) => c.kind === "call" && inWeek(c.day));
  const weekMessages = messages.filter((m) => inWeek(dayOf(m)));
  const leadsBy = (placeOfCall: (c: VisitCount) => { label: string; path?: string } | undefined, placeOfMessage: (m: LeadRecord) => { label: string; path?: string } | undefined) => {
    const lines = new Map<string, LeadLine>();
    const line = (place: { label: string; path?: string }) => {
      const known = lines.get(place.label) ?? { ...place, calls: 0, messages: 0 };
      lines.set(place.label, known);
      return known;
    };
    for (const c of weekCalls) {
      const place = placeOfCall(c);
      if (place) line(place).calls += c.count;
    }
    for (const m of weekMessages) {
      const place = placeOfMessage(m);
      if (place) line(place).messages += 1;
    }
    return top([...lines.values()], (l) => l.calls + l.messages);
  };
  const townOf = (path: string | undefined) => (path ? label.town(path) : undefined);
  const serviceOfPath = (path: string | undefined) => (path ? label.service(path) : undefined);

  return {
    week: { from, to },
    previousWeek: { from: previousFrom, to: previousTo },
    totals: { week: totals(inWeek), previous: totals(inPrevious) },
    days: Array.from({ length: 7 }, (_, i) => ({ ...dayLine(addDays(from, i)), previous: dayLine(addDays(previousFrom, i)) })),
    topPages: ranked("view", (c) => c.path, (path) => ({ label: label.page(path), ...(path === OTHER_PATH ? {} : { path }) })),
    // A site not listed that day counts with the other sites.
    topReferrers: ranked("visit", (c) => shown(c.day, c.source) ?? OTHER_SOURCE, (source) => ({ label: sourceLabel(source) })),
    topTowns: leadsBy(
      (c) => townOf(c.landing) ?? townOf(c.path),
      (m) => townOf(m.landingPage),
    ),
    topServices: leadsBy(
      (c) => serviceOfPath(c.landing) ?? serviceOfPath(c.path),
      (m) => label.serviceType(m.serviceType) ?? serviceOfPath(m.landingPage),
    ),
    devices: {
      phone: sumOf(counts, (c) => c.kind === "visitor" && c.device === "phone" && inWeek(c.day)),
      tablet: sumOf(counts, (c) => c.kind === "visitor" && c.device === "tablet" && inWeek(c.day)),
      desktop: sumOf(counts, (c) => c.kind === "visitor" && c.device === "desktop" && inWeek(c.day)),
    },
    recentLeads: recentLeads(weekCalls, weekMessages, reviews.filter((r) => inWeek(dayOf(r))), label, (day, source) => (source === undefined ? undefined : shown(day, source)), dayOf),
    replies: replySpeed(weekMessages, messages.filter((m) => inPrevious(dayOf(m))), {
      hours: names.hours,
      timeZone,
      now: input.now ?? startOfBusinessDay(addDays(to, 1), timeZone),
    }),
  };
}

/** A message waits too long past this many minutes of opening hours. */
const WAIT_LIMIT_MINUTES = 60;

function replySpeed(week: readonly LeadRecord[], previous: readonly LeadRecord[], context: { hours?: readonly HoursRow[]; timeZone: string; now: number }): ReplySpeed {
  const waited = (from: string, to: number) => openMinutesBetween(Date.parse(from), to, context.hours, context.timeZone);
  const replyMinutes = (messages: readonly LeadRecord[]) => messages.flatMap((m) => (m.answered ? [waited(m.createdAt, Date.parse(m.answered.at))] : []));
  const thisWeek = median(replyMinutes(week));
  const weekBefore = median(replyMinutes(previous));
  const waiting = week
    .filter((m) => !m.answered)
    .map((m) => ({ id: m.id ?? "", name: m.name ?? "", at: m.createdAt, waitedMinutes: Math.round(waited(m.createdAt, context.now)) }))
    .filter((m) => m.waitedMinutes > WAIT_LIMIT_MINUTES)
    .sort((a, b) => b.waitedMinutes - a.waitedMinutes);
  return {
    messages: week.length,
    answered: week.filter((m) => m.answered).length,
    ...(thisWeek !== undefined ? { medianMinutes: Math.round(thisWeek) } : {}),
    ...(weekBefore !== undefined ? { previousMedianMinutes: Math.round(weekBefore) } : {}),
    waiting,
    counted: hasOpeningTimes(context.hours) ? "opening hours" : "every hour",
  };
}

/**
 * Which referring sites may be named on a day: those known by name (classify.ts), and any other
 * once LISTED_AFTER_VISITORS different visitors came from it that day (its `referred` counts).
 * The one rule for the desk, the Monday email and `npm run report`, which all show this summary.
 */
function shownSources(counts: readonly VisitCount[]): (day: string, source: string) => string | undefined {
  const referred = tally(counts.filter((c) => c.kind === "referred"), (c) => `${c.day}\u0000${c.source}`);
  return (day, source) => (isNamedSource(source) || (referred.get(`${day}\u0000${source}`) ?? 0) >= LISTED_AFTER_VISITORS ? source : undefined);
}

function recentLeads(
  calls: readonly VisitCount[],
  messages: readonly LeadRecord[],
  reviews: readonly LeadRecord[],
  label: ReturnType<typeof pageLabels>,
  shown: (day: string, source: string | undefined) => string | undefined,
  dayOf: (lead: LeadRecord) => string,
): RecentLead[] {
  // A lead keeps its page; a referring site not listed that day is left unnamed.
  const origin = (landingPage: string | undefined, source: string | undefined) => ({
    ...(landingPage && landingPage !== OTHER_PATH ? { landingPage } : {}),
    ...(source ? { source } : {}),
  });
  const leads: RecentLead[] = [
    ...calls.map((c): RecentLead => ({ kind: "call", at: c.day, ...origin(c.landing, shown(c.day, c.source)), ...(c.button ? { detail: c.button } : {}), count: c.count })),
    ...messages.map((m): RecentLead => ({ kind: "message", at: m.createdAt, ...origin(m.landingPage, shown(dayOf(m), m.referrer)), ...detail(label.serviceType(m.serviceType)?.label), count: 1 })),
    ...reviews.map((r): RecentLead => ({ kind: "review", at: r.createdAt, ...origin(r.landingPage, shown(dayOf(r), r.referrer)), ...detail(r.rating ? `${r.rating} stars` : undefined), count: 1 })),
  ];
  // ISO times and days sort alike; a call's day sorts before that day's messages.
  return leads.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, 20);
}

const detail = (text: string | undefined) => (text ? { detail: text } : {});

/** Names for paths, from the towns and services in content/. */
function pageLabels(names: SummaryNames) {
  const towns = new Map(names.towns.map((t) => [`/locations/${t.slug}`, t.name]));
  const services = new Map(names.services.map((s) => [`/services/${s.slug}`, s.title]));
  const byType = new Map(names.services.map((s) => [s.serviceType, { label: s.title, path: `/services/${s.slug}` }]));
  return {
    town: (path: string) => {
      const name = towns.get(path);
      return name ? { label: name, path } : undefined;
    },
    service: (path: string) => {
      const title = services.get(path);
      return title ? { label: title, path } : undefined;
    },
    serviceType: (value: string | undefined) => (value ? byType.get(value) : undefined),
    page: (path: string) => {
      if (path === "/") return "Home page";
      if (path === OTHER_PATH) return "Other addresses (not pages of the site)";
      const town = towns.get(path);
      if (town) return `${town} town page`;
      return services.get(path) ?? path;
    },
  };
}

function sumOf(counts: readonly VisitCount[], keep: (c: VisitCount) => boolean): number {
  let total = 0;
  for (const c of counts) if (keep(c)) total += c.count;
  return total;
}

function tally(counts: readonly VisitCount[], by: (c: VisitCount) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of counts) out.set(by(c), (out.get(by(c)) ?? 0) + c.count);
  return out;
}

/** The first TOP by `score`, highest first; ties keep their order. */
function top<T>(lines: T[], score: (line: T) => number): T[] {
  return lines.filter((line) => score(line) > 0).sort((a, b) => score(b) - score(a)).slice(0, TOP);
}

/** How the owner reads a referring site: "direct" is none, "other" stands for many. */
export function sourceLabel(source: string): string {
  if (source === DIRECT) return "Direct (typed, bookmarked or from an app)";
  if (source === OTHER_SOURCE) return "Other sites";
  return source;
}
