// The behaviour every store implementation has, as one suite: files-store.test.ts runs it on
// the JSON-lines files, and the PostgreSQL implementation runs the very same tests on a real
// server. Only the interface (store.ts) is used here, never a file or a table.
import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contactSchema } from "../../src/content/contact-schema";
import { reviewInputSchema } from "../../src/content/review";
import * as z from "zod/mini";
import { noticeTag, type ErasedKind, type PushDevice, type PushJob, type SignInJob, type Submission, type VisitJob } from "./records";
import type { NewEstimateVisit } from "./estimate-visit-store";
import { InvalidCursorError } from "./store-errors";
import type { DeviceClass, Store, VisitCount } from "./store";

export interface StoreHarness {
  /**
   * A store over this harness's data: empty for the first one, and every later one sees what
   * the earlier ones kept, as after a restart (the tests use only the latest one; a harness
   * may close the earlier ones first, as a restarted process would). `cleanup` closes the rest.
   */
  open(options?: { clock?: () => number }): Promise<Store>;
  /** Everything the store keeps at rest, as text (files: every file; a database: every row), to show that a secret is gone. */
  atRest(): Promise<string>;
  cleanup(): Promise<void>;
}

/** A contact message as the form accepts it (also the desk's tests, functions/desk/messages.test.ts). */
export const contact = (n: number, extra: Partial<z.input<typeof contactSchema>> = {}) =>
  z.parse(contactSchema, {
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    phone: "(803) 555-0142",
    serviceType: "tree-trimming",
    message: `Message number ${n}: the oak by the driveway leans.`,
    ...extra,
  });
/** A visit as the booking form gives it (also functions/retention/retention-sweep.test.ts). */
export const estimateVisit = (n: number, start: string): NewEstimateVisit => ({
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: "(803) 555-0142",
  address: `${n} Lake Murray Blvd`,
  town: "Chapin",
  serviceType: "tree-removal",
  message: `Visit number ${n}: a dead pine over the shed.`,
  landingPage: "/services/tree-removal",
  referrer: "google.com",
});
const review = (n: number) => z.parse(reviewInputSchema, { name: `Reviewer ${n}`, location: "Irmo, SC", rating: 5, text: `Careful crew, review number ${n}.` });
const T0 = Date.UTC(2025, 2, 1, 12);
const MINUTE = 60_000;

