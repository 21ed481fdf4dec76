import { describe, expect, it, vi } from "vitest";
import { startOfBusinessDay } from "../../src/format/business-time";
import { contentDir, makeTempDir, recordingLogger, visitCount } from "../../tests/test-support";
import { createVisitsFiles } from "../store/files/visits-files";
import type { VisitCount } from "../store/visits-store";
import { loadSummaryNames } from "./report";
import { change } from "../../src/format/visit-words";
import { summaryHtml, summaryText } from "./summary-text";
import { weekSummary } from "./week-summary";
import { startWeeklyMail, type WeeklyReport } from "./weekly-mail";

const NY = "America/New_York";
const names = await loadSummaryNames(contentDir);


// The week of Mon Jun 2 to Sun Jun 8 2025, and the one before.
const counts: VisitCount[] = [
  visitCount("2025-06-03", "visitor", { count: 4 }),
  visitCount("2025-06-03", "visitor", { device: "desktop", count: 2 }),
  visitCount("2025-06-03", "view", { path: "/locations/irmo-sc", source: "google.com", count: 5 }),
  visitCount("2025-06-03", "view", { path: "/", source: "direct", count: 2 }),
  visitCount("2025-06-03", "visit", { path: "/locations/irmo-sc", source: "google.com", count: 3 }),
  visitCount("2025-06-04", "visit", { path: "/", source: "direct", count: 1 }),
  visitCount("2025-06-04", "call", { path: "/contact", source: "google.com", landing: "/locations/irmo-sc", button: "header", count: 2 }),
  visitCount("2025-06-05", "call", { path: "/services/stump-removal", source: "facebook.com", landing: "/services/stump-removal", button: "floating" }),
  visitCount("2025-05-28", "visitor", { count: 3 }),
  visitCount("2025-05-28", "view", { path: "/locations/irmo-sc", source: "google.com", count: 1 }),
  visitCount("2025-05-28", "visit", { path: "/locations/irmo-sc", source: "google.com", count: 1 }),
];
const messages = [
  { createdAt: "2025-06-04T14:30:00.000Z", serviceType: "tree-removal", landingPage: "/locations/irmo-sc", referrer: "google.com" },
  { createdAt: "2025-05-30T14:30:00.000Z", serviceType: "other" },
  // Sunday 11 PM in New York is Monday in UTC: the business's clock decides the day.
  { createdAt: "2025-06-09T03:00:00.000Z", serviceType: "other" },
];
const reviews = [{ createdAt: "2025-06-06T12:00:00.000Z", rating: 5, landingPage: "/reviews", referrer: "direct" }];

