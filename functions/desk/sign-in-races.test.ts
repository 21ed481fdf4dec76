// The sign-in's limits raced as an attacker races them: many requests at once, from several
// client addresses (X-Forwarded-For behind a trusted proxy), on both stores. A limit that reads
// its count and then writes lets every request of a burst pass the check (issue 36: 90 wrong
// codes at once were all compared, and the right code after them signed in).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { codeIn, linkIn, OWNER, startDesk, type DeskClient, type DeskHarness } from "../../tests/desk-harness";
import { startCluster, type TestCluster } from "../../tests/postgres-cluster";
import { sleep, waitFor } from "../../tests/test-support";
import { WRONG_CODES_ALLOWED } from "./sign-in";

let cluster: TestCluster | undefined;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

let desk: DeskHarness | undefined;
afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

const MINUTE = 60_000;
const STRANGER = "someone@example.com";
/** The client address of the i-th request: five of them, as from five machines behind the proxy. */
const from = (i: number, spread = 5) => ({ headers: { "x-forwarded-for": `203.0.113.${(i % spread) + 1}` } });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Wrong codes typed for `email` that were compared with its code: one audit line each. */
async function checkedCodes(harness: DeskHarness, email = OWNER): Promise<number> {
  return (await harness.store().desk.auditLog(10_000)).filter((e) => e.who === email && e.action === "typed a wrong sign-in code").length;
}

/** Waits until the audit log stops growing (its lines are written after the answers). */
async function settledCheckedCodes(harness: DeskHarness, email = OWNER): Promise<number> {
  let before = -1;
  let now = await checkedCodes(harness, email);
  while (now !== before) {
    await sleep(300);
    [before, now] = [now, await checkedCodes(harness, email)];
  }
  return now;
}

async function askForCode(harness: DeskHarness, browser: DeskClient, email: string, client = 0) {
  await browser.get("/owner/sign-in");
  const before = harness.mail.received.length;
  const asked = await browser.post("/owner/sign-in", { email }, from(client));
  expect(asked.status).toBe(303);
  if (email !== STRANGER) await waitFor(() => harness.mail.received.length > before, 10_000, "the sign-in email");
  await browser.get("/owner/sign-in/code");
  return harness.mail.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? "";
}

const stores: Array<[string, () => Promise<string | undefined>]> = [
  ["JSON-lines files", async () => undefined],
  ["PostgreSQL", async () => cluster?.createDatabase()],
];

