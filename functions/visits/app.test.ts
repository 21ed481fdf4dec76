import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contentDir, listen, makeTempDir, recordingLogger, waitFor } from "../../tests/test-support";
import { startCluster, type TestCluster } from "../../tests/postgres-cluster";
import { createPostgresStore } from "../store/postgres/postgres-store";
import type { TrustProxy } from "../http/trust-proxy";
import { loadSummaryNames, summaryFor } from "./report";
import { summaryHtml, summaryText } from "./summary-text";
import { VISITS_FILE, VISITS_TODAY_FILE } from "../store/files/file-names";
import { createVisitsFiles } from "../store/files/visits-files";
import type { VisitCount, VisitsStore } from "../store/visits-store";
import { createEventApp } from "./app";
import { createVisitCounter, type VisitCounter } from "./visit-counter";
import { businessDay, startOfBusinessDay } from "../../src/format/business-time";

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PAGES = new Set(["/", "/contact", "/locations/irmo-sc", "/services/tree-removal"]);
const NY = "America/New_York";

interface Harness {
  url: string;
  store: VisitsStore;
  counter: VisitCounter;
  dir: string;
  send(body: unknown, headers?: Record<string, string>): Promise<Response>;
  counts(): Promise<VisitCount[]>;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function start(options: { rateLimit?: number; clock?: () => number; flushMs?: number; store?: VisitsStore; trustProxy?: TrustProxy } = {}): Promise<Harness> {
  const { dir, cleanup } = await makeTempDir();
  const logger = recordingLogger();
  const files = createVisitsFiles({ dataDir: dir, clock: Date.now, logger });
  const store = options.store ?? files;
  const counter = createVisitCounter({
    store,
    site: "cedarridgetree.example",
    timeZone: NY,
    keptFor: { count: 13, unit: "month" },
    isPage: (p) => PAGES.has(p),
    clock: options.clock,
    flushMs: options.flushMs ?? 60_000,
    logger,
  });
  const app = express();
  app.use(createEventApp({ counter, siteUrl: "https://cedarridgetree.example", rateLimit: options.rateLimit, clock: options.clock, trustProxy: options.trustProxy, logger }));
  const server = await listen(app);
  open.push(cleanup, () => files.close(), () => counter.close(), server.close);
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/event`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": PHONE, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    url: server.url,
    store,
    counter,
    dir,
    send,
    async counts() {
      // The answer does not wait for the count; a flush does.
      await counter.flush();
      const today = businessDay(options.clock?.() ?? Date.now(), NY);
      return store.counts(today, today);
    },
  };
}

const sum = (rows: VisitCount[], kind: VisitCount["kind"]) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);
const irmoFromGoogle = { kind: "view", path: "/locations/irmo-sc", referrer: "https://www.google.com/" };

describe("POST /api/event", () => {
  it("counts a view by page, referring site and device, answers 204 with nothing else, and sets no cookie", async () => {
    const h = await start();
    const answer = await h.send(irmoFromGoogle);
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("no-store");
    await h.send({ kind: "view", path: "/contact/", referrer: "https://www.google.com/", landing: "/locations/irmo-sc" });
    const rows = await h.counts();
    const pick = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => [r.path, r.source, r.device, r.count]);
    expect(pick("view")).toEqual([
      ["/locations/irmo-sc", "google.com", "phone", 1],
      ["/contact", "google.com", "phone", 1],
    ]);
    // Only the first view of a visit (no landing page yet) starts one.
    expect(pick("visit")).toEqual([["/locations/irmo-sc", "google.com", "phone", 1]]);
    expect(sum(rows, "visitor")).toBe(1);
  });

  it("counts a call tap with its page, button, landing page and referring site", async () => {
    const h = await start();
    await h.send({ kind: "call", path: "/contact", button: "header", landing: "/locations/irmo-sc", referrer: "https://www.facebook.com/" });
    const [call] = (await h.counts()).filter((r) => r.kind === "call");
    expect(call).toMatchObject({ path: "/contact", button: "header", landing: "/locations/irmo-sc", source: "facebook.com", count: 1 });
  });

  it("counts one visitor per address and browser per day, without keeping either", async () => {
    const h = await start();
    await h.send(irmoFromGoogle);
    await h.send({ ...irmoFromGoogle, path: "/" });
    await h.send(irmoFromGoogle, { "user-agent": DESKTOP });
    const rows = await h.counts();
    expect(rows.filter((r) => r.kind === "visitor").map((r) => [r.device, r.count])).toEqual([
      ["phone", 1],
      ["desktop", 1],
    ]);
    const files = (await readFile(path.join(h.dir, VISITS_FILE), "utf8")) + (await readFile(path.join(h.dir, VISITS_TODAY_FILE), "utf8"));
    expect(files).not.toMatch(/127\.0\.0\.1|Mozilla|iPhone|Windows/);
  });

  it.each([
    ["Global Privacy Control", { "sec-gpc": "1" }],
    ["Do Not Track", { dnt: "1" }],
    ["a crawler", { "user-agent": GOOGLEBOT }],
    ["no user agent", { "user-agent": "" }],
    ["a prefetch", { "sec-purpose": "prefetch" }],
    ["a prerender not yet shown", { "sec-purpose": "prefetch;prerender" }],
    ["another site's page", { origin: "https://spam.example" }],
  ])("answers %s with 204 and counts nothing", async (_what, headers) => {
    const h = await start();
    const answer = await h.send(irmoFromGoogle, headers);
    expect(answer.status).toBe(204);
    expect(await h.counts()).toEqual([]);
  });

  it("counts a beacon from the site's own origin", async () => {
    const h = await start();
    await h.send(irmoFromGoogle, { origin: h.url });
    await h.send(irmoFromGoogle, { origin: "https://cedarridgetree.example" });
    expect(sum(await h.counts(), "view")).toBe(2);
  });

  it("refuses what is not an event: bad JSON, unknown kinds, long fields, other types, big bodies, other methods", async () => {
    const h = await start();
    expect((await h.send("not json")).status).toBe(400);
    expect((await h.send({ kind: "purchase", path: "/" })).status).toBe(400);
    expect((await h.send({ kind: "view", path: "no-slash" })).status).toBe(400);
    expect((await h.send({ kind: "view", path: `/${"a".repeat(300)}` })).status).toBe(400);
    expect((await h.send({ kind: "call", path: "/", button: "<script>" })).status).toBe(400);
    expect((await h.send(irmoFromGoogle, { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await h.send({ ...irmoFromGoogle, referrer: `https://x.example/${"a".repeat(2000)}` })).status).toBe(413);
    expect((await fetch(`${h.url}/api/event`)).status).toBe(405);
    expect(await h.counts()).toEqual([]);
  });

  it("takes JSON from fetch as well as text from sendBeacon", async () => {
    const h = await start();
    expect((await h.send(irmoFromGoogle, { "content-type": "application/json" })).status).toBe(204);
    expect(sum(await h.counts(), "view")).toBe(1);
  });

  it("stops counting one client past its rate, still answering 204", async () => {
    const h = await start({ rateLimit: 5 });
    for (let i = 0; i < 8; i += 1) expect((await h.send(irmoFromGoogle)).status).toBe(204);
    expect(sum(await h.counts(), "view")).toBe(5);
  });

  it("keeps a flood of random paths, referrers and buttons to a bounded few rows", async () => {
    const h = await start({ rateLimit: 0 });
    const random = () => Math.random().toString(36).slice(2);
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          h.send({
            kind: i % 2 ? "view" : "call",
            path: `/${random()}/${random()}`,
            referrer: `https://${random()}.example/`,
            landing: `/${random()}`,
            button: `b${random()}`,
          }),
        ),
      );
    }
    const rows = await h.counts();
    expect(sum(rows, "view") + sum(rows, "call")).toBe(2_000);
    // Every path is "other"; referring sites and buttons stop at the day's limits (100 and 30).
    const beacons = rows.filter((r) => r.kind !== "visitor" && r.kind !== "referred");
    expect(new Set(beacons.map((r) => r.path))).toEqual(new Set(["other"]));
    expect(new Set(beacons.map((r) => r.source)).size).toBeLessThanOrEqual(101);
    // One address: each made-up site it names has one visitor, and is listed nowhere.
    expect(rows.filter((r) => r.kind === "referred").every((r) => r.count === 1)).toBe(true);
    expect(new Set(rows.filter((r) => r.kind === "call").map((r) => r.button)).size).toBeLessThanOrEqual(31);
    expect(rows.length).toBeLessThan(300);
    expect((await stat(path.join(h.dir, VISITS_FILE))).size).toBeLessThan(64 * 1024);
  }, 120_000);
});