export function describeStore(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`store: ${name}`, () => {
    let harness: StoreHarness | undefined;
    let now = T0;
    const clock = () => now;
    async function fresh(): Promise<{ store: Store; harness: StoreHarness }> {
      now = T0;
      harness = await makeHarness();
      return { store: await harness.open({ clock }), harness };
    }
    afterEach(async () => {
      await harness?.cleanup();
      harness = undefined;
    });
    /** A notification to the owner's phone about message (or review, visit) `about`, as functions/push/push-notice.ts tags it. */
    const pushAbout = (about: string, id: string, body = "Tree removal", kind: ErasedKind = "message"): PushJob => ({
      kind: "push",
      id,
      createdAt: new Date(now).toISOString(),
      device: "0123456789abcdef01234567",
      notice: { title: `New ${kind}`, body, url: `/owner/${kind}s/${about}`, tag: noticeTag(kind, about), urgency: "high" },
    });
    /** Takes every job due now, as one sender would. */
    const claimAll = async (store: Store, at = now) => (await store.outbox.claim({ now: at, limit: 100, leaseMs: 10 * MINUTE })).jobs;

    describe("messages", () => {
      it("stores a message with its id, time and lead source, and gets it back", async () => {
        const { store } = await fresh();
        const saved = await store.messages.add(contact(1), { landingPage: "/services/tree-removal", referrer: "https://www.google.com/" });
        expect(saved).toEqual({
          id: expect.any(String),
          ...contact(1),
          createdAt: new Date(T0).toISOString(),
          landingPage: "/services/tree-removal",
          referrer: "https://www.google.com/",
        });
        expect(await store.messages.get(saved.id)).toEqual({ ...saved, box: "inbox", delivery: "waiting" });
        expect(await store.messages.all("inbox")).toEqual([saved]);
        expect(await store.messages.get("no-such-id")).toBeUndefined();
        await expect(store.messages.add(contact(2), { landingPage: `/${"x".repeat(2048)}` })).rejects.toThrow(/landingPage/);
      });

      it("lists newest first in pages whose cursor holds while messages arrive", async () => {
        const { store } = await fresh();
        const saved = [];
        for (let n = 0; n < 45; n++) {
          now += 1000;
          saved.push(await store.messages.add(contact(n)));
        }
        const first = await store.messages.list({ limit: 20 });
        expect(first.items.map((m) => m.name)).toEqual(saved.slice(25).reverse().map((m) => m.name));
        expect(first.next).toEqual(expect.any(String));
        await store.messages.add(contact(99));
        const second = await store.messages.list({ limit: 20, cursor: first.next });
        const third = await store.messages.list({ limit: 20, cursor: second.next });
        expect([...second.items, ...third.items].map((m) => m.id)).toEqual(saved.slice(0, 25).reverse().map((m) => m.id));
        expect(third.next).toBeUndefined();
        expect((await store.messages.list()).items[0]?.name).toBe("Visitor 99");
        await expect(store.messages.list({ cursor: "not-a-cursor" })).rejects.toBeInstanceOf(InvalidCursorError);
      });

      it("searches names, emails, text and phone digits, in any case", async () => {
        const { store } = await fresh();
        const ann = await store.messages.add(contact(1, { name: "Ann O'Hara", phone: "(803) 555-0199" }));
        const bob = await store.messages.add(contact(2, { name: "Bob Smith", message: "Please look at the dead PINE near the shed." }));
        const ids = async (search: string) => (await store.messages.list({ search })).items.map((m) => m.id);
        expect(await ids("o'hara")).toEqual([ann.id]);
        expect(await ids("5550199")).toEqual([ann.id]);
        expect(await ids("555-0199")).toEqual([ann.id]);
        expect(await ids("dead pine")).toEqual([bob.id]);
        expect(await ids("visitor2@EXAMPLE")).toEqual([bob.id]);
        expect(await ids("555")).toEqual([bob.id, ann.id]);
        expect(await ids("nobody here")).toEqual([]);
        expect(await ids('"quoted"')).toEqual([]);
      });

      it("keeps handled / not handled as events, the latest winning, and filters by it", async () => {
        const { store, harness } = await fresh();
        const [a, b, c] = [await store.messages.add(contact(1)), await store.messages.add(contact(2)), await store.messages.add(contact(3))];
        now += MINUTE;
        expect(await store.messages.setHandled(a.id, true, "owner@example.com")).toEqual({ id: a.id, handled: true, by: "owner@example.com", at: new Date(now).toISOString() });
        await store.messages.setHandled(b.id, true, "owner@example.com");
        now += MINUTE;
        await store.messages.setHandled(b.id, false, "helper@example.com");
        const names = async (handled: boolean) => (await store.messages.list({ handled })).items.map((m) => m.name);
        expect(await names(true)).toEqual(["Visitor 1"]);
        expect(await names(false)).toEqual(["Visitor 3", "Visitor 2"]);
        expect((await store.messages.get(b.id))?.handled).toEqual({ id: b.id, handled: false, by: "helper@example.com", at: new Date(now).toISOString() });
        expect((await store.messages.get(c.id))?.handled).toBeUndefined();
        expect(await store.messages.setHandled("no-such-id", true, "owner@example.com")).toBeUndefined();
        // Opened again: a plain page and one message show their latest event too.
        const again = await harness.open({ clock });
        expect((await again.messages.list()).items.map((m) => [m.name, m.handled?.handled, m.handled?.by])).toEqual([
          ["Visitor 3", undefined, undefined],
          ["Visitor 2", false, "helper@example.com"],
          ["Visitor 1", true, "owner@example.com"],
        ]);
        expect((await (await harness.open({ clock })).messages.get(a.id))?.handled?.handled).toBe(true);
        expect((await (await harness.open({ clock })).messages.list({ handled: true })).items.map((m) => m.id)).toEqual([a.id]);
      });

      it("holds spam apart, unmailed, and rescues it once: stored as a message and mailed exactly once", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const spam = await store.messages.hold(contact(1), "honeypot");
        expect(spam).toMatchObject({ spamReason: "honeypot" });
        expect((await store.messages.list()).items).toEqual([]);
        expect((await store.messages.list({ box: "spam" })).items).toEqual([{ ...spam, box: "spam" }]);
        expect(await claimAll(store)).toEqual([]);

        now += MINUTE;
        const rescued = await store.messages.rescue(spam.id, "owner@example.com");
        const { spamReason: _reason, ...fields } = spam;
        const message = { ...fields, rescued: { by: "owner@example.com", at: new Date(now).toISOString(), spamReason: "honeypot" } };
        expect(rescued).toEqual({ message, rescued: true });
        expect((await store.messages.list()).items).toEqual([{ ...message, box: "inbox", delivery: "waiting" }]);
        expect((await store.messages.list({ box: "spam" })).items[0]?.rescued).toEqual(message.rescued);
        expect((await claimAll(store)).map((c) => [c.job.kind, c.job.id])).toEqual([["contact", spam.id]]);

        expect(await store.messages.rescue(spam.id, "owner@example.com")).toEqual({ message, rescued: false });
        const again = await harness.open({ clock });
        expect((await again.messages.rescue(spam.id, "someone@example.com"))?.rescued).toBe(false);
        expect(await again.messages.all("inbox")).toHaveLength(1);
        expect(await again.messages.rescue("no-such-id", "owner@example.com")).toBeUndefined();
      });

      it("keeps a message's photos by their hash, each once, with the message and its mail job, across a restart", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const bytes = [Buffer.from("photo one"), Buffer.from("its small copy"), Buffer.from("photo two")];
        const shas = await Promise.all(bytes.map((b) => store.messagePhotos.put(b)));
        // The same bytes again (two visitors sending one picture): the same hash, kept once.
        expect(await store.messagePhotos.put(Buffer.from("photo one"))).toBe(shas[0]);
        const photos = [
          { sha: shas[0] ?? "", thumb: shas[1] ?? "", width: 2048, height: 1536 },
          { sha: shas[2] ?? "", thumb: shas[1] ?? "", width: 640, height: 480 },
        ];
        const saved = await store.messages.add(contact(1), undefined, photos);
        expect(saved.photos).toEqual(photos);
        expect(await store.messages.add(contact(2), undefined, [])).not.toHaveProperty("photos");
        expect((await claimAll(store)).find((c) => c.job.id === saved.id)?.job).toMatchObject({ kind: "contact", message: { photos } });
        const again = await harness.open({ clock });
        expect((await again.messages.get(saved.id))?.photos).toEqual(photos);
        expect(await Promise.all(shas.map((sha) => again.messagePhotos.get(sha)))).toEqual(bytes);
        expect(await again.messagePhotos.get("0".repeat(64))).toBeUndefined();
        expect(await again.messagePhotos.get("../submissions.jsonl")).toBeUndefined();
        await expect(again.messages.add(contact(3), undefined, [{ sha: "not a hash", thumb: shas[1] ?? "", width: 1, height: 1 }])).rejects.toThrow();
      });

      it("shows each message's notification as waiting, sent or failed", async () => {
        const { store } = await fresh();
        await store.outbox.open();
        const [sent, failed, waiting] = [await store.messages.add(contact(1)), await store.messages.add(contact(2)), await store.messages.add(contact(3))];
        expect((await claimAll(store)).map((c) => c.job.id).sort()).toEqual([sent.id, failed.id, waiting.id].sort());
        await store.outbox.settle(sent.id, 1, { outcome: "sent" });
        await store.outbox.settle(failed.id, 1, { outcome: "failed", error: "550 no such mailbox" });
        await store.outbox.settle(waiting.id, 1, { outcome: "retry", error: "451 later", nextAttemptAt: now + MINUTE });
        const delivery = Object.fromEntries((await store.messages.list()).items.map((m) => [m.name, m.delivery]));
        expect(delivery).toEqual({ "Visitor 1": "sent", "Visitor 2": "failed", "Visitor 3": "waiting" });
      });

      it("erases a message for good: its lines, its photos no other message names, its mail and notifications not sent, across a restart", async () => {
        const { store: before, harness } = await fresh();
        await before.outbox.open();
        const [photo, thumb, shared] = await Promise.all(["erased photo", "erased small copy", "a picture two messages hold"].map((text) => before.messagePhotos.put(Buffer.from(text))));
        const keep = await before.messages.add(contact(1), undefined, [{ sha: shared ?? "", thumb: shared ?? "", width: 640, height: 480 }]);
        now += MINUTE;
        const words = { name: "Erin Erased", email: "erin.erased@example.com", message: "Please remove the dead pine by the pool, gate code 4417." };
        const gone = await before.messages.add(contact(2, words), { landingPage: "/services/tree-removal" }, [
          { sha: photo ?? "", thumb: thumb ?? "", width: 2048, height: 1536 },
          { sha: shared ?? "", thumb: shared ?? "", width: 640, height: 480 },
        ]);
        now += MINUTE;
        const newest = await before.messages.add(contact(3));
        await before.outbox.add(pushAbout(gone.id, "push-gone", `${words.name}: ${words.message}`));
        await before.outbox.add(pushAbout(keep.id, "push-kept"));
        // A restart before the erase: the jobs still open are written out again as the outbox keeps them at rest.
        const store = await harness.open({ clock });
        await store.outbox.open();
        await store.messages.setHandled(gone.id, true, "owner@example.com");
        // A page handed out before the erase: its cursor still leads to the messages after it.
        const first = await store.messages.list({ limit: 1 });

        expect(await store.messages.erase(gone.id, "owner@example.com")).toBe(true);
        expect(await store.messages.get(gone.id)).toBeUndefined();
        expect((await store.messages.list({ limit: 1, cursor: first.next })).items.map((m) => m.id)).toEqual([keep.id]);
        expect((await store.messages.list()).items.map((m) => m.id)).toEqual([newest.id, keep.id]);
        expect((await store.messages.list({ handled: true })).items).toEqual([]);
        expect((await store.messages.list({ search: "Erased" })).items).toEqual([]);
        expect((await store.messages.all("inbox")).map((m) => m.id)).toEqual([keep.id, newest.id]);
        expect(await store.messagePhotos.get(photo ?? "")).toBeUndefined();
        expect(await store.messagePhotos.get(thumb ?? "")).toBeUndefined();
        expect(await store.messagePhotos.get(shared ?? "")).toEqual(Buffer.from("a picture two messages hold"));
        expect((await claimAll(store)).map((c) => c.job.id).sort()).toEqual([keep.id, newest.id, "push-kept"].sort());
        // Nothing the visitor wrote is kept anywhere, in any file or row.
        const atRest = await harness.atRest();
        for (const text of Object.values(words)) expect(atRest).not.toContain(text);
        expect(atRest).toContain("Visitor 1");
        // Twice, or an id never stored: nothing to erase, nothing breaks.
        expect(await store.messages.erase(gone.id, "owner@example.com")).toBe(false);
        expect(await store.messages.erase("no-such-id", "owner@example.com")).toBe(false);
        expect(await store.messages.setHandled(gone.id, false, "owner@example.com")).toBeUndefined();

        const again = await harness.open({ clock });
        await again.outbox.open();
        expect(await again.messages.get(gone.id)).toBeUndefined();
        expect((await again.messages.list()).items.map((m) => m.id)).toEqual([newest.id, keep.id]);
        now += 20 * MINUTE;
        expect((await claimAll(again)).map((c) => c.job.id)).not.toContain(gone.id);
        expect((await again.outbox.undelivered()).map((j) => j.id)).not.toContain(gone.id);
        // The newest message erased too: what the outbox remembers of where it stopped still holds.
        expect(await again.messages.erase(newest.id, "owner@example.com")).toBe(true);
        const third = await harness.open({ clock });
        await third.outbox.open();
        const later = await third.messages.add(contact(4));
        expect((await third.messages.list()).items.map((m) => m.id)).toEqual([later.id, keep.id]);
        expect((await claimAll(third, now + 20 * MINUTE)).map((c) => c.job.id)).toContain(later.id);
        expect(await harness.atRest()).not.toContain(words.message);
      });

      it("erases held spam and a rescued message from both boxes, and never tries again an email that was on its way", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const held = await store.messages.hold(contact(1, { name: "Sam Spam" }), "honeypot");
        expect(await store.messages.erase(held.id, "owner@example.com")).toBe(true);
        expect((await store.messages.list({ box: "spam" })).items).toEqual([]);
        expect(await store.messages.rescue(held.id, "owner@example.com")).toBeUndefined();

        const rescued = await store.messages.hold(contact(2, { name: "Rita Rescued" }), "too fast");
        await store.messages.rescue(rescued.id, "owner@example.com");
        // Its email is with the mail server when the owner erases it: the send goes on, and a retry never comes.
        expect((await claimAll(store)).map((c) => c.job.id)).toEqual([rescued.id]);
        expect(await store.messages.erase(rescued.id, "owner@example.com")).toBe(true);
        await store.outbox.settle(rescued.id, 1, { outcome: "retry", error: "451 try later", nextAttemptAt: now + MINUTE });
        expect(await claimAll(store, now + 60 * MINUTE)).toEqual([]);
        expect((await store.outbox.undelivered()).map((j) => j.id)).not.toContain(rescued.id);
        expect(await store.messages.get(rescued.id)).toBeUndefined();
        expect((await store.messages.list({ box: "spam" })).items).toEqual([]);
        expect((await store.messages.list()).items).toEqual([]);
        expect(await harness.atRest()).not.toMatch(/Sam Spam|Rita Rescued/);
        const again = await harness.open({ clock });
        await again.outbox.open();
        expect(await claimAll(again, now + 60 * MINUTE)).toEqual([]);
        expect(await again.messages.all("spam")).toEqual([]);
      });

      it("erases while the owner's other taps and the sender race it, without failing or bringing a message back", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const inbox: Submission[] = [];
        const spam: Submission[] = [];
        for (let n = 0; n < 12; n += 1) {
          inbox.push(await store.messages.add(contact(n)));
          spam.push(await store.messages.hold(contact(100 + n), "honeypot"));
        }
        const erased = [...inbox.filter((_, n) => n % 2 === 0), ...spam.filter((_, n) => n % 2 === 0)].map((m) => m.id);
        const by = "owner@example.com";
        const results = await Promise.all([
          ...erased.flatMap((id) => [store.messages.erase(id, by), store.messages.erase(id, "helper@example.com")]),
          ...[...inbox, ...spam].flatMap((m) => [
            store.messages.get(m.id),
            store.messages.setHandled(m.id, true, by),
            store.messages.answer(m.id, "call", by),
            store.messages.rescue(m.id, by),
          ]),
          store.messages.list({ limit: 5 }),
          store.messages.list({ box: "spam", limit: 5 }),
          store.messages.list({ handled: true }),
          claimAll(store),
        ]);
        // Each erased message was erased by exactly one of its two erases.
        expect(results.slice(0, erased.length * 2).filter((r) => r === true)).toHaveLength(erased.length);
        const check = async (s: Store) => {
          for (const id of erased) expect(await s.messages.get(id)).toBeUndefined();
          const listed = [...(await s.messages.list({ limit: 100 })).items, ...(await s.messages.list({ box: "spam", limit: 100 })).items].map((m) => m.id);
          expect(listed.filter((id) => erased.includes(id))).toEqual([]);
          expect(listed).toEqual(expect.arrayContaining([...inbox, ...spam].map((m) => m.id).filter((id) => !erased.includes(id))));
          expect((await s.messages.all("inbox")).filter((m) => erased.includes(m.id))).toEqual([]);
        };
        await check(store);
        const again = await harness.open({ clock });
        await again.outbox.open();
        await check(again);
        expect((await claimAll(again, now + 60 * MINUTE)).filter((c) => erased.includes(c.job.id))).toEqual([]);
      });

      it("keeps a message's first answer only, whichever of many taps at once comes first, and Handled as one when none came before", async () => {
        const { store, harness } = await fresh();
        const [a, b, c] = [await store.messages.add(contact(1)), await store.messages.add(contact(2)), await store.messages.add(contact(3))];
        const spam = await store.messages.hold(contact(4), "honeypot");
        now += 7 * MINUTE;
        const at = new Date(now).toISOString();
        // Twenty taps at once, as from a phone and a computer, on one message: one is first.
        const ways = ["call", "text", "email"] as const;
        const taps = await Promise.all(Array.from({ length: 20 }, (_, i) => store.messages.answer(a.id, ways[i % 3] ?? "call", "owner@example.com")));
        const firsts = taps.filter((t) => t?.first);
        expect(firsts).toHaveLength(1);
        const first = firsts[0]?.answer;
        expect(first).toEqual({ id: a.id, how: expect.stringMatching(/^(call|text|email)$/), by: "owner@example.com", at });
        expect(new Set(taps.map((t) => JSON.stringify(t?.answer)))).toEqual(new Set([JSON.stringify(first)]));
        now += MINUTE;
        expect(await store.messages.answer(a.id, "email", "helper@example.com")).toEqual({ answer: first, first: false });
        // "Mark handled" on a message never answered is its answer; on one answered it changes nothing of the answer.
        await store.messages.setHandled(b.id, true, "helper@example.com");
        await store.messages.setHandled(a.id, true, "owner@example.com");
        await store.messages.setHandled(c.id, false, "owner@example.com");
        const answered = async (id: string) => (await (await harness.open({ clock })).messages.get(id))?.answered;
        expect(await answered(a.id)).toEqual(first);
        expect(await answered(b.id)).toEqual({ id: b.id, how: "handled", by: "helper@example.com", at: new Date(now).toISOString() });
        expect(await answered(c.id)).toBeUndefined();
        const listed = (await (await harness.open({ clock })).messages.list()).items;
        expect(Object.fromEntries(listed.map((m) => [m.name, m.answered?.how]))).toEqual({ "Visitor 1": first?.how, "Visitor 2": "handled", "Visitor 3": undefined });
        const again = await harness.open({ clock });
        expect(await again.messages.answer(spam.id, "call", "owner@example.com")).toBeUndefined();
        expect(await again.messages.answer("no-such-id", "call", "owner@example.com")).toBeUndefined();
      });
    });

    describe("reviews", () => {
      it("stores reviews pending, queues their email, and records decisions from links, the CLI and the desk alike", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        expect(await store.reviews.approved()).toBeUndefined();
        const a = await store.reviews.add(review(1), { landingPage: "/reviews" });
        now += 1000;
        const b = await store.reviews.add(review(2));
        now += 1000;
        const c = await store.reviews.add(review(3));
        await store.reviews.hold(review(4), "too-fast");
        expect(a).toMatchObject({ ...review(1), approved: false, landingPage: "/reviews", createdAt: new Date(T0).toISOString() });
        expect((await claimAll(store)).map((j) => [j.job.kind, j.job.id]).sort()).toEqual([a, b, c].map((r) => ["review", r.id]).sort());
        expect((await store.reviews.list()).map((r) => r.state)).toEqual(["pending", "pending", "pending"]);

        now += MINUTE;
        const byLink = await store.reviews.decide({ id: a.id, approved: true, via: "link", by: "owner@example.com", token: "signature-a" });
        expect(byLink).toEqual({ ok: true, decision: { id: a.id, approved: true, at: new Date(now).toISOString(), via: "link", by: "owner@example.com", token: "signature-a" } });
        expect(await store.reviews.decide({ id: b.id, approved: false, via: "cli", by: "root on the server" })).toMatchObject({ ok: true });
        expect(await store.reviews.decide({ id: c.id, approved: true, via: "desk", by: "owner@example.com" })).toMatchObject({ ok: true });

        expect((await store.reviews.list({ state: "approved" })).map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
        expect((await store.reviews.list({ state: "rejected" })).map((r) => r.id)).toEqual([b.id]);
        expect(await store.reviews.get(c.id)).toMatchObject({ state: "approved", approved: true, decision: { via: "desk", by: "owner@example.com" } });
        // As the site shows them: newest first, only the fields a page shows.
        expect(await store.reviews.approved()).toEqual([
          { id: c.id, ...review(3), approved: true, createdAt: c.createdAt },
          { id: a.id, ...review(1), approved: true, createdAt: a.createdAt },
        ]);

        const again = await harness.open({ clock });
        expect((await again.reviews.get(b.id))?.state).toBe("rejected");
        expect(await again.reviews.decide({ id: "no-such-id", approved: true, via: "desk", by: "owner@example.com" })).toEqual({ ok: false, problem: "unknown-review" });
      });

      it("lets an email link decide once, however often it is pressed", async () => {
        const { store, harness } = await fresh();
        const { id } = await store.reviews.add(review(1));
        const presses = await Promise.all(
          Array.from({ length: 5 }, (_, i) => store.reviews.decide({ id, approved: i % 2 === 0, via: "link", by: "owner@example.com", token: "one-link" })),
        );
        const used = presses.filter((p) => p.ok);
        expect(used).toHaveLength(1);
        const decision = used[0]?.ok ? used[0].decision : undefined;
        expect(presses.filter((p) => !p.ok)).toEqual(Array(4).fill({ ok: false, problem: "link-used", decision }));
        expect(await store.reviews.linkUse("one-link")).toEqual(decision);
        expect(await store.reviews.linkUse("another-link")).toBeUndefined();
        const again = await harness.open({ clock });
        expect(await again.reviews.decide({ id, approved: true, via: "link", by: "owner@example.com", token: "one-link" })).toMatchObject({ ok: false, problem: "link-used" });
      });

      it("lists every review once with its last decision while reviews arrive and are decided at once", async () => {
        const { store } = await fresh();
        const first = await Promise.all(Array.from({ length: 20 }, (_, i) => store.reviews.add(review(i))));
        const lists: Promise<unknown>[] = [];
        const arriving = Array.from({ length: 30 }, (_, i) => store.reviews.add(review(100 + i)));
        const deciding = first.map((r, i) => store.reviews.decide({ id: r.id, approved: i % 2 === 0, via: "desk", by: "owner@example.com" }));
        for (let i = 0; i < 20; i++) lists.push(store.reviews.list(), store.reviews.get(first[i % first.length]?.id ?? ""));
        const [added] = await Promise.all([Promise.all(arriving), Promise.all(deciding), Promise.all(lists)]);
        const listed = await store.reviews.list();
        expect(listed).toHaveLength(50);
        expect(new Set(listed.map((r) => r.id)).size).toBe(50);
        expect(listed.filter((r) => r.state === "pending").map((r) => r.id).sort()).toEqual(added.map((r) => r.id).sort());
        for (const [i, r] of first.entries()) expect((await store.reviews.get(r.id))?.state).toBe(i % 2 === 0 ? "approved" : "rejected");
        expect((await store.reviews.approved())?.map((r) => r.id).sort()).toEqual(first.filter((_, i) => i % 2 === 0).map((r) => r.id).sort());
      });

      it("signals once per change of the approved reviews, not for a decision that shows nothing new", async () => {
        const { store } = await fresh();
        const [a, b] = [await store.reviews.add(review(1)), await store.reviews.add(review(2))];
        let signals = 0;
        const stop = store.reviews.watchApproved(() => void (signals += 1));
        const settled = async (expected: number) => {
          await expect.poll(() => signals, { timeout: 5_000 }).toBe(expected);
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(signals).toBe(expected);
        };
        await store.reviews.decide({ id: b.id, approved: false, via: "desk", by: "owner@example.com" });
        await settled(0);
        await store.reviews.decide({ id: a.id, approved: true, via: "desk", by: "owner@example.com" });
        await settled(1);
        await store.reviews.decide({ id: a.id, approved: false, via: "cli", by: "root on the server" });
        await settled(2);
        stop();
        await store.reviews.decide({ id: a.id, approved: true, via: "desk", by: "owner@example.com" });
        await settled(2);
      });

      it("erases a review for good: its line or row, its email and notification not sent, off the site with one signal, across a restart", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const words = { name: "Erin Erased", location: "Secret Hollow, SC", rating: 4, text: "Please take my review down, the gate code 4417 is in it." };
        const kept = await store.reviews.add(review(1));
        now += MINUTE;
        const shown = await store.reviews.add(words);
        now += MINUTE;
        const waiting = await store.reviews.add({ ...review(3), name: "Walt Waiting" });
        const held = await store.reviews.hold({ ...review(4), name: "Sam Spam" }, "honeypot");
        // The first two emails went; the third waits with a notification about it, and the process restarts.
        for (const { job } of await claimAll(store)) if (job.id !== waiting.id) await store.outbox.settle(job.id, 1, { outcome: "sent" });
        await store.outbox.add(pushAbout(waiting.id, "push-review-waiting", "Walt Waiting: 5 stars", "review"));
        await store.reviews.decide({ id: kept.id, approved: true, via: "desk", by: "owner@example.com" });
        await store.reviews.decide({ id: shown.id, approved: true, via: "link", by: "owner@example.com", token: "link-of-shown" });
        const again = await harness.open({ clock });
        await again.outbox.open();
        let signals = 0;
        const stop = again.reviews.watchApproved(() => void (signals += 1));

        expect(await again.reviews.erase(shown.id, "owner@example.com")).toBe(true);
        expect(await again.reviews.erase(waiting.id, "owner@example.com")).toBe(true);
        expect(await again.reviews.erase(held.id, "owner@example.com")).toBe(true);
        // The site: the set shown changed once (the pending one was never on it).
        await expect.poll(() => signals, { timeout: 5_000 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(signals).toBe(1);
        stop();
        expect(await again.reviews.approved()).toEqual([{ id: kept.id, ...review(1), approved: true, createdAt: kept.createdAt }]);
        expect((await again.reviews.list()).map((r) => r.id)).toEqual([kept.id]);
        expect(await again.reviews.get(shown.id)).toBeUndefined();
        expect((await claimAll(again)).map((c) => c.job.id)).toEqual([]);
        expect(await harness.atRest()).not.toMatch(/Erin Erased|Secret Hollow|gate code|Walt Waiting|Sam Spam/);
        // Twice, unknown, or decided after: nothing.
        expect(await again.reviews.erase(shown.id, "owner@example.com")).toBe(false);
        expect(await again.reviews.erase("no-such-id", "owner@example.com")).toBe(false);
        expect(await again.reviews.decide({ id: shown.id, approved: false, via: "desk", by: "owner@example.com" })).toEqual({ ok: false, problem: "unknown-review" });

        const third = await harness.open({ clock });
        await third.outbox.open();
        expect((await third.reviews.list()).map((r) => r.id)).toEqual([kept.id]);
        expect(await claimAll(third, now + 60 * MINUTE)).toEqual([]);
        // With every review erased the site shows none, not an older export (content/reviews.json).
        expect(await third.reviews.erase(kept.id, "owner@example.com")).toBe(true);
        expect(await third.reviews.approved()).toEqual([]);
      });

      it("erases many reviews while decisions, new reviews and lists race it, without failing or bringing one back", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const first: Array<Awaited<ReturnType<Store["reviews"]["add"]>>> = [];
        for (let n = 0; n < 10; n += 1) first.push(await store.reviews.add(review(n)));
        for (const r of first.slice(0, 5)) await store.reviews.decide({ id: r.id, approved: true, via: "desk", by: "owner@example.com" });
        const erased = first.filter((_, n) => n % 2 === 0).map((r) => r.id);
        const results = await Promise.all([
          ...erased.flatMap((id) => [store.reviews.erase(id, "owner@example.com"), store.reviews.erase(id, "helper@example.com")]),
          ...first.map((r, n) => store.reviews.decide({ id: r.id, approved: n % 3 !== 0, via: "link", by: "owner@example.com", token: `race-${n}` })),
          ...Array.from({ length: 10 }, (_, n) => store.reviews.add(review(100 + n))),
          store.reviews.list(),
          store.reviews.approved(),
          claimAll(store),
        ]);
        expect(results.slice(0, erased.length * 2).filter((r) => r === true)).toHaveLength(erased.length);
        const added = results.slice(erased.length * 2 + first.length, erased.length * 2 + first.length + 10).flatMap((r) => (r && typeof r === "object" && "rating" in r ? [r.id] : []));
        expect(added).toHaveLength(10);
        const check = async (s: Store) => {
          const listed = (await s.reviews.list()).map((r) => r.id);
          expect(listed.filter((id) => erased.includes(id))).toEqual([]);
          expect(listed.sort()).toEqual([...first.map((r) => r.id).filter((id) => !erased.includes(id)), ...added].sort());
          expect(((await s.reviews.approved()) ?? []).filter((r) => erased.includes(r.id))).toEqual([]);
        };
        await check(store);
        const again = await harness.open({ clock });
        await again.outbox.open();
        await check(again);
        expect((await claimAll(again, now + 60 * MINUTE)).filter((c) => erased.includes(c.job.id))).toEqual([]);
      });
    });

    describe("outbox", () => {
      const signIn = (id: string, expiresAt: number): SignInJob => ({
        kind: "sign-in",
        id,
        createdAt: new Date(now).toISOString(),
        to: "owner@example.com",
        expiresAt: new Date(expiresAt).toISOString(),
        secret: { code: "482913", link: `https://site.example/owner/sign-in?token=${id}-tok3n` },
      });

      it("mails a sign-in code once and keeps it readable only until it is sent", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const job = signIn("a1b2c3d4-0000-4000-8000-000000000001", now + 15 * MINUTE);
        await store.outbox.add(job);
        await store.outbox.add(job);
        const [claimed, ...more] = await claimAll(store);
        expect(more).toEqual([]);
        expect(claimed).toEqual({ job, attempts: 0 });
        expect((await store.outbox.undelivered()).map((u) => [u.kind, u.state, JSON.stringify(u.job).includes("482913")])).toEqual([["sign-in", "pending", false]]);
        await store.outbox.settle(job.id, 1, { outcome: "sent" });
        expect(await harness.atRest()).not.toContain("482913");
        expect(await harness.atRest()).not.toContain(job.secret.link);
        expect(await store.outbox.undelivered()).toEqual([]);
        expect(await claimAll(store, now + 60 * MINUTE)).toEqual([]);
      });

      it("never mails a sign-in code past its expiry, and erases it", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const job = signIn("a1b2c3d4-0000-4000-8000-000000000002", now + 15 * MINUTE);
        await store.outbox.add(job);
        const [first] = await claimAll(store);
        await store.outbox.settle(job.id, 1, { outcome: "retry", error: "451 later", nextAttemptAt: now + 20 * MINUTE });
        expect(first?.job.id).toBe(job.id);
        expect(await claimAll(store, now + 20 * MINUTE)).toEqual([]);
        expect(await harness.atRest()).not.toContain("482913");
        expect(await store.outbox.undelivered()).toEqual([]);
      });

      it("hands out a sign-in email before older mail waiting in line: the owner is waiting on the code", async () => {
        const { store } = await fresh();
        await store.outbox.open();
        const waiting = [];
        for (let i = 1; i <= 5; i += 1) waiting.push(await store.messages.add(contact(i)));
        now += MINUTE;
        const job = signIn("a1b2c3d4-0000-4000-8000-000000000004", now + 15 * MINUTE);
        await store.outbox.add(job);
        const take = async (limit: number) => (await store.outbox.claim({ now, limit, leaseMs: 10 * MINUTE })).jobs.map((c) => c.job.id).sort();
        expect(await take(2)).toEqual([job.id, waiting[0]?.id].sort());
        expect(await take(2)).toEqual(waiting.slice(1, 3).map((m) => m.id).sort());
      });

      it("queues a report as given, retries on schedule, and keeps jobs across a restart", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const report = { kind: "report", id: "week-2025-03-03", createdAt: new Date(now).toISOString(), to: "owner@example.com", subject: "Your week", text: "12 calls", html: "<p>12 calls</p>" } as const;
        await store.outbox.add(report);
        const message = await store.messages.add(contact(1));
        const claimed = await claimAll(store);
        expect(claimed.map((c) => c.job).sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
          { kind: "contact", id: message.id, createdAt: message.createdAt, message },
          report,
        ]);
        // Claimed: nobody else gets them until they are settled or the lease runs out.
        expect(await claimAll(store)).toEqual([]);
        await store.outbox.settle(report.id, 1, { outcome: "retry", error: "451 later", nextAttemptAt: now + 5 * MINUTE });
        expect(await claimAll(store, now + 4 * MINUTE)).toEqual([]);
        expect((await claimAll(store, now + 5 * MINUTE)).map((c) => [c.job.id, c.attempts])).toEqual([[report.id, 1]]);
        await store.outbox.settle(report.id, 2, { outcome: "failed", error: "550 no such mailbox" });
        expect((await store.outbox.undelivered()).find((u) => u.id === report.id)).toMatchObject({ state: "failed", attempts: 2, lastError: "550 no such mailbox" });

        // A restart (or, with a database, the end of the lease): the unsettled contact job is due again, the failed report is not.
        now += 11 * MINUTE;
        const again = await harness.open({ clock });
        await again.outbox.open();
        expect((await claimAll(again)).map((c) => c.job.id)).toEqual([message.id]);
        expect((await again.outbox.undelivered()).map((u) => [u.id, u.state]).sort()).toEqual([[message.id, "pending"], [report.id, "failed"]].sort());
        await again.outbox.settle(message.id, 1, { outcome: "sent" });
        expect((await again.outbox.undelivered()).map((u) => u.id)).toEqual([report.id]);
      });

      it("sends a notification to the phone before mail waiting in line, once per id, and forgets one that failed", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const waiting = [];
        for (let i = 1; i <= 3; i += 1) waiting.push(await store.messages.add(contact(i)));
        now += MINUTE;
        const push = (id: string): PushJob => ({
          kind: "push",
          id,
          createdAt: new Date(now).toISOString(),
          device: "0123456789abcdef01234567",
          notice: { title: "New message: Visitor 1", body: "Tree trimming · Irmo\nThe oak leans.", url: "/owner/messages/x", tag: "m-x", urgency: "high" },
        });
        const [first, second] = [push("push-a1"), push("push-a2")];
        await store.outbox.add(first);
        await store.outbox.add(first);
        await store.outbox.add(second);
        const take = async (limit: number) => (await store.outbox.claim({ now, limit, leaseMs: 10 * MINUTE })).jobs;
        const claimed = await take(2);
        expect(claimed.map((c) => c.job).sort((x, y) => x.id.localeCompare(y.id))).toEqual([first, second]);
        expect((await take(5)).map((c) => c.job.id).sort()).toEqual(waiting.map((m) => m.id).sort());
        await store.outbox.settle(first.id, 1, { outcome: "sent" });
        await store.outbox.settle(second.id, 1, { outcome: "failed", error: "410 Gone" });
        expect((await store.outbox.undelivered()).map((u) => u.kind)).toEqual(["contact", "contact", "contact"]);
        // Mail has a limit of its own within a claim: what someone waits on is never held up behind it.
        const later = [await store.messages.add(contact(8)), await store.messages.add(contact(9))];
        await store.outbox.add(push("push-a3"));
        const limited = async (mailLimit: number) => (await store.outbox.claim({ now, limit: 5, leaseMs: 10 * MINUTE, mailLimit })).jobs.map((c) => c.job.id);
        expect(await limited(0)).toEqual(["push-a3"]);
        expect(await limited(1)).toEqual([later[0]?.id]);
        expect(await limited(5)).toEqual([later[1]?.id]);
        for (const id of [...later.map((m) => m.id), "push-a3"]) await store.outbox.settle(id, 1, { outcome: "sent" });
        // Sent or failed, a notification is not queued again under its id, nor found again after a restart.
        await store.outbox.add(first);
        const again = await harness.open({ clock });
        await again.outbox.open();
        expect((await again.outbox.undelivered()).map((u) => u.kind)).toEqual(["contact", "contact", "contact"]);
        now += 11 * MINUTE;
        expect((await claimAll(again)).map((c) => c.job.kind)).toEqual(["contact", "contact", "contact"]);
      });

      it("renews the claim of a job being sent, keeps it from every other claim, and renews none once it is settled", async () => {
        const { store } = await fresh();
        await store.outbox.open();
        const [first, second] = [await store.messages.add(contact(1)), await store.messages.add(contact(2))];
        expect((await claimAll(store)).map((c) => c.job.id).sort()).toEqual([first.id, second.id].sort());
        // The heartbeat: nine minutes into a ten-minute lease, both are renewed (and an id never claimed is not).
        expect((await store.outbox.renew({ ids: [first.id, second.id, "never-claimed"], now: now + 9 * MINUTE, leaseMs: 10 * MINUTE })).sort()).toEqual([first.id, second.id].sort());
        expect(await claimAll(store, now + 15 * MINUTE)).toEqual([]);
        await store.outbox.settle(first.id, 1, { outcome: "sent" });
        await store.outbox.settle(second.id, 1, { outcome: "retry", error: "451 later", nextAttemptAt: now + 16 * MINUTE });
        expect(await store.outbox.renew({ ids: [first.id, second.id], now: now + 15 * MINUTE, leaseMs: 10 * MINUTE })).toEqual([]);
        // Due at its retry, not at the end of a renewed lease.
        expect((await claimAll(store, now + 16 * MINUTE)).map((c) => [c.job.id, c.attempts])).toEqual([[second.id, 1]]);
      });

      it("tells a sender when jobs were queued", async () => {
        const { store } = await fresh();
        await store.outbox.open();
        let woken = 0;
        const stop = store.outbox.watch(() => void (woken += 1));
        await store.messages.add(contact(1));
        await store.reviews.add(review(1));
        await store.outbox.add(signIn("a1b2c3d4-0000-4000-8000-000000000003", now + 15 * MINUTE));
        await expect.poll(() => woken, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
        stop();
      });
    });

    describe("push devices", () => {
      const device = (n: number, extra: Partial<PushDevice> = {}): PushDevice => ({
        id: n.toString(16).padStart(24, "0"),
        endpoint: `https://push.example/send/${n}`,
        keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, n)]).toString("base64url"), auth: Buffer.alloc(16, n).toString("base64url") },
        by: "owner@example.com",
        device: "iPhone",
        createdAt: new Date(now).toISOString(),
        ...extra,
      });

      it("keeps a device once, replaces its keys when it subscribes again, and forgets it when turned off", async () => {
        const { store, harness } = await fresh();
        expect(await store.push.add(device(1))).toEqual({ added: true });
        now += MINUTE;
        expect(await store.push.add(device(2, { by: "helper@example.com", device: "Android phone" }))).toEqual({ added: true });
        // The same subscription again (the desk checks it at every opening): nothing changes, not even its time.
        expect(await store.push.add({ ...device(1), createdAt: new Date(now).toISOString() })).toEqual({ added: false });
        expect(await store.push.list()).toEqual([device(1, { createdAt: new Date(now - MINUTE).toISOString() }), device(2, { by: "helper@example.com", device: "Android phone" })]);
        // New keys for the same endpoint: the same device, replaced in its place.
        const renewed = device(1, { keys: device(9).keys, createdAt: new Date(now).toISOString() });
        expect(await store.push.add(renewed)).toEqual({ added: false });
        expect((await (await harness.open({ clock })).push.list()).map((d) => [d.id, d.keys.auth])).toEqual([
          [renewed.id, renewed.keys.auth],
          [device(2).id, device(2).keys.auth],
        ]);
        const again = await harness.open({ clock });
        expect(await again.push.get(renewed.id)).toEqual(renewed);
        expect(await again.push.remove(renewed.id, "off")).toBe(true);
        expect(await again.push.remove(renewed.id, "off")).toBe(false);
        expect(await again.push.get(renewed.id)).toBeUndefined();
        expect((await (await harness.open({ clock })).push.list()).map((d) => d.id)).toEqual([device(2).id]);
      });

      it("does not let the desk subscribe again by itself a device the owner turned off, until the owner turns it on", async () => {
        const { store, harness } = await fresh();
        await store.push.add(device(1));
        await store.push.add(device(2));
        await store.push.remove(device(1).id, "off");
        await store.push.remove(device(2).id, "gone");
        const later = await harness.open({ clock });
        // Turned off: refused, whether it comes back as itself or as a new subscription replacing it.
        expect(await later.push.add(device(1), { unlessTurnedOff: [] })).toEqual({ added: false, turnedOff: true });
        expect(await later.push.add(device(3), { unlessTurnedOff: [device(1).id] })).toEqual({ added: false, turnedOff: true });
        // Gone (the push service said so): subscribed again by itself.
        expect(await later.push.add(device(2), { unlessTurnedOff: [] })).toEqual({ added: true });
        expect((await later.push.list()).map((d) => d.id)).toEqual([device(2).id]);
        // The owner's tap turns it on again, and then it is an ordinary device.
        expect(await later.push.add(device(1))).toEqual({ added: true });
        expect(await (await harness.open({ clock })).push.add(device(1), { unlessTurnedOff: [] })).toEqual({ added: false });
        expect((await (await harness.open({ clock })).push.list()).map((d) => d.id).sort()).toEqual([device(1).id, device(2).id].sort());
      });

      it("keeps ten devices per owner at most, however many subscribe at once, and signs one owner's all out", async () => {
        const { store, harness } = await fresh();
        await store.push.add(device(100, { by: "helper@example.com" }));
        await Promise.all(Array.from({ length: 25 }, (_, i) => store.push.add(device(i + 1))));
        const mine = (await store.push.list()).filter((d) => d.by === "owner@example.com");
        expect(mine).toHaveLength(10);
        now += MINUTE;
        const newest = device(50, { createdAt: new Date(now).toISOString() });
        await store.push.add(newest);
        expect((await store.push.list()).filter((d) => d.by === "owner@example.com").map((d) => d.id)).toContain(newest.id);
        expect(await store.push.removeAllOf("owner@example.com")).toBe(10);
        expect((await (await harness.open({ clock })).push.list()).map((d) => d.by)).toEqual(["helper@example.com"]);
      });
    });

    describe("visits", () => {
      const view = (day: string, page: string, count = 1): VisitCount => ({ day, kind: "view", path: page, source: "google.com", device: "phone", landing: "", button: "", count });
      const total = (rows: readonly VisitCount[], kind: VisitCount["kind"]) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);

      it("sums counts by key across batches and keeps them across a restart", async () => {
        const { store, harness } = await fresh();
        await store.visits.add({ counts: [view("2025-06-02", "/locations/irmo-sc", 2), view("2025-06-02", "/")], visitors: [] });
        await store.visits.add({ counts: [view("2025-06-02", "/locations/irmo-sc", 3), view("2025-06-03", "/")], visitors: [] });
        expect(await store.visits.counts("2025-06-02", "2025-06-02")).toEqual([view("2025-06-02", "/locations/irmo-sc", 5), view("2025-06-02", "/")]);
        const again = await harness.open();
        expect(total(await again.visits.counts("2025-06-01", "2025-06-30"), "view")).toBe(7);
        expect(await again.visits.counts("2025-06-03", "2025-06-03")).toEqual([view("2025-06-03", "/")]);
      });

      it("counts a visitor once a day, also after a restart, and per device", async () => {
        const { store, harness } = await fresh();
        await store.visits.daySalt("2025-06-02");
        const seen = (hash: string, device: DeviceClass) => ({ day: "2025-06-02", hash, device });
        await store.visits.add({ counts: [], visitors: [seen("a", "phone"), seen("a", "phone")] });
        await store.visits.add({ counts: [], visitors: [seen("a", "phone"), seen("b", "desktop")] });
        const again = await harness.open();
        await again.visits.add({ counts: [], visitors: [seen("b", "desktop"), seen("c", "phone")] });
        const rows = (await again.visits.counts("2025-06-02", "2025-06-02")).filter((r) => r.kind === "visitor");
        expect(rows.map((r) => [r.device, r.count])).toEqual([
          ["phone", 2],
          ["desktop", 1],
        ]);
      });

      it("counts an address coming from a referring site once a day, also after a restart, and forgets the hashes when the day ends", async () => {
        const { store, harness } = await fresh();
        await store.visits.daySalt("2025-06-02");
        const from = (hash: string, source: string) => ({ day: "2025-06-02", hash, source });
        await store.visits.add({ counts: [], visitors: [], referred: [from("r-a", "chapin-news.example"), from("r-a", "chapin-news.example")] });
        await store.visits.add({ counts: [], visitors: [], referred: [from("r-a", "chapin-news.example"), from("r-b", "chapin-news.example"), from("r-c", "spam.example")] });
        const again = await harness.open();
        await again.visits.add({ counts: [], visitors: [], referred: [from("r-b", "chapin-news.example"), from("r-d", "chapin-news.example")] });
        const referred = (rows: readonly VisitCount[]) => rows.filter((r) => r.kind === "referred").map((r) => [r.source, r.count]);
        expect(referred(await again.visits.counts("2025-06-02", "2025-06-02"))).toEqual([
          ["chapin-news.example", 3],
          ["spam.example", 1],
        ]);
        expect(await harness.atRest()).toContain("r-d");
        await again.visits.endDaysBefore("2025-06-03");
        expect(await harness.atRest()).not.toContain("r-d");
        expect(total(await again.visits.counts("2025-06-02", "2025-06-02"), "referred")).toBe(4);
      });

      it("keeps one salt per day, the same after a restart, and forgets it and the day's hashes when the day ends", async () => {
        const { store, harness } = await fresh();
        const salt = await store.visits.daySalt("2025-06-02");
        expect(salt.length).toBeGreaterThanOrEqual(16);
        expect(await store.visits.daySalt("2025-06-02")).toEqual(salt);
        const again = await harness.open();
        expect(await again.visits.daySalt("2025-06-02")).toEqual(salt);
        await again.visits.add({ counts: [], visitors: [{ day: "2025-06-02", hash: "hash-of-someone", device: "phone" }] });
        expect(await harness.atRest()).toContain("hash-of-someone");
        await again.visits.endDaysBefore("2025-06-03");
        // Gone at rest: nothing left links the day's visitors to each other or to the next day's.
        const rest = await harness.atRest();
        expect(rest).not.toContain("hash-of-someone");
        expect(rest).not.toContain(salt.toString("base64"));
        expect(rest).not.toContain(salt.toString("hex"));
        const next = await again.visits.daySalt("2025-06-03");
        expect(next).not.toEqual(salt);
        // The ended day's salt never comes back.
        expect(await again.visits.daySalt("2025-06-02")).not.toEqual(salt);
        // Its visitors were counted and stay counted.
        expect(total(await again.visits.counts("2025-06-02", "2025-06-02"), "visitor")).toBe(1);
      });

      it("deletes the counts of days past keeping, and only those", async () => {
        const { store } = await fresh();
        await store.visits.add({ counts: [view("2024-04-30", "/"), view("2024-05-01", "/"), view("2025-06-02", "/")], visitors: [] });
        await store.visits.deleteBefore("2024-05-01");
        expect((await store.visits.counts("2000-01-01", "2099-12-31")).map((r) => r.day)).toEqual(["2024-05-01", "2025-06-02"]);
      });

      it("claims a name once, across restarts", async () => {
        const { store, harness } = await fresh();
        expect(await store.visits.claim("weekly-summary-2025-06-02")).toBe(true);
        expect(await store.visits.claim("weekly-summary-2025-06-02")).toBe(false);
        const again = await harness.open();
        expect(await again.visits.claim("weekly-summary-2025-06-02")).toBe(false);
        expect(await again.visits.claim("weekly-summary-2025-06-09")).toBe(true);
      });

      it("leaves the day's salt and hashes out of a backup", async () => {
        const { store } = await fresh();
        const salt = await store.visits.daySalt("2025-06-02");
        await store.visits.add({ counts: [view("2025-06-02", "/")], visitors: [{ day: "2025-06-02", hash: "hash-of-someone", device: "phone" }] });
        const target = path.join(tmpdir(), `store-suite-visits-backup-${process.pid}-${Date.now()}`);
        try {
          await store.backup(target);
          const copied = await readEveryFile(target);
          expect(copied).toContain('"kind":"visitor"');
          expect(copied).not.toContain("hash-of-someone");
          expect(copied).not.toContain(salt.toString("base64"));
        } finally {
          await rm(target, { recursive: true, force: true });
        }
      });
    });

    describe("estimate visits", () => {
      const nine = "2026-03-09T09:00:00-04:00";
      const visit = (n: number, start = nine): NewEstimateVisit => estimateVisit(n, start);
      const visitJobsOf = (jobs: Awaited<ReturnType<typeof claimAll>>) =>
        jobs.flatMap(({ job }) => (job.kind === "estimate-visit" ? [job] : [])).sort((a, b) => a.id.localeCompare(b.id));
      const summary = (job: VisitJob) => [job.event, job.to, job.visit.id];

      it("books the lowest free seat of a time with its two invitations, lists and keeps it across a restart", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const first = await store.estimateVisits.book(visit(1), 2);
        expect(first).toEqual({ id: expect.any(String), ...visit(1), seat: 1, createdAt: new Date(T0).toISOString() });
        const second = await store.estimateVisits.book(visit(2), 2);
        expect(second?.seat).toBe(2);
        expect(await store.estimateVisits.book(visit(3), 2)).toBeUndefined();
        // The same moment written another way is the same time.
        expect(await store.estimateVisits.book(visit(4, "2026-03-09T13:00:00.000Z"), 2)).toBeUndefined();
        const other = await store.estimateVisits.book(visit(5, "2026-03-09T10:00:00-04:00"), 2);
        expect(other?.seat).toBe(1);
        const jobs = visitJobsOf(await claimAll(store));
        expect(jobs.map(summary)).toEqual(
          [first, second, other].flatMap((v) => [["booked", "owner", v?.id], ["booked", "visitor", v?.id]]).sort((a, b) => `${a[2]}-${a[0]}-${a[1]}`.localeCompare(`${b[2]}-${b[0]}-${b[1]}`)),
        );
        expect(jobs.find((j) => j.visit.id === first?.id)?.visit).toEqual(first);

        const again = await harness.open({ clock });
        const day = await again.estimateVisits.starting("2026-03-09T04:00:00Z", "2026-03-10T04:00:00Z");
        expect(day.map((v) => [v.name, v.seat])).toEqual([["Visitor 1", 1], ["Visitor 2", 2], ["Visitor 5", 1]]);
        expect(await again.estimateVisits.get(first?.id ?? "")).toEqual(first);
        expect(await again.estimateVisits.get("no-such-visit")).toBeUndefined();
        expect((await again.estimateVisits.bookedSince(new Date(T0).toISOString())).map((v) => v.name).sort()).toEqual(["Visitor 1", "Visitor 2", "Visitor 5"]);
        expect(await again.estimateVisits.bookedSince(new Date(T0 + MINUTE).toISOString())).toEqual([]);
        // Nothing mailed twice after the restart.
        await again.outbox.open();
        expect(visitJobsOf(await claimAll(again, now + 11 * MINUTE)).map((j) => j.id).sort()).toEqual(jobs.map((j) => j.id).sort());
      });

      it("gives a time to exactly one of 20 bookings at once, and to exactly two when two visits may be at once", async () => {
        const { store } = await fresh();
        await store.outbox.open();
        const race = (start: string, seats: number) => Promise.all(Array.from({ length: 20 }, (_, n) => store.estimateVisits.book(visit(n, start), seats)));
        const one = (await race(nine, 1)).filter((v) => v !== undefined);
        expect(one).toHaveLength(1);
        const ten = "2026-03-09T10:00:00-04:00";
        const two = (await race(ten, 2)).filter((v) => v !== undefined);
        expect(two.map((v) => v.seat).sort()).toEqual([1, 2]);
        expect((await store.estimateVisits.starting("2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z")).length).toBe(3);
        // Each winner's two invitations, and nobody else's.
        expect(visitJobsOf(await claimAll(store)).map((j) => j.visit.id).sort()).toEqual([...one, ...two].flatMap((v) => [v.id, v.id]).sort());
      });

      it("cancels once, freeing the seat and mailing both a cancellation, however often it is pressed", async () => {
        const { store } = await fresh();
        await store.outbox.open();
        const booked = await store.estimateVisits.book(visit(1), 1);
        await claimAll(store);
        now += MINUTE;
        const presses = await Promise.all(Array.from({ length: 10 }, () => store.estimateVisits.cancel(booked?.id ?? "", { by: "visitor", who: "visitor1@example.com" })));
        expect(presses.filter((p) => p?.cancelled)).toHaveLength(1);
        const cancelled = { at: new Date(now).toISOString(), by: "visitor", who: "visitor1@example.com" };
        expect(presses.every((p) => p?.visit.cancelled && p.visit.cancelled.at === cancelled.at)).toBe(true);
        const jobs = visitJobsOf(await claimAll(store));
        expect(jobs.map(summary)).toEqual([["cancelled", "owner", booked?.id], ["cancelled", "visitor", booked?.id]]);
        expect(jobs[0]?.cancelled).toEqual(cancelled);
        expect(await store.estimateVisits.cancel("no-such-visit", { by: "owner", who: "owner@example.com" })).toBeUndefined();
        // The time is free again; the cancelled visit is listed only when asked for.
        const next = await store.estimateVisits.book(visit(2), 1);
        expect(next?.seat).toBe(1);
        expect((await store.estimateVisits.starting("2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z")).map((v) => v.name)).toEqual(["Visitor 2"]);
        expect((await store.estimateVisits.starting("2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z", { cancelled: true })).map((v) => [v.name, v.cancelled?.by])).toEqual([
          ["Visitor 1", "visitor"],
          ["Visitor 2", undefined],
        ]);
      });

      it("queues a visit's reminder once, and none for a cancelled visit", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const a = await store.estimateVisits.book(visit(1), 1);
        const b = await store.estimateVisits.book(visit(2, "2026-03-09T10:00:00-04:00"), 1);
        for (const { job } of await claimAll(store)) await store.outbox.settle(job.id, 1, { outcome: "sent" });
        now += MINUTE;
        expect((await Promise.all(Array.from({ length: 5 }, () => store.estimateVisits.remind(a?.id ?? "")))).filter(Boolean)).toHaveLength(1);
        await store.estimateVisits.cancel(b?.id ?? "", { by: "owner", who: "owner@example.com" });
        expect(await store.estimateVisits.remind(b?.id ?? "")).toBe(false);
        // After a restart too.
        const again = await harness.open({ clock });
        await again.outbox.open();
        expect(await again.estimateVisits.remind(a?.id ?? "")).toBe(false);
        expect((await again.estimateVisits.get(a?.id ?? ""))?.remindedAt).toBe(new Date(now).toISOString());
        const byVisit = (x: unknown[], y: unknown[]) => `${String(x[2])}${String(x[1])}`.localeCompare(`${String(y[2])}${String(y[1])}`);
        expect(visitJobsOf(await claimAll(again)).map(summary).sort(byVisit)).toEqual([["reminder", "visitor", a?.id], ["cancelled", "owner", b?.id], ["cancelled", "visitor", b?.id]].sort(byVisit));
      });

      it("erases a visit for good: its lines, its seat, its emails and notifications not sent, across a restart", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const ten = "2026-03-09T10:00:00-04:00";
        const words = { name: "Erin Erased", email: "erin.erased@example.com", address: "4417 Secret Gate Rd", message: "Gate code 4417, the dog is friendly." };
        const kept = await store.estimateVisits.book(visit(1), 1);
        const gone = await store.estimateVisits.book({ ...visit(2, ten), ...words }, 1);
        // The invitations went out; then a reminder and a notification wait, and the process restarts.
        for (const { job } of await claimAll(store)) await store.outbox.settle(job.id, 1, { outcome: "sent" });
        now += MINUTE;
        expect(await store.estimateVisits.remind(gone?.id ?? "")).toBe(true);
        await store.outbox.add(pushAbout(gone?.id ?? "", "push-visit-gone", `${words.name}: ${words.message}`, "visit"));
        await store.outbox.add(pushAbout(kept?.id ?? "", "push-visit-kept", "Kept", "visit"));
        const again = await harness.open({ clock });
        await again.outbox.open();

        expect(await again.estimateVisits.erase(gone?.id ?? "", "owner@example.com")).toBe(true);
        expect(await again.estimateVisits.get(gone?.id ?? "")).toBeUndefined();
        const day = ["2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z"] as const;
        expect((await again.estimateVisits.starting(...day, { cancelled: true })).map((v) => v.id)).toEqual([kept?.id]);
        expect((await again.estimateVisits.bookedSince(new Date(T0).toISOString())).map((v) => v.id)).toEqual([kept?.id]);
        expect((await claimAll(again)).map((c) => c.job.id).sort()).toEqual(["push-visit-kept"]);
        expect(await harness.atRest()).not.toMatch(/Erin Erased|erin\.erased|Secret Gate|Gate code/);
        expect(await harness.atRest()).toContain("Visitor 1");
        // Its seat is free; twice, an unknown id, a cancel or a reminder of it: nothing.
        expect((await again.estimateVisits.book(visit(3, ten), 1))?.seat).toBe(1);
        expect(await again.estimateVisits.erase(gone?.id ?? "", "owner@example.com")).toBe(false);
        expect(await again.estimateVisits.erase("no-such-visit", "owner@example.com")).toBe(false);
        expect(await again.estimateVisits.cancel(gone?.id ?? "", { by: "visitor", who: words.email })).toBeUndefined();
        expect(await again.estimateVisits.remind(gone?.id ?? "")).toBe(false);

        const third = await harness.open({ clock });
        await third.outbox.open();
        expect(await third.estimateVisits.get(gone?.id ?? "")).toBeUndefined();
        expect((await third.estimateVisits.starting(...day, { cancelled: true })).map((v) => v.name)).toEqual(["Visitor 1", "Visitor 3"]);
        // Nothing of it is mailed after the restart; what was open of the others still is.
        const open = (await claimAll(third, now + 60 * MINUTE)).map((c) => c.job);
        expect(open.filter((job) => JSON.stringify(job).includes(gone?.id ?? "-"))).toEqual([]);
        expect(open.map((job) => job.id)).toContain("push-visit-kept");
        expect(await harness.atRest()).not.toMatch(/Erin Erased|Gate code/);
      });

      it("erases many visits while bookings, cancellations and lists race it, without failing, bringing one back or giving a seat twice", async () => {
        const { store, harness } = await fresh();
        await store.outbox.open();
        const times = Array.from({ length: 6 }, (_, n) => new Date(Date.parse(nine) + n * 60 * MINUTE).toISOString());
        const first = await Promise.all(times.map((start, n) => store.estimateVisits.book(visit(n, start), 1)));
        const ids = first.map((v) => v?.id ?? "");
        const results = await Promise.all([
          ...ids.flatMap((id) => [store.estimateVisits.erase(id, "owner@example.com"), store.estimateVisits.erase(id, "helper@example.com")]),
          ...times.flatMap((start, n) => Array.from({ length: 5 }, (_, k) => store.estimateVisits.book(visit(100 + n * 5 + k, start), 1))),
          ...ids.map((id) => store.estimateVisits.cancel(id, { by: "visitor", who: "visitor@example.com" })),
          ...ids.map((id) => store.estimateVisits.remind(id)),
          store.estimateVisits.starting("2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z", { cancelled: true }),
          store.estimateVisits.bookedSince(new Date(T0).toISOString()),
          claimAll(store),
        ]);
        // Each visit erased by exactly one of its two erases.
        expect(results.slice(0, ids.length * 2).filter((r) => r === true)).toHaveLength(ids.length);
        const newlyBooked = results.slice(ids.length * 2, ids.length * 2 + times.length * 5).flatMap((r) => (r && typeof r === "object" && "seat" in r ? [r.id] : []));
        const check = async (s: Store) => {
          const day = await s.estimateVisits.starting("2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z", { cancelled: true });
          expect(day.filter((v) => ids.includes(v.id))).toEqual([]);
          expect(day.map((v) => v.id).sort()).toEqual([...newlyBooked].sort());
          // One seat a time: never two visits not cancelled at one time.
          for (const start of times) expect(day.filter((v) => !v.cancelled && Date.parse(v.start) === Date.parse(start)).length).toBeLessThanOrEqual(1);
          for (const id of ids) expect(await s.estimateVisits.get(id)).toBeUndefined();
        };
        await check(store);
        const again = await harness.open({ clock });
        await again.outbox.open();
        await check(again);
        const mailed = (await claimAll(again, now + 60 * MINUTE)).map((c) => c.job);
        expect(mailed.filter((job) => job.kind === "estimate-visit" && ids.includes(job.visit.id))).toEqual([]);
      });

      it("backs up the visits with what happened to them", async () => {
        const { store } = await fresh();
        const booked = await store.estimateVisits.book(visit(1), 1);
        now += MINUTE;
        await store.estimateVisits.cancel(booked?.id ?? "", { by: "owner", who: "owner@example.com" });
        const target = path.join(tmpdir(), `store-suite-visits-${process.pid}-${Date.now()}`);
        try {
          await store.backup(target);
          const lines = (await readFile(path.join(target, "estimate-visits.jsonl"), "utf8")).trim().split("\n").map((line) => JSON.parse(line));
          expect(lines.map((line) => line.event)).toEqual(["booked", "cancelled"]);
          expect(lines[1].cancelled).toEqual({ at: new Date(now).toISOString(), by: "owner", who: "owner@example.com" });
        } finally {
          await rm(target, { recursive: true, force: true });
        }
      });
    });

    describe("limits and keys", () => {
      it("counts takes per bucket and key in a sliding window", async () => {
        const { store } = await fresh();
        const rule = { limit: 2, windowMs: 10 * MINUTE };
        expect(await store.limits.take("contact", "198.51.100.7", rule)).toEqual({ ok: true });
        now += MINUTE;
        expect(await store.limits.take("contact", "198.51.100.7", rule)).toEqual({ ok: true });
        expect(await store.limits.take("contact", "198.51.100.7", rule)).toEqual({ ok: false, retryAfterSeconds: 540 });
        expect(await store.limits.take("reviews", "198.51.100.7", rule)).toEqual({ ok: true });
        expect(await store.limits.take("contact", "203.0.113.9", rule)).toEqual({ ok: true });
        now += 9 * MINUTE + 1;
        expect(await store.limits.take("contact", "198.51.100.7", rule)).toEqual({ ok: true });
        expect(await store.limits.take("contact", "198.51.100.7", rule)).toMatchObject({ ok: false });
        await store.limits.reset("contact", "198.51.100.7");
        expect(await store.limits.take("contact", "198.51.100.7", rule)).toEqual({ ok: true });
      });

      it("lets exactly `limit` of many takes at once through, per bucket and key", async () => {
        const { store } = await fresh();
        const rule = { limit: 5, windowMs: 10 * MINUTE };
        const asks = ["contact", "reviews"].flatMap((bucket) =>
          ["198.51.100.7", "203.0.113.9", "2001:db8::/64"].flatMap((key) => Array.from({ length: 9 }, () => ({ bucket, key }))),
        );
        const decisions = await Promise.all(asks.map(async (ask) => ({ ...ask, ok: (await store.limits.take(ask.bucket, ask.key, rule)).ok })));
        const passed = new Map<string, number>();
        for (const { bucket, key, ok } of decisions) if (ok) passed.set(`${bucket} ${key}`, (passed.get(`${bucket} ${key}`) ?? 0) + 1);
        expect([...passed.values()]).toEqual(Array(6).fill(5));
      });

      it("makes a key once and keeps it", async () => {
        const { store, harness } = await fresh();
        const key = await store.keys.get("review-secret");
        expect(key).toHaveLength(32);
        expect(await store.keys.get("review-secret")).toEqual(key);
        expect(await (await harness.open()).keys.get("review-secret")).toEqual(key);
        const pushKeys = await Promise.all(Array.from({ length: 5 }, () => store.keys.get("push-key")));
        expect(new Set(pushKeys.map((k) => k.toString("hex"))).size).toBe(1);
        expect(pushKeys[0]).not.toEqual(key);
        expect(await (await harness.open()).keys.get("push-key")).toEqual(pushKeys[0]);
      });

      it("backs up what it keeps into a new folder", async () => {
        const { store } = await fresh();
        await store.messages.add(contact(1));
        const target = path.join(tmpdir(), `store-suite-backup-${process.pid}-${Date.now()}`);
        try {
          expect((await store.backup(target)).records).toBeGreaterThanOrEqual(1);
        } finally {
          await rm(target, { recursive: true, force: true });
        }
      });
    });
  });
}

/** Every file of a backup folder, as text (a backup is files whatever the store). */
async function readEveryFile(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), "utf8")));
  return texts.join("\n");
}