describe.each(stores)("the sign-in's limits against requests at once (%s)", (_name, database) => {
  const start = async () => (desk = await startDesk({ trustProxy: ["127.0.0.1"], databaseUrl: await database() }));

  it("compares at most 5 of 50 wrong codes sent at once from five addresses, then refuses the right code", async () => {
    const harness = await start();
    const browser = harness.client();
    const mail = await askForCode(harness, browser, OWNER);
    const code = codeIn(mail);
    const wrong = code === "000000" ? "111111" : "000000";

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => browser.post("/owner/sign-in/code", { code: wrong }, from(i))));
    expect(await settledCheckedCodes(harness)).toBe(WRONG_CODES_ALLOWED);
    const statuses = answers.map((a) => a.status);
    expect(count(statuses, 400) + count(statuses, 429)).toBe(50);
    expect(count(statuses, 400)).toBe(WRONG_CODES_ALLOWED - 1);

    const right = await browser.post("/owner/sign-in/code", { code }, from(0));
    expect(right.status).toBe(429);
    expect(right.text).toContain("Too many wrong codes");
    expect(browser.cookies.has("desk-session")).toBe(false);
    // The fifth wrong code burnt the sign-in: its link is dead too.
    await waitFor(async () => (await harness.client().get(linkIn(mail))).status === 410, 5_000, "the burnt link refused");
  });

  it("answers 50 wrong codes at once for an address that may not sign in exactly as for an owner's", async () => {
    const harness = await start();
    const owner = harness.client();
    const stranger = harness.client();
    const code = codeIn(await askForCode(harness, owner, OWNER));
    await askForCode(harness, stranger, STRANGER, 1);
    const wrong = code === "000000" ? "111111" : "000000";
    const burst = (browser: DeskClient) => Promise.all(Array.from({ length: 50 }, (_, i) => browser.post("/owner/sign-in/code", { code: wrong }, from(i))));
    const [forOwner, forStranger] = [await burst(owner), await burst(stranger)];
    const said = (text: string) => (text.includes("Too many wrong codes") ? "locked" : text.includes("That code is not right") ? "wrong" : "something else");
    const answers = (list: typeof forOwner) => list.map((a) => `${a.status} ${said(a.text)}`).sort();
    expect(answers(forStranger)).toEqual(answers(forOwner));
    expect(count(forStranger.map((a) => a.status), 400)).toBe(WRONG_CODES_ALLOWED - 1);
  });

  it("lets a code burnt by its fifth wrong try stay refused once the lock is over", async () => {
    const harness = await start();
    const browser = harness.client();
    const first = codeIn(await askForCode(harness, browser, OWNER));
    const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000");
    for (let i = 0; i < WRONG_CODES_ALLOWED - 1; i++) expect((await browser.post("/owner/sign-in/code", { code: wrongOf(first) }, from(0))).status).toBe(400);
    // Ten minutes later a new code; its first wrong try is the address's fifth: the lock, and the new code burnt.
    harness.clock.now += 10 * MINUTE;
    const mail = await askForCode(harness, browser, OWNER);
    const code = codeIn(mail);
    expect((await browser.post("/owner/sign-in/code", { code: wrongOf(code) }, from(0))).status).toBe(429);
    await settledCheckedCodes(harness);
    // The first four tries are past the lock's 15 minutes; the code has 10 minutes left, but was burnt.
    harness.clock.now += 5 * MINUTE + 1;
    const late = await browser.post("/owner/sign-in/code", { code }, from(0));
    expect(late.status).toBe(400);
    expect(late.text).toContain("no longer valid");
    expect((await harness.client().get(linkIn(mail))).status).toBe(410);
    // A new code works.
    const fresh = codeIn(await askForCode(harness, browser, OWNER));
    expect((await browser.post("/owner/sign-in/code", { code: fresh }, from(0))).status).toBe(303);
  });

  it("lets exactly as many code requests through as the limits allow, asked at once", async () => {
    const harness = await start();
    const browser = harness.client();
    await browser.get("/owner/sign-in");
    // One address from twelve clients: 5 per address.
    const perAddress = await Promise.all(Array.from({ length: 12 }, (_, i) => browser.post("/owner/sign-in", { email: OWNER }, from(i, 12))));
    expect(count(perAddress.map((a) => a.status), 303)).toBe(5);
    await waitFor(() => harness.mail.received.length === 5, 10_000, "the five sign-in emails");
    // One client, fifteen addresses: 10 per client.
    const perClient = await Promise.all(Array.from({ length: 15 }, (_, i) => browser.post("/owner/sign-in", { email: `crew${i}@example.com` }, { headers: { "x-forwarded-for": "198.51.100.9" } })));
    expect(count(perClient.map((a) => a.status), 303)).toBe(10);
  });

  it("lets exactly 30 tries per client through when 40 come at once: links and passkey challenges", async () => {
    const harness = await start();
    const browser = harness.client();
    await browser.get("/owner/sign-in");
    const one = { "x-forwarded-for": "198.51.100.20" };
    const links = await Promise.all(Array.from({ length: 40 }, (_, i) => browser.post("/owner/sign-in/link", { token: `not-a-real-token-${i}-xxxxxxxx` }, { headers: one })));
    expect([count(links.map((a) => a.status), 410), count(links.map((a) => a.status), 429)]).toEqual([30, 10]);
    const other = { "x-forwarded-for": "198.51.100.21" };
    const challenges = await Promise.all(Array.from({ length: 40 }, () => browser.post("/owner/sign-in/passkey/challenge", {}, { json: true, headers: other })));
    expect([count(challenges.map((a) => a.status), 200), count(challenges.map((a) => a.status), 429)]).toEqual([30, 10]);
  });
});