describe("the week's summary", () => {
  const summary = weekSummary({ to: "2025-06-08", timeZone: NY, counts, messages, reviews, names });

  it("adds up the week against the week before, by the business's days", () => {
    expect(summary.week).toEqual({ from: "2025-06-02", to: "2025-06-08" });
    expect(summary.previousWeek).toEqual({ from: "2025-05-26", to: "2025-06-01" });
    expect(summary.totals.week).toEqual({ visitors: 6, visits: 4, views: 7, calls: 3, messages: 2, reviews: 1 });
    expect(summary.totals.previous).toEqual({ visitors: 3, visits: 1, views: 1, calls: 0, messages: 1, reviews: 0 });
    expect(summary.days.map((d) => [d.day, d.visitors, d.calls, d.messages, d.previous.day])).toEqual([
      ["2025-06-02", 0, 0, 0, "2025-05-26"],
      ["2025-06-03", 6, 0, 0, "2025-05-27"],
      ["2025-06-04", 0, 2, 1, "2025-05-28"],
      ["2025-06-05", 0, 1, 0, "2025-05-29"],
      ["2025-06-06", 0, 0, 0, "2025-05-30"],
      ["2025-06-07", 0, 0, 0, "2025-05-31"],
      ["2025-06-08", 0, 0, 1, "2025-06-01"],
    ]);
    expect(summary.devices).toEqual({ phone: 4, tablet: 0, desktop: 2 });
  });

  it("ranks pages and referring sites, and credits leads to the town and service they started on", () => {
    expect(summary.topPages).toEqual([
      { label: "Irmo town page", path: "/locations/irmo-sc", count: 5, previous: 1 },
      { label: "Home page", path: "/", count: 2, previous: 0 },
    ]);
    expect(summary.topReferrers.map((l) => [l.label, l.count, l.previous])).toEqual([
      ["google.com", 3, 1],
      ["Direct (typed, bookmarked or from an app)", 1, 0],
    ]);
    expect(summary.topTowns).toEqual([{ label: "Irmo", path: "/locations/irmo-sc", calls: 2, messages: 1 }]);
    expect(summary.topServices.map((l) => [l.label, l.calls, l.messages])).toEqual([
      ["Stump Removal & Grinding", 1, 0],
      ["Tree Removal", 0, 1],
    ]);
    expect(summary.recentLeads[0]).toMatchObject({ kind: "message", at: "2025-06-09T03:00:00.000Z" });
  });

  it("reads as text and as an email: numbers, changes, and where each lead came from", () => {
    const text = summaryText(summary, "Cedar Ridge Tree Service", NY);
    expect(text).toContain("Mon, Jun 2 to Sun, Jun 8");
    expect(text).toMatch(/Visitors\s+6\s+3\s+\+100%/);
    expect(text).toMatch(/Irmo\s+2 call taps, 1 message/);
    expect(text).toContain("Wed, Jun 4: 2 call taps (header button), came from /locations/irmo-sc via google.com");
    expect(text).toMatch(/Message about Tree Removal, came from \/locations\/irmo-sc via google\.com/);
    const html = summaryHtml(summary, "Cedar Ridge Tree Service", NY);
    expect(html).toContain("came from /locations/irmo-sc via google.com");
    expect(change(3, 0)).toBe("new");
    expect(change(3, 4)).toBe("-25%");
  });

  it("says how fast the week's messages were answered, in opening hours, and which still wait past an hour", () => {
    const message = (id: string, createdAt: string, answeredAt?: string) => ({ id, name: `Sender ${id}`, createdAt, serviceType: "other", ...(answeredAt ? { answered: { at: answeredAt } } : {}) });
    const week = [
      // Tuesday 9:00, answered 9:12: 12 minutes.
      message("a", "2025-06-03T13:00:00.000Z", "2025-06-03T13:12:00.000Z"),
      // Saturday 9 PM, answered Monday 7:20 (the next week's Monday, still this summary's message): 20 minutes of opening hours.
      message("b", "2025-06-08T01:00:00.000Z", "2025-06-09T11:20:00.000Z"),
      // Wednesday 10:00, answered 13:30: 210 minutes.
      message("c", "2025-06-04T14:00:00.000Z", "2025-06-04T17:30:00.000Z"),
      // Friday 5:30 PM, not answered: by Saturday 9:00 (now) 30 + 60 minutes of opening hours.
      message("d", "2025-06-06T21:30:00.000Z"),
      // Saturday 8:30, not answered: 30 minutes by 9:00, not late yet.
      message("e", "2025-06-07T12:30:00.000Z"),
      // The week before: answered in 40 minutes.
      message("f", "2025-05-28T13:00:00.000Z", "2025-05-28T13:40:00.000Z"),
    ];
    const now = Date.parse("2025-06-07T13:00:00.000Z");
    const { replies } = weekSummary({ to: "2025-06-08", timeZone: NY, counts: [], messages: week, reviews: [], names, now });
    expect(replies).toEqual({
      messages: 5,
      answered: 3,
      medianMinutes: 20,
      previousMedianMinutes: 40,
      waiting: [{ id: "d", name: "Sender d", at: "2025-06-06T21:30:00.000Z", waitedMinutes: 90 }],
      counted: "opening hours",
    });
    const text = summaryText(weekSummary({ to: "2025-06-08", timeZone: NY, counts: [], messages: week, reviews: [], names, now }), "Cedar Ridge Tree Service", NY);
    expect(text).toContain("Half the messages were answered within 20 min (week before: 40 min); 3 of 5 messages answered.");
    expect(text).toContain("Still waiting for an answer after more than an hour:\n    Sender d, Jun 6, 2025, 5:30 PM EDT: waiting 1 h 30 min");
    expect(text).toContain("times count your opening hours only");
    const html = summaryHtml(weekSummary({ to: "2025-06-08", timeZone: NY, counts: [], messages: week, reviews: [], names, now }), "Cedar Ridge Tree Service", NY);
    expect(html).toContain("<li>Sender d, Jun 6, 2025, 5:30 PM EDT: waiting 1 h 30 min</li>");
    // Without opening times every hour counts.
    const allHours = weekSummary({ to: "2025-06-08", timeZone: NY, counts: [], messages: week, reviews: [], names: { ...names, hours: undefined }, now });
    expect(allHours.replies).toMatchObject({ medianMinutes: 210, counted: "every hour" });
  });

  it("still comes when content/ cannot be read: pages are named by their address", async () => {
    const logger = recordingLogger();
    const unnamed = await loadSummaryNames("/nonexistent-content", logger);
    expect(unnamed).toEqual({ towns: [], services: [] });
    expect(logger.warnings.join("\n")).toMatch(/named by their address/);
    const plain = weekSummary({ to: "2025-06-08", timeZone: NY, counts, messages, reviews, names: unnamed });
    expect(plain.topPages[0]).toMatchObject({ label: "/locations/irmo-sc", count: 5 });
  });
});

