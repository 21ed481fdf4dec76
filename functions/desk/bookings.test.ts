import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectDeleteRefused, startDesk, type DeskClient, type DeskHarness } from "../../tests/desk-harness";
import { waitFor } from "../../tests/test-support";
import { addDays, businessDay, instantOfWallTime, isoOnClock } from "../../src/format/business-time";
import type { NewEstimateVisit } from "../store/estimate-visit-store";

// The desk's estimate visits over HTTP (tests/desk-harness.ts): Settings' part "Estimate visits",
// the hours offered saved into content/estimate-visits.json as a person would edit it, and the
// section Bookings, the visits booked, cancelled by the owner once.

let desk: DeskHarness;
afterEach(() => desk?.close());

const ZONE = "America/New_York";
const offerText = () => readFile(path.join(desk.contentDir, "estimate-visits.json"), "utf8");
const original = await readFile("content/estimate-visits.json", "utf8");

/** Every file under `dir`, as text: what DATA_DIR keeps at rest. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), "latin1")));
  return texts.join("\n");
}

/** The lines of `after` that are not in `before`, and the other way round. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

/** The settings form's fields as the page filled them (what a browser posts when nothing is touched). */
function formFields(html: string): Record<string, string | string[]> {
  const form = html.slice(html.indexOf('id="estimate-visits"'));
  const fields: Record<string, string | string[]> = {};
  const add = (name: string, value: string) => {
    const known = fields[name];
    fields[name] = known === undefined ? value : [known, value].flat();
  };
  for (const [input] of form.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? "";
    if (!name || name === "csrf") continue;
    if (/type="checkbox"/.test(input)) {
      if (/checked=""/.test(input)) add(name, value);
    } else add(name, value);
  }
  return fields;
}

async function signedIn(options: Parameters<typeof startDesk>[0] = {}): Promise<DeskClient> {
  desk = await startDesk(options);
  const owner = desk.client();
  await owner.signIn();
  return owner;
}

/** A visit at `time` on the business day `days` from today. */
function visit(days: number, time: string, name = "Jane Doe"): NewEstimateVisit {
  const day = addDays(businessDay(desk.clock.now, ZONE), days);
  const start = instantOfWallTime(ZONE, { date: day, time });
  return {
    start,
    end: isoOnClock(ZONE, Date.parse(start) + 3_600_000),
    name,
    email: "jane@example.com",
    phone: "(803) 555-0142",
    address: "12 Lake Murray Blvd",
    town: "Chapin",
    serviceType: "tree-removal",
    message: "A dead pine leans over the shed.",
  };
}