describe("referrer spam", () => {
  let cluster: TestCluster | undefined;
  beforeAll(async () => void (cluster = await startCluster()), 60_000);
  afterAll(() => cluster?.remove());
  const names = loadSummaryNames(contentDir);
  const SPAM = "call-now-555-0199-free-quote.example";
  const LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

  it.each(["files", "PostgreSQL"])("lists a made-up referring site only once three different visitors came from it that day (%s)", async (kind) => {
    let store: VisitsStore | undefined;
    if (kind === "PostgreSQL") {
      const url = await cluster!.createDatabase();
      const database = await createPostgresStore({ url, logger: recordingLogger() });
      open.push(async () => {
        await database.close();
        await cluster?.dropDatabase(url);
      });
      store = database.visits;
    }
    // Behind a proxy on this machine, which says who each visitor is.
    const h = await start({ store, trustProxy: ["loopback"] });
    const from = (n: number, userAgent = PHONE) => ({ "x-forwarded-for": `203.0.113.${n}`, "user-agent": userAgent });
    const spam = { kind: "view", path: "/", referrer: `https://${SPAM}/` };
    const today = businessDay(Date.now(), NY);
    /** The week as the desk, the Monday email and npm run report show it. */
    const shown = async () => {
      await h.counter.flush();
      const summary = await summaryFor(today, { visits: h.store, leads: async () => ({ messages: [], reviews: [] }), names: () => names, timeZone: NY });
      return { referrers: summary.topReferrers.map((line) => [line.label, line.count]), text: summaryText(summary, "Cedar Ridge", NY), html: summaryHtml(summary, "Cedar Ridge", NY) };
    };

    // One sender under three browsers, and a second address: two visitors, not three. A call tap from it names it too.
    for (const userAgent of [PHONE, DESKTOP, LINUX]) await h.send(spam, from(1, userAgent));
    await h.send({ kind: "call", path: "/", button: "header", referrer: `https://${SPAM}/` }, from(1));
    await h.send(spam, from(2));
    await h.send(irmoFromGoogle, from(9));
    const before = await shown();
    expect(before.referrers).toEqual([
      ["Other sites", 4],
      ["google.com", 1],
    ]);
    expect(before.text).not.toContain(SPAM);
    expect(before.html).not.toContain(SPAM);

    // A third address: now it is a source of visits, the call tap's too.
    await h.send(spam, from(3));
    const after = await shown();
    expect(after.referrers).toEqual([
      [SPAM, 5],
      ["google.com", 1],
    ]);
    expect(after.text).toContain(`via ${SPAM}`);
  }, 60_000);
});

describe("the day's salt", () => {
  it("is deleted at the business's midnight, with no beacon to trigger it", async () => {
    // A clock that runs at real speed from 1.5 s before midnight in New York.
    const midnight = startOfBusinessDay("2025-06-03", NY);
    const offset = midnight - 1_500 - Date.now();
    const h = await start({ clock: () => Date.now() + offset });
    await h.send(irmoFromGoogle);
    const today = () => readFile(path.join(h.dir, VISITS_TODAY_FILE), "utf8").catch(() => "");
    await waitFor(async () => {
      await h.counter.flush();
      return (await today()).includes('"hashes"');
    }, 1_000, "the day's salt and the visitor's hash");
    const before = await today();
    expect(before).toContain('"day":"2025-06-02"');
    await waitFor(async () => !(await today()).includes("2025-06-02"), 6_000, "midnight");
    const after = await today();
    expect(after).not.toContain(JSON.parse(before.split("\n")[0] ?? "{}").salt);
    // The day's count stays.
    expect(sum(await h.store.counts("2025-06-02", "2025-06-02"), "visitor")).toBe(1);
  });
});