describe("referring sites", () => {
  it("names a site nobody knows by name only on the days three different visitors came from it; the known ones always", () => {
    const small = "chapin-news.example";
    const spam = "call-now-555-0199-free-quote.example";
    const week: VisitCount[] = [
      // Three visitors on Tuesday, two on Wednesday: Tuesday's visits name it, Wednesday's are "Other sites".
      visitCount("2025-06-03", "referred", { source: small, device: "", count: 3 }),
      visitCount("2025-06-03", "visit", { path: "/", source: small, count: 3 }),
      visitCount("2025-06-04", "referred", { source: small, device: "", count: 2 }),
      visitCount("2025-06-04", "visit", { path: "/", source: small, count: 2 }),
      // One sender, many beacons; and one known by name, with a single visitor.
      visitCount("2025-06-04", "referred", { source: spam, device: "", count: 1 }),
      visitCount("2025-06-04", "visit", { path: "/", source: spam, count: 40 }),
      visitCount("2025-06-04", "call", { path: "/", source: spam, landing: "/", button: "header" }),
      visitCount("2025-06-05", "visit", { path: "/", source: "nextdoor.com" }),
    ];
    const leads = [{ createdAt: "2025-06-04T14:30:00.000Z", serviceType: "tree-removal", landingPage: "/", referrer: spam }];
    const summary = weekSummary({ to: "2025-06-08", timeZone: NY, counts: week, messages: leads, reviews: [], names });
    expect(summary.topReferrers.map((l) => [l.label, l.count])).toEqual([
      ["Other sites", 42],
      [small, 3],
      ["nextdoor.com", 1],
    ]);
    expect(summary.recentLeads.map((lead) => [lead.kind, lead.source])).toEqual([
      ["message", undefined],
      ["call", undefined],
    ]);
    const text = summaryText(summary, "Cedar Ridge Tree Service", NY);
    expect(text).not.toContain(spam);
    expect(summaryHtml(summary, "Cedar Ridge Tree Service", NY)).not.toContain(spam);
  });
});