describe("Settings: the hours offered for estimate visits", () => {
  it("saves two visits at once and a day off as the lines that changed, publishes, audits, and saves nothing twice", async () => {
    const owner = await signedIn();
    const page = await owner.get("/owner/settings");
    expect(page.status).toBe(200);
    // One part of Settings, its heading the contract's name, with the one button Save.
    expect(page.text).toMatch(/<section[^>]*aria-labelledby="estimate-visits-title"[^>]*>\s*<h2[^>]*id="estimate-visits-title"[^>]*>Estimate visits<\/h2>/);
    expect(page.text.match(/>Save<\/button>/g)).toHaveLength(1);
    for (const label of ["Minutes a visit takes", "Visits at the same time", "Days ahead people can book", "Add a day off"]) expect(page.text).toContain(`>${label}</label>`);
    expect(page.text).toContain(">Save</button>");
    const fields = formFields(page.text);
    expect(fields["hours.0.days"]).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(fields["hours.1.from"]).toBe("14:00");
    const dayOff = addDays(businessDay(desk.clock.now, ZONE), 5);
    const saved = await owner.post("/owner/settings/estimate-visits", { ...fields, visitsAtOnce: "2", addDayOff: dayOff });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/owner/settings");
    expect(changedLines(original, await offerText())).toEqual({
      removed: ['  "daysOff": [],', '  "visitsAtOnce": 1,'],
      added: [`  "daysOff": ["${dayOff}"],`, '  "visitsAtOnce": 2,'],
    });
    expect(desk.published).toEqual(["estimate visit hours saved in the desk"]);
    expect((await desk.store().desk.auditLog(5)).map((entry) => entry.action)).toContain("saved the hours offered for estimate visits");
    // Opened and saved again untouched: nothing changes.
    const again = await owner.post("/owner/settings/estimate-visits", formFields((await owner.get(saved.location ?? "")).text));
    expect(again.status).toBe(303);
    expect((await owner.get(again.location ?? "")).text).toContain("Nothing to save");
    // The day off is listed, and removed with its box.
    const removed = await owner.post("/owner/settings/estimate-visits", { ...formFields((await owner.get("/owner/settings")).text), removeDayOff: dayOff });
    expect(removed.status).toBe(303);
    expect(await offerText()).toContain('"daysOff": [],');
  });

  it("refuses a mistake beside its field, and a form older than the file, changing nothing", async () => {
    const owner = await signedIn();
    const fields = formFields((await owner.get("/owner/settings")).text);
    const wrong = await owner.post("/owner/settings/estimate-visits", { ...fields, "hours.0.from": "11:00", "hours.0.to": "08:00", visitMinutes: "five" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("must be later than from");
    expect(wrong.text).toContain("expected a whole number of minutes");
    expect(wrong.text).toContain('id="offer-hours-0-to"');
    expect(await offerText()).toBe(original);
    const stale = await owner.post("/owner/settings/estimate-visits", { ...fields, version: "an-older-one", visitsAtOnce: "3" });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain("Not saved: the hours were changed");
    expect(await offerText()).toBe(original);
  });

  it("makes the file with the first Save when there is none: nothing is booked online until then", async () => {
    const owner = await signedIn();
    await rm(path.join(desk.contentDir, "estimate-visits.json"));
    // Bookings says so too, and where the hours are set.
    const bookings = await owner.get("/owner/bookings");
    expect(bookings.text).toContain("Nobody can book a visit online yet");
    expect(bookings.text).toContain('href="/owner/settings"');
    const page = await owner.get("/owner/settings");
    expect(page.text).toContain("Nobody can book a visit online yet");
    const saved = await owner.post("/owner/settings/estimate-visits", formFields(page.text));
    expect(saved.status).toBe(303);
    expect(JSON.parse(await offerText())).toMatchObject({ visitMinutes: 60, visitsAtOnce: 1, daysAhead: 14, noticeHours: 3 });
    expect((await owner.get("/owner/bookings")).text).not.toContain("Nobody can book a visit online yet");
  });
});

describe("Bookings: the visits booked", () => {
  it("lists the visits coming up by day with Call, Text and Directions, and cancels one once from the day's page", async () => {
    const owner = await signedIn();
    const store = desk.store();
    const jane = await store.estimateVisits.book(visit(2, "08:00"), 1);
    await store.estimateVisits.book(visit(2, "14:00", "Sam Roe"), 1);
    const list = await owner.get("/owner/bookings");
    expect(list.text).toContain("Jane Doe");
    expect(list.text).toContain("Sam Roe");
    expect(list.text).toContain('href="tel:8035550142"');
    expect(list.text).toContain('href="sms:8035550142"');
    expect(list.text).toContain("https://www.google.com/maps/search/?api=1&amp;query=12%20Lake%20Murray%20Blvd%2C%20Chapin%2C%20SC");
    const day = addDays(businessDay(desk.clock.now, ZONE), 2);
    expect(list.text).toContain(`href="/owner/bookings/day/${day}"`);

    const cancel = `/owner/bookings/${jane?.id}/cancel`;
    // Every desk POST needs the page's token (functions/desk/csrf.ts): a forged one changes nothing.
    expect((await owner.post(cancel, {}, { csrf: "forged" })).status).toBe(403);
    expect((await store.estimateVisits.get(jane?.id ?? ""))?.cancelled).toBeUndefined();
    const done = await owner.post(cancel, {});
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/owner/bookings/day/${day}`);
    const dayPage = await owner.get(done.location ?? "");
    expect(dayPage.text).toContain("Cancelled: Jane Doe");
    expect(dayPage.text).toMatch(/Cancelled by you \(owner@example\.com\)/);
    expect((await store.estimateVisits.get(jane?.id ?? ""))?.cancelled).toMatchObject({ by: "owner", who: "owner@example.com" });
    const twice = await owner.post(cancel, {});
    expect((await owner.get(twice.location ?? "")).text).toContain("was cancelled already");
    // The list shows only the visits still on.
    const after = await owner.get("/owner/bookings");
    expect(after.text).not.toContain("Jane Doe");
    expect(after.text).toContain("Sam Roe");
    expect((await desk.store().desk.auditLog(5)).filter((entry) => entry.action === "cancelled an estimate visit")).toHaveLength(1);
    expect((await owner.post("/owner/bookings/no-such-visit/cancel", {})).status).toBe(404);
  });

  it("deletes a booking for good after asking once more: its words and its email still waiting are gone, its time free, the audit keeps its id only", async () => {
    const owner = await signedIn();
    const store = desk.store();
    const kept = await store.estimateVisits.book(visit(2, "14:00", "Sam Roe"), 1);
    await waitFor(async () => desk.mail.received.filter((m) => m.raw.includes("Sam Roe")).length === 2 && (await store.outbox.undelivered()).length === 0, 10_000, "the kept visit's invitations");
    // The mail server refuses for now: the next booking's invitations wait, to be tried again.
    desk.mail.rejectWith = 451;
    const words = { name: "Erin Erased", email: "erin.erased@example.com", address: "4417 Secret Gate Rd", message: "The gate code is 4417." };
    const gone = await store.estimateVisits.book({ ...visit(2, "08:00"), ...words }, 1);
    const id = gone?.id ?? "";
    await waitFor(async () => (await store.outbox.undelivered()).some((job) => job.id.startsWith(id) && job.attempts > 0), 10_000, "a first try of its emails");
    const day = addDays(businessDay(desk.clock.now, ZONE), 2);

    const dayPage = await owner.get(`/owner/bookings/day/${day}`);
    expect(dayPage.text).toMatch(new RegExp(`<form class="[^"]+" action="/owner/bookings/${id}/delete" method="get"><button type="submit" class="[^"]+" aria-label="Delete booking: Erin Erased at 8:00 AM">Delete booking</button>`));
    const ask = await owner.get(`/owner/bookings/${id}/delete`);
    expect(ask.status).toBe(200);
    expect(ask.text).toContain("Delete this booking and what they wrote for good? This cannot be undone.");
    expect(ask.text).toMatch(new RegExp(`action="/owner/bookings/${id}/delete" method="post"><input type="hidden" name="csrf" value="[^"]+"/><button type="submit" class="[^"]+">Delete for good</button>`));
    expect(ask.text).toMatch(new RegExp(`action="/owner/bookings/day/${day}" method="get"><button type="submit" class="[^"]+">Keep it</button>`));
    // Opening the step deletes nothing.
    expect(await store.estimateVisits.get(id)).toBeDefined();

    const deleted = await owner.post(`/owner/bookings/${id}/delete`);
    expect([deleted.status, deleted.location]).toEqual([303, `/owner/bookings/day/${day}`]);
    const after = await owner.get(deleted.location ?? "");
    expect(after.text).toContain("Booking deleted.");
    expect(after.text).not.toContain("Erin Erased");
    expect(after.text).toContain("Sam Roe");
    expect((await owner.get(`/owner/bookings/${id}/delete`)).status).toBe(404);
    // One email being tried at that moment is forgotten once its try ends.
    await waitFor(async () => (await store.outbox.undelivered()).length === 0, 10_000, "no email of the booking left waiting");
    expect((await store.desk.auditLog(5)).filter((e) => e.action === "deleted a booking").map((e) => [e.who, e.detail])).toEqual([["owner@example.com", id]]);
    // A second tap (a dropped connection) deletes nothing more and says so.
    const twice = await owner.post(`/owner/bookings/${id}/delete`);
    expect([twice.status, twice.location]).toEqual([303, "/owner/bookings"]);
    expect((await owner.get(twice.location ?? "")).text).toContain("it was deleted already");
    expect((await store.desk.auditLog(5)).filter((e) => e.action === "deleted a booking")).toHaveLength(1);

    // The mail server takes mail again, an hour on: nothing of the deleted booking is sent, nor kept in DATA_DIR.
    desk.mail.rejectWith = undefined;
    desk.clock.now += 60 * 60_000;
    // Its time is free again.
    expect((await store.estimateVisits.book(visit(2, "08:00", "Next Person"), 1))?.seat).toBe(1);
    await waitFor(() => desk.mail.received.some((m) => m.raw.includes("Next Person")), 15_000, "the next booking's invitations");
    expect(desk.mail.received.filter((m) => /Erin Erased|Secret Gate/.test(m.raw))).toEqual([]);
    const atRest = await allText(desk.dataDir);
    for (const text of Object.values(words)) expect(atRest).not.toContain(text);
    expect(await store.estimateVisits.get(kept?.id ?? "")).toBeDefined();
  });

  it("refuses Delete booking without the token, from another site, signed out, and for an unknown visit: nothing changes", async () => {
    const owner = await signedIn();
    const booked = await desk.store().estimateVisits.book(visit(1, "09:00"), 1);
    await expectDeleteRefused(desk, owner, `/owner/bookings/${booked?.id}/delete`);
    expect(await desk.store().estimateVisits.get(booked?.id ?? "")).toBeDefined();
    expect((await owner.get("/owner/bookings/no-such-visit/delete")).status).toBe(404);
    expect((await owner.post("/owner/bookings/no%20such/delete")).status).toBe(404);
    expect((await desk.store().desk.auditLog(5)).filter((e) => e.action === "deleted a booking")).toEqual([]);
  });
});
