// The week's visits and leads as the owner reads them: the desk's Visits screen shows
// it, the Monday email and `npm run report` print it. Made on the servers' side from
// the visit counts, messages and reviews; browser-safe types only.

/** One period's numbers. */
export interface VisitTotals {
  /** People, each counted once a day (a daily-salted hash; see the privacy page). */
  visitors: number;
  /** Visits started (a visitor may come back later the same day: two visits). */
  visits: number;
  /** Pages seen. */
  views: number;
  /** Taps on a call link. */
  calls: number;
  /** Contact messages received (not spam). */
  messages: number;
  /** Reviews left (not spam). */
  reviews: number;
}

export interface VisitDay {
  /** YYYY-MM-DD on the business's clock. */
  day: string;
  visitors: number;
  calls: number;
  messages: number;
}

/** A line of a top list: `count` in the week, `previous` in the week before. */
export interface RankedLine {
  label: string;
  /** The page it stands for, when it is one. */
  path?: string;
  count: number;
  previous: number;
}

/** A town or service with the leads attributed to it: calls and messages. */
export interface LeadLine {
  label: string;
  path?: string;
  calls: number;
  messages: number;
}

/** One lead as it came in, newest first: where its visit started and came from. */
export interface RecentLead {
  kind: "call" | "message" | "review";
  /** YYYY-MM-DD for calls (counted per day); the time, ISO, for messages and reviews. */
  at: string;
  landingPage?: string;
  /** The referring site's domain, or "direct". */
  source?: string;
  /** Calls: which button; messages: the service asked about; reviews: the rating. */
  detail?: string;
  /** Calls counted that day with the same page, button and origin. */
  count: number;
}

/**
 * How fast the week's messages were answered. A message's answer is the first of: a tap on Call,
 * Text or Email back on it in the desk, or "Mark handled" (the owner answered it some other way).
 * Minutes count the business's opening hours (content/site.json `hours`; every hour when none are
 * given): a message sent on Saturday night and answered at 7:20 on Monday took 20 minutes.
 */
export interface ReplySpeed {
  /** Messages this week (not spam), and how many of them are answered. */
  messages: number;
  answered: number;
  /** The median minutes from a message to its first answer; absent when none was answered. */
  medianMinutes?: number;
  /** The same for the week before. */
  previousMedianMinutes?: number;
  /** This week's messages not answered after more than an hour (of opening hours) by now, the longest wait first. */
  waiting: Array<{ id: string; name: string; at: string; waitedMinutes: number }>;
  /** What the minutes count. */
  counted: "opening hours" | "every hour";
}

export interface VisitSummary {
  /** The week: seven days ending `to` (both included), and the seven before. */
  week: { from: string; to: string };
  previousWeek: { from: string; to: string };
  totals: { week: VisitTotals; previous: VisitTotals };
  /** Each day of the week, and the same weekday of the week before. */
  days: Array<VisitDay & { previous: VisitDay }>;
  topPages: RankedLine[];
  /** Where visits came from, by referring site: "google.com", "facebook.com", "direct". */
  topReferrers: RankedLine[];
  /** Towns by leads: the town page a visit started on (or a call was made from). */
  topTowns: LeadLine[];
  /** Services by leads: the service a message asked about, else the service page the visit started on. */
  topServices: LeadLine[];
  /** Visitors by device this week. */
  devices: { phone: number; tablet: number; desktop: number };
  /** The week's leads, newest first (at most 20). */
  recentLeads: RecentLead[];
  /** How fast messages were answered. */
  replies: ReplySpeed;
}
