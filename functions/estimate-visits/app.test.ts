// The booking function as the servers mount it (createContactFunction from its environment), all
// real: the store (files, and PostgreSQL on a throw-away server), an SMTP peer, HTTP on loopback,
// the repository's content/ (weekdays 8-11 and 2-5, an hour a visit, 3 hours' notice). The clock
// stands on Thursday March 5, 2026, 6 PM in Chapin: the clocks go forward on Sunday the 8th.
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContactFunction, type ContactFunction } from "../contact/app";
import { createStore } from "../store/create-store";
import { startCluster, type TestCluster } from "../../tests/postgres-cluster";
import { contentDir, listen, makeTempDir, parseMail, recordingLogger, startSmtpPeer, storedMessages, waitFor, type SmtpPeer } from "../../tests/test-support";

const THURSDAY_6PM = Date.parse("2026-03-05T23:00:00Z");
const MONDAY_8AM = "2026-03-09T08:00:00-04:00";

const booking = (extra: Record<string, string> = {}) => ({
  start: MONDAY_8AM,
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(803) 555-0142",
  address: "12 Lake Murray Blvd",
  town: "Chapin",
  serviceType: "tree-removal",
  message: "A dead pine leans over the shed by the fence.",
  ...extra,
});

let cluster: TestCluster | undefined;
afterAll(() => cluster?.remove());

interface Running {
  url: string;
  functions: ContactFunction;
  close: () => Promise<void>;
}

let peer: SmtpPeer;
let data: { dir: string; cleanup: () => Promise<void> };
let now = THURSDAY_6PM;
const running: Running[] = [];
beforeEach(async () => {
  now = THURSDAY_6PM;
  peer = await startSmtpPeer();
  data = await makeTempDir();
});
afterEach(async () => {
  for (const instance of running.splice(0)) await instance.close();
  await peer.close();
  await data.cleanup();
});

async function start(env: Record<string, string> = {}, content = contentDir): Promise<Running> {
  // The store on the test's clock too: a visit is booked "on Thursday".
  const store = await createStore({ dataDir: data.dir, databaseUrl: env.DATABASE_URL, clock: () => now, logger: recordingLogger() });
  const functions = await createContactFunction(
    { DATA_DIR: data.dir, SMTP_URL: peer.url, CONTACT_TO: "owner@example.com", TRUST_PROXY: "loopback", ...env },
    { contentDir: content, store, logger: recordingLogger(), bookingClock: () => now, retryDelays: [200, 200, 200] },
  );
  const server = await listen(functions.app);
  const instance = {
    url: server.url,
    functions,
    async close() {
      await server.close();
      await functions.close();
      await store.close();
    },
  };
  running.push(instance);
  return instance;
}