describe("the Monday email", () => {
  // Read when the email is made: the desk may rename the business while the server runs.
  let siteName = "Cedar Ridge Tree Service";
  async function weekly(at: string, dir: string) {
    const queued: WeeklyReport[] = [];
    const visits = createVisitsFiles({ dataDir: dir, clock: Date.now, logger: recordingLogger() });
    const mail = startWeeklyMail({
      visits,
      summary: async (to) => weekSummary({ to, timeZone: NY, counts, messages, reviews, names }),
      queue: async (report) => void queued.push(report),
      siteName: async () => siteName,
      timeZone: NY,
      clock: () => Date.parse(at),
      logger: recordingLogger(),
    });
    return { queued, mail, visits, close: async () => (mail.stop(), await visits.close()) };
  }

  it("goes out once on Monday morning, business time, for the week that ended on Sunday, also across a restart", async () => {
    const { dir, cleanup } = await makeTempDir();
    try {
      const early = await weekly("2025-06-09T10:59:00Z", dir); // 6:59 AM in New York
      expect(await early.mail.check()).toBe(false);
      await early.close();
      expect(early.queued).toEqual([]);

      const monday = await weekly("2025-06-09T11:01:00Z", dir);
      await monday.mail.check();
      expect(await monday.mail.check()).toBe(false);
      await monday.close();
      expect(monday.queued.map((r) => r.id)).toEqual(["weekly-summary-2025-06-09"]);
      expect(monday.queued[0]?.subject).toBe("Cedar Ridge Tree Service website, week of Mon, Jun 2: 6 visitors, 3 call taps, 2 messages");
      expect(monday.queued[0]?.text).toContain("Mon, Jun 2 to Sun, Jun 8");

      // A restart later that week sends nothing more; the next Monday sends the next week.
      const restart = await weekly("2025-06-11T15:00:00Z", dir);
      expect(await restart.mail.check()).toBe(false);
      await restart.close();
      const next = await weekly(new Date(startOfBusinessDay("2025-06-16", NY) + 8 * 3_600_000).toISOString(), dir);
      await next.close();
      expect([...restart.queued, ...next.queued].map((r) => r.id)).toEqual(["weekly-summary-2025-06-16"]);
    } finally {
      await cleanup();
    }
  });

  it("names the business as it is called when the email is made", async () => {
    const { dir, cleanup } = await makeTempDir();
    try {
      const monday = await weekly("2025-06-09T11:01:00Z", dir);
      siteName = "Cedar Ridge Tree Care";
      await monday.mail.check();
      await monday.close();
      expect(monday.queued[0]?.subject).toMatch(/^Cedar Ridge Tree Care website, week of Mon, Jun 2/);
    } finally {
      siteName = "Cedar Ridge Tree Service";
      await cleanup();
    }
  });

  it("is tried again an hour after the store failed, and then goes out", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const queued: WeeklyReport[] = [];
    const logger = recordingLogger();
    let claims = 0;
    const mail = startWeeklyMail({
      visits: {
        async claim() {
          claims += 1;
          if (claims === 1) throw new Error("ENOSPC: no space left on device");
          return true;
        },
      },
      summary: async (to) => weekSummary({ to, timeZone: NY, counts, messages, reviews, names }),
      queue: async (report) => void queued.push(report),
      siteName: async () => siteName,
      timeZone: NY,
      clock: () => Date.parse("2025-06-09T12:00:00Z"),
      logger,
    });
    try {
      await vi.waitFor(() => expect(logger.errors.join("\n")).toMatch(/ENOSPC.*trying again in an hour/));
      expect(queued).toEqual([]);
      await vi.advanceTimersByTimeAsync(3_599_000);
      expect(queued).toEqual([]);
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(queued.map((r) => r.id)).toEqual(["weekly-summary-2025-06-09"]));
    } finally {
      mail.stop();
      vi.useRealTimers();
    }
  });

  it("is not sent for two weeks with nothing counted (a site just set up), and is not marked sent", async () => {
    const { dir, cleanup } = await makeTempDir();
    const visits = createVisitsFiles({ dataDir: dir, clock: Date.now, logger: recordingLogger() });
    const queued: WeeklyReport[] = [];
    const options = {
      visits,
      queue: async (report: WeeklyReport) => void queued.push(report),
      siteName: async () => siteName,
      timeZone: NY,
      clock: () => Date.parse("2025-06-09T12:00:00Z"),
      logger: recordingLogger(),
    };
    try {
      const empty = startWeeklyMail({ ...options, summary: async (to) => weekSummary({ to, timeZone: NY, counts: [], messages: [], reviews: [], names }) });
      expect(await empty.check()).toBe(false);
      empty.stop();
      expect(queued).toEqual([]);
      const counted = startWeeklyMail({ ...options, summary: async (to) => weekSummary({ to, timeZone: NY, counts, messages, reviews, names }) });
      await counted.check();
      counted.stop();
      expect(queued.map((r) => r.id)).toEqual(["weekly-summary-2025-06-09"]);
    } finally {
      await visits.close();
      await cleanup();
    }
  });
});
