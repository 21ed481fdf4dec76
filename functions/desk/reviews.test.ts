import { z } from "zod";
import { afterEach, describe, expect, it } from "vitest";
import { reviewInputSchema } from "../../src/content/review";
import { expectDeleteRefused, startDesk, type DeskHarness } from "../../tests/desk-harness";

let desk: DeskHarness;
afterEach(() => desk?.close());

const review = (n: number, name = `Reviewer ${n}`) => z.parse(reviewInputSchema, { name, location: "Irmo, SC", rating: 4, text: `Careful crew, review number ${n}.` });
const plain = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

async function signedIn(options: Parameters<typeof startDesk>[0] = {}) {
  desk = await startDesk(options);
  const owner = desk.client();
  await owner.signIn();
  return owner;
}

/** The section of the page from `heading` to the next section's start. */
const section = (html: string, heading: RegExp) => {
  const start = html.search(heading);
  const rest = html.slice(start + 1);
  const end = rest.search(/<(summary|h2)[ >]/);
  return start < 0 ? "" : rest.slice(0, end < 0 ? undefined : end);
};

describe("the desk's Reviews", () => {
  it("shows pending reviews with Approve and Reject; approving decides through the store as the desk, by the owner, and audits", async () => {
    const owner = await signedIn();
    const first = await desk.store().reviews.add(review(1, "Alma Shealy"));
    await desk.store().reviews.add(review(2, "Bo Derrick"));
    const page = await owner.get("/owner/reviews");
    expect(page.status).toBe(200);
    const pending = section(plain(page.text), /Waiting for you \(2\)/);
    expect(pending).toContain("Alma Shealy, Irmo, SC");
    expect(pending).toContain('aria-label="Approve: Alma Shealy, Irmo, SC"');
    expect(pending).toContain('aria-label="Reject: Bo Derrick, Irmo, SC"');
    expect(pending).toContain('aria-label="4 out of 5 stars"');

    const approved = await owner.post(`/owner/reviews/${first.id}/decision`, { approved: "yes" });
    expect(approved.status).toBe(303);
    expect(approved.location).toBe("/owner/reviews");
    const after = plain((await owner.get("/owner/reviews")).text);
    expect(after).toContain("Approved Alma Shealy's review. It is on the site within a minute.");
    expect(section(after, /On the site \(1\)/)).toContain("Approved by owner@example.com (the desk)");
    expect(section(after, /Waiting for you \(1\)/)).not.toContain("Alma Shealy");
    expect((await desk.store().reviews.get(first.id))?.decision).toMatchObject({ approved: true, via: "desk", by: "owner@example.com" });
    expect((await desk.store().reviews.approved())?.map((r) => r.name)).toEqual(["Alma Shealy"]);
    expect((await desk.store().desk.auditLog(1))[0]).toMatchObject({ action: "approved a review", detail: first.id });
  });

  it("records a repeated press once, lets the owner change their mind, and shows a decision made by an email link", async () => {
    const owner = await signedIn();
    const one = await desk.store().reviews.add(review(1));
    await owner.get("/owner/reviews");
    await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "no" });
    await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "no" });
    expect(plain((await owner.get("/owner/reviews")).text)).toContain("Reviewer 1's review was rejected already.");
    expect((await desk.store().desk.auditLog(10)).filter((e) => e.action === "rejected a review")).toHaveLength(1);

    const changed = await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "yes" });
    expect(changed.status).toBe(303);
    expect((await desk.store().reviews.get(one.id))?.state).toBe("approved");

    const two = await desk.store().reviews.add(review(2));
    await desk.store().reviews.decide({ id: two.id, approved: true, via: "link", by: "owner@example.com", token: "sig" });
    expect(section(plain((await owner.get("/owner/reviews")).text), /On the site \(2\)/)).toContain("Approved by owner@example.com (email link)");
  });

  it("watchApproved fires for a desk decision (npm start rebuilds the site on it)", async () => {
    const owner = await signedIn();
    const one = await desk.store().reviews.add(review(1));
    let signals = 0;
    const stop = desk.store().reviews.watchApproved(() => void (signals += 1));
    try {
      await owner.get("/owner/reviews");
      await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "yes" });
      await expect.poll(() => signals, { timeout: 10_000 }).toBe(1);
    } finally {
      stop();
    }
  });

  it("says where the site is built elsewhere that an approval shows after its next build", async () => {
    const owner = await signedIn({ publish: false });
    const one = await desk.store().reviews.add(review(1));
    expect((await owner.get("/owner/reviews")).text).toContain("at the site&#x27;s next build");
    await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "yes" });
    expect(plain((await owner.get("/owner/reviews")).text)).toContain("It is on the site after the site's next build.");
  });

  it("shows the newest 20 of each group and a page more at each Show more: a flood of reviews is never rendered whole", async () => {
    const owner = await signedIn();
    const store = desk.store();
    for (let n = 1; n <= 45; n++) await store.reviews.add(review(n, `Waiting ${String(n).padStart(2, "0")}`));
    const onSite = [];
    for (let n = 1; n <= 25; n++) onSite.push(await store.reviews.add(review(100 + n, `Shown ${String(n).padStart(2, "0")}`)));
    for (const r of onSite) await store.reviews.decide({ id: r.id, approved: true, via: "desk", by: "owner@example.com" });
    const screen = async (query = "") => plain((await owner.get(`/owner/reviews${query}`)).text);
    const count = (html: string, prefix: string) => html.match(new RegExp(`>${prefix} \\d\\d, Irmo, SC<`, "g"))?.length ?? 0;
    // What a page says, without printing the whole page when it does not.
    const says = (html: string, text: string) => expect(html.includes(text), text).toBe(true);
    const saysNot = (html: string, text: string) => expect(html.includes(text), text).toBe(false);

    const first = await screen();
    says(first, "Waiting for you (45)");
    expect(count(first, "Waiting")).toBe(20);
    says(first, "Showing the newest 20 of 45 waiting reviews.");
    says(first, 'href="/owner/reviews?pending=40"');
    says(first, 'href="/owner/reviews?approved=40"');
    expect(count(first, "Shown")).toBe(20);

    const more = await screen("?pending=40");
    expect(count(more, "Waiting")).toBe(40);
    says(more, 'href="/owner/reviews?pending=60"');
    // The other group keeps its first page, and a group asked for comes open.
    expect(/<details[^>]*open=""[^>]*><summary[^>]*>On the site \(25\)/.test(await screen("?pending=40&approved=40"))).toBe(true);
    const all = await screen("?pending=60");
    expect(count(all, "Waiting")).toBe(45);
    saysNot(all, "waiting reviews.");
    saysNot(all, "?pending=80");
    // Anything else asked for is the first page; a huge number is held to its most.
    for (const asked of ["abc", "-5", "0", "1e9", "99999"]) expect(count(await screen(`?pending=${asked}`), "Waiting"), asked).toBe(asked === "99999" ? 45 : 20);
  });

  it("refuses a decision without the token, from another site, signed out, or on an unknown review: nothing is decided", async () => {
    const owner = await signedIn();
    const one = await desk.store().reviews.add(review(1));
    await owner.get("/owner/reviews");
    expect((await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "yes" }, { csrf: null })).status).toBe(403);
    expect((await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "yes" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await desk.client().post(`/owner/reviews/${one.id}/decision`, { approved: "yes" })).status).toBe(403);
    expect((await owner.post("/owner/reviews/nope/decision", { approved: "yes" })).status).toBe(404);
    expect((await owner.post(`/owner/reviews/${one.id}/decision`, { approved: "perhaps" })).status).toBe(404);
    expect((await desk.store().reviews.get(one.id))?.state).toBe("pending");
  });

  it("deletes a review for good after asking once more: off the site (one signal, as Take off the site), its email still waiting gone, the audit keeps its id only", async () => {
    const owner = await signedIn();
    const shown = await desk.store().reviews.add({ ...review(1, "Erin Erased"), text: "Please take this down, my address is 4417 Secret Gate Rd." });
    await desk.store().reviews.decide({ id: shown.id, approved: true, via: "link", by: "owner@example.com", token: "sig" });
    // Its email went out before (it stays in the owner's mailbox); then the mail server refuses for now: the next review's email waits.
    await expect.poll(() => desk.mail.received.filter((m) => m.raw.includes("Erin Erased")).length, { timeout: 10_000 }).toBe(1);
    desk.mail.rejectWith = 451;
    const waiting = await desk.store().reviews.add(review(2, "Walt Waiting"));
    await expect.poll(async () => (await desk.store().outbox.undelivered()).some((job) => job.id === waiting.id && job.attempts > 0), { timeout: 10_000 }).toBe(true);
    let signals = 0;
    const stop = desk.store().reviews.watchApproved(() => void (signals += 1));
    try {
      const list = plain((await owner.get("/owner/reviews")).text);
      expect(list).toMatch(new RegExp(`action="/owner/reviews/${shown.id}/delete" method="get"><button type="submit" class="[^"]+" aria-label="Delete review: Erin Erased, Irmo, SC">Delete review</button>`));
      const ask = plain((await owner.get(`/owner/reviews/${shown.id}/delete`)).text);
      expect(ask).toContain("Delete this review for good? This cannot be undone.");
      expect(ask).toContain("It comes off the site within a minute.");
      expect(ask).toMatch(new RegExp(`action="/owner/reviews/${shown.id}/delete" method="post"><input type="hidden" name="csrf" value="[^"]+"/><button type="submit" class="[^"]+">Delete for good</button>`));
      expect(ask).toMatch(/action="\/owner\/reviews" method="get"><button type="submit" class="[^"]+">Keep it<\/button>/);
      // Opening the step deletes nothing.
      expect(await desk.store().reviews.get(shown.id)).toBeDefined();

      const deleted = await owner.post(`/owner/reviews/${shown.id}/delete`);
      expect([deleted.status, deleted.location]).toEqual([303, "/owner/reviews"]);
      expect(plain((await owner.get("/owner/reviews")).text)).toContain("Review deleted. It is off the site within a minute.");
      await expect.poll(() => signals, { timeout: 10_000 }).toBe(1);
      expect(await desk.store().reviews.approved()).toEqual([]);
      const pendingGone = await owner.post(`/owner/reviews/${waiting.id}/delete`);
      expect(pendingGone.status).toBe(303);
      expect(plain((await owner.get("/owner/reviews")).text)).toContain("Review deleted.");
      await expect.poll(async () => (await desk.store().outbox.undelivered()).map((job) => job.id), { timeout: 10_000 }).toEqual([]);
      expect(signals).toBe(1);
    } finally {
      stop();
    }
    expect((await owner.get(`/owner/reviews/${shown.id}/delete`)).status).toBe(404);
    const audit = await desk.store().desk.auditLog(2);
    expect(audit.map((e) => [e.who, e.action, e.detail])).toEqual([
      ["owner@example.com", "deleted a review", waiting.id],
      ["owner@example.com", "deleted a review", shown.id],
    ]);
    // A second tap (a dropped connection) deletes nothing more and says so.
    const twice = await owner.post(`/owner/reviews/${shown.id}/delete`);
    expect(plain((await owner.get(twice.location ?? "")).text)).toContain("it was deleted already");
    // The mail server takes mail again: nothing of the deleted reviews is sent.
    desk.mail.rejectWith = undefined;
    desk.clock.now += 60 * 60_000;
    await desk.store().reviews.add(review(3, "Next Reviewer"));
    await expect.poll(() => desk.mail.received.some((m) => m.raw.includes("Next Reviewer")), { timeout: 15_000 }).toBe(true);
    expect(desk.mail.received.filter((m) => m.raw.includes("Walt Waiting"))).toEqual([]);
    expect(desk.mail.received.filter((m) => m.raw.includes("Erin Erased"))).toHaveLength(1);
  });

  it("refuses Delete review without the token, from another site, signed out, and for an unknown review: nothing is deleted", async () => {
    const owner = await signedIn();
    const one = await desk.store().reviews.add(review(1));
    await expectDeleteRefused(desk, owner, `/owner/reviews/${one.id}/delete`);
    expect((await owner.get("/owner/reviews/nope/delete")).status).toBe(404);
    expect((await owner.post("/owner/reviews/no%20such/delete")).status).toBe(404);
    expect((await desk.store().reviews.get(one.id))?.state).toBe("pending");
    expect((await desk.store().desk.auditLog(5)).filter((e) => e.action === "deleted a review")).toEqual([]);
  });
});