const post = (instance: Running, body: unknown, from = "198.51.100.7") =>
  fetch(`${instance.url}/api/estimate-visits`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": from }, body: JSON.stringify(body) });
const slots = async (instance: Running): Promise<Array<{ start: string; end: string }>> => ((await (await fetch(`${instance.url}/api/estimate-visits`)).json()) as { slots: Array<{ start: string; end: string }> }).slots;

/** The mails sent to `to`, parsed, with their calendar invitation read by ical.js. */
function mailsTo(to: string) {
  return peer.received
    .filter((mail) => mail.to.includes(to))
    .map((mail) => {
      const parsed = parseMail(mail.raw);
      const calendarPart = parsed.parts.find((part) => part.headers.get("content-type")?.startsWith("text/calendar"));
      const attachment = parsed.parts.find((part) => part.headers.get("content-type")?.startsWith("application/ics"));
      let event: ICAL.Event | undefined;
      let method: unknown;
      if (calendarPart) {
        const calendar = new ICAL.Component(ICAL.parse(calendarPart.body));
        ICAL.TimezoneService.reset();
        const zone = calendar.getFirstSubcomponent("vtimezone");
        if (zone) ICAL.TimezoneService.register(zone);
        const vevent = calendar.getFirstSubcomponent("vevent");
        event = vevent ? new ICAL.Event(vevent) : undefined;
        method = calendar.getFirstPropertyValue("method");
      }
      return { parsed, calendarPart, attachment, event, method };
    });
}

function storesToRun(): Array<[string, () => Promise<Record<string, string>>]> {
  return [
    ["files", async () => ({})],
    [
      "PostgreSQL",
      async () => {
        cluster ??= await startCluster();
        return { DATABASE_URL: await cluster.createDatabase() };
      },
    ],
  ];
}

describe.each(storesToRun())("estimate visits on %s", (_name, storeEnv) => {
  beforeAll(async () => void (await storeEnv()), 60_000);

  it("lists the free times, books one with an invitation to the visitor and the owner at the right hour across the clock change, and takes it off the list", async () => {
    const instance = await start(await storeEnv());
    const before = await slots(instance);
    expect(before[0]).toEqual({ start: "2026-03-06T08:00:00-05:00", end: "2026-03-06T09:00:00-05:00" });
    expect(before.map((s) => s.start)).toContain(MONDAY_8AM);

    const res = await post(instance, { ...booking(), landingPage: "/locations/chapin-sc", referrer: "https://www.google.com/" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await slots(instance)).map((s) => s.start)).not.toContain(MONDAY_8AM);

    await waitFor(() => peer.received.length === 2, 15_000, "the two invitations");
    const [visitor] = mailsTo("jane@example.com");
    const [owner] = mailsTo("owner@example.com");
    for (const mail of [visitor, owner]) {
      expect(mail?.method).toBe("REQUEST");
      expect(mail?.calendarPart?.headers.get("content-type")).toMatch(/method=REQUEST/);
      expect(mail?.attachment?.body.replace(/\r\n/g, "\n")).toBe(mail?.calendarPart?.body);
      expect(mail?.event?.uid).toBe(`${id}@cedarridgetree.example`);
      expect(mail?.event?.sequence).toBe(0);
      // 8 AM on Monday, Eastern Daylight Time, though booked on Thursday in Eastern Standard Time.
      expect([mail?.event?.startDate.hour, mail?.event?.startDate.minute]).toEqual([8, 0]);
      expect(mail?.event?.startDate.toJSDate().toISOString()).toBe("2026-03-09T12:00:00.000Z");
    }
    expect(visitor?.parsed.headers.get("subject")).toBe("Your free estimate visit: Monday, March 9 at 8:00 AM");
    expect(visitor?.parsed.text).toContain("/api/estimate-visits/cancel?token=");
    expect(owner?.parsed.headers.get("subject")).toBe("Estimate visit booked: Jane Doe, Monday, March 9 at 8:00 AM, Chapin");
    expect(owner?.parsed.text).toContain("Visit: came from /locations/chapin-sc via google.com");
    expect(owner?.parsed.text).toContain("/owner/bookings/day/2026-03-09");
    expect(owner?.parsed.headers.get("reply-to")).toBe("Jane Doe <jane@example.com>");
  });

  it("gives a time to exactly one of 20 visitors booking it at once from 20 addresses; the others get 409 and the next free times", async () => {
    const instance = await start(await storeEnv());
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => post(instance, booking({ name: `Visitor ${n}`, email: `visitor${n}@example.com` }), `198.51.100.${n + 1}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    const refused = (await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.json()))) as Array<{ errors: { start: string }; slots: Array<{ start: string }> }>;
    expect(refused[0]?.errors.start).toBe("Monday, March 9 at 8:00 AM was just taken. Please pick another time.");
    expect(refused.every((r) => r.slots.length > 0 && !r.slots.some((s) => s.start === MONDAY_8AM))).toBe(true);
    await waitFor(() => peer.received.length === 2, 15_000, "one booking's two invitations");
  });

  it("gives a time to exactly two of 20 visitors at once when two visits may be at once", async () => {
    // The offer as the desk saves it with "Visits at the same time: 2".
    const content = path.join(data.dir, "content");
    await cp(contentDir, content, { recursive: true });
    const file = path.join(content, "estimate-visits.json");
    await writeFile(file, (await readFile(file, "utf8")).replace('"visitsAtOnce": 1', '"visitsAtOnce": 2'));
    const instance = await start(await storeEnv(), content);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => post(instance, booking({ name: `Visitor ${n}`, email: `visitor${n}@example.com` }), `198.51.100.${n + 1}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, ...Array.from({ length: 18 }, () => 409)]);
    expect((await slots(instance)).map((s) => s.start)).not.toContain(MONDAY_8AM);
    const seats = (await instance.functions.store.estimateVisits.starting("2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z")).map((v) => v.seat);
    expect(seats.sort()).toEqual([1, 2]);
  });

  it("refuses what is not offered: a town not visited (offering a message), a time not offered, fields with the contact form's messages", async () => {
    const instance = await start(await storeEnv());
    const outside = await post(instance, booking({ town: "Charleston" }));
    expect(outside.status).toBe(400);
    expect(await outside.json()).toEqual({
      ok: false,
      errors: { town: "We don't come out to Charleston for free estimates yet. Send us a message instead and we'll tell you what we can do." },
      outsideArea: true,
    });
    const sunday = await post(instance, booking({ start: "2026-03-08T08:00:00-04:00" }));
    expect(sunday.status).toBe(400);
    expect(((await sunday.json()) as { errors: unknown }).errors).toEqual({ start: "That time is not offered. Please pick one of the free times." });
    const bad = await post(instance, booking({ name: "J", phone: "555", message: "short" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: unknown }).errors).toEqual({
      name: "Name must be at least 2 characters",
      phone: "Phone number must be at least 10 digits",
      message: "Message must be at least 10 characters",
    });
    // A town named by its page works too.
    expect((await post(instance, booking({ town: "irmo-sc" }))).status).toBe(201);
  });

  it("lets the visitor cancel from the emailed link until an hour before, once: the time is free again and both get METHOD:CANCEL with the same UID", async () => {
    const instance = await start(await storeEnv());
    expect((await post(instance, booking())).status).toBe(201);
    await waitFor(() => peer.received.length === 2, 15_000, "the invitations");
    const link = /(http\S+\/api\/estimate-visits\/cancel\?token=\S+)/.exec(mailsTo("jane@example.com")[0]?.parsed.text ?? "")?.[1] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    const cancelUrl = `${instance.url}/api/estimate-visits/cancel`;
    // Opening the link changes nothing (mail scanners open links).
    const page = await fetch(`${cancelUrl}?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Cancel your estimate visit?");
    expect((await slots(instance)).map((s) => s.start)).not.toContain(MONDAY_8AM);
    // A changed token is refused.
    expect((await fetch(`${cancelUrl}?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`)).status).toBe(400);

    const press = () => fetch(cancelUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
    const presses = await Promise.all([press(), press(), press()]);
    expect(presses.map((p) => p.status).sort()).toEqual([200, 410, 410]);
    expect((await slots(instance)).map((s) => s.start)).toContain(MONDAY_8AM);
    await waitFor(() => peer.received.length === 4, 15_000, "the two cancellations");
    const [invite, cancel] = mailsTo("jane@example.com");
    const [ownerInvite, ownerCancel] = mailsTo("owner@example.com");
    for (const [first, then] of [
      [invite, cancel],
      [ownerInvite, ownerCancel],
    ]) {
      expect(then?.method).toBe("CANCEL");
      expect(then?.event?.uid).toBe(first?.event?.uid);
      expect(then?.event?.sequence).toBe(1);
      expect(then?.event?.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    }
    expect(ownerCancel?.parsed.headers.get("subject")).toBe("Estimate visit cancelled by Jane Doe: Monday, March 9 at 8:00 AM");

    // Booked again, and the link of the new visit is too late 59 minutes before it.
    expect((await post(instance, booking({ email: "sam@example.com", name: "Sam Roe" }))).status).toBe(201);
    await waitFor(() => peer.received.length === 6, 15_000, "the new invitations");
    const second = new URL(/(http\S+cancel\?token=\S+)/.exec(mailsTo("sam@example.com")[0]?.parsed.text ?? "")?.[1] ?? "").searchParams.get("token") ?? "";
    now = Date.parse(MONDAY_8AM) - 59 * 60_000;
    const late = await fetch(`${cancelUrl}?token=${encodeURIComponent(second)}`);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("Too late to cancel here");
  });

  it("reminds the visitor the evening before, once, also across a restart, and nobody whose visit is cancelled", async () => {
    const env = await storeEnv();
    const instance = await start(env);
    expect((await post(instance, booking())).status).toBe(201);
    expect((await post(instance, booking({ start: "2026-03-09T09:00:00-04:00", email: "sam@example.com", name: "Sam Roe" }))).status).toBe(201);
    const pat = await post(instance, booking({ start: "2026-03-09T10:00:00-04:00", email: "pat@example.com", name: "Pat Poe" }));
    const { id } = (await pat.json()) as { id: string };
    expect((await instance.functions.store.estimateVisits.cancel(id, { by: "owner", who: "owner@example.com" }))?.cancelled).toBe(true);
    await waitFor(() => peer.received.length === 8, 15_000, "the invitations and one cancellation");
    now = Date.parse("2026-03-08T17:59:00-04:00");
    expect(await instance.functions.reminders.check()).toBe(0);
    now = Date.parse("2026-03-08T18:00:00-04:00");
    expect(await instance.functions.reminders.check()).toBe(2);
    expect(await instance.functions.reminders.check()).toBe(0);
    running.splice(running.indexOf(instance), 1);
    await instance.close();
    const again = await start(env);
    expect(await again.functions.reminders.check()).toBe(0);
    await waitFor(() => peer.received.length === 10, 15_000, "the reminders");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.received).toHaveLength(10);
    const reminder = mailsTo("jane@example.com")[1];
    expect(reminder?.parsed.headers.get("subject")).toBe("Tomorrow at 8:00 AM: your free estimate visit with Cedar Ridge Tree Service");
    expect(reminder?.calendarPart).toBeUndefined();
    expect(mailsTo("pat@example.com").map((mail) => mail.parsed.headers.get("subject"))).toEqual([
      "Your free estimate visit: Monday, March 9 at 10:00 AM",
      "Cancelled: your estimate visit on Monday, March 9 at 10:00 AM",
    ]);
  });
});

describe("estimate visits (files)", () => {
  it("answers a booking posted without JavaScript with 303 to the thank-you page, and keeps one a bot filled in as held spam, unbooked", async () => {
    const instance = await start();
    const form = (body: Record<string, string>) =>
      fetch(`${instance.url}/api/estimate-visits`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
    const stored = await form(booking());
    expect(stored.status).toBe(303);
    expect(stored.headers.get("location")).toBe("/book-estimate/thank-you/");
    const bot = await form(booking({ start: "2026-03-09T09:00:00-04:00", website: "http://spam.example" }));
    expect(bot.status).toBe(303);
    expect((await slots(instance)).map((s) => s.start)).toContain("2026-03-09T09:00:00-04:00");
    const [held] = await storedMessages(data.dir, "spam");
    expect(held?.spamReason).toBe("honeypot");
    expect(held?.message).toContain("Asked for a free estimate visit on Monday, March 9 at 9:00 AM at 12 Lake Murray Blvd, Chapin.");
    // Refused without the site's pages at hand: a plain page listing what to fix.
    const refused = await form(booking({ phone: "1" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Phone number must be at least 10 digits");
  });

  it("counts bookings against the contact form's rate limit per address", async () => {
    const instance = await start({ CONTACT_RATE_LIMIT: "2" });
    const times = ["2026-03-09T08:00:00-04:00", "2026-03-09T09:00:00-04:00", "2026-03-09T10:00:00-04:00"];
    const statuses = [];
    for (const start of times) statuses.push((await post(instance, booking({ start }))).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect((await post(instance, booking({ start: times[2] ?? "" }), "198.51.100.99")).status).toBe(201);
  });
});
