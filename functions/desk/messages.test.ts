import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadServiceChoices } from "../../src/content/services";
import { expectDeleteRefused, startDesk, type DeskHarness } from "../../tests/desk-harness";
import { waitFor } from "../../tests/test-support";
import { messagesCsv } from "../contact/submissions-report";
import { contact } from "../store/store-suite";
import { dialString, firstLine, heldBecause } from "./message-view";
import { PAGE_SIZE } from "./screens/messages";
import { townOf } from "./town-names";

let desk: DeskHarness;
afterEach(() => desk?.close());

async function signedIn() {
  desk = await startDesk();
  const owner = desk.client();
  await owner.signIn();
  return owner;
}

/** Stores messages a minute apart, oldest first, as the contact form would. */
async function seed(count: number, start = 1) {
  const ids: string[] = [];
  for (let n = start; n < start + count; n++) {
    desk.clock.now += 60_000;
    ids.push((await desk.store().messages.add(contact(n))).id);
  }
  return ids;
}

/** The names of the list's messages, in the order shown. */
const namesIn = (html: string): string[] => [...html.matchAll(/href="\/owner\/messages\/[\w-]+"><span[^>]*><span[^>]*>([^<]+)</g)].map((m) => m[1] ?? "");
/** Every file under `dir`, as text: what DATA_DIR keeps at rest. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), "latin1")));
  return texts.join("\n");
}
/** The page's text as a reader gets it: React's text separators out, & as itself. */
const unescape = (text: string) => text.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");

describe("the desk's Messages", () => {
  it("lists messages newest first with service, town and first line, and opens one with reply buttons", async () => {
    const owner = await signedIn();
    await seed(2);
    desk.clock.now += 60_000;
    const irmo = await desk.store().messages.add(contact(3, { name: "Dana Pruitt", message: "\n  Big limb on the roof after the storm.\nCall me." }), { landingPage: "/locations/irmo-sc/" });
    const page = await owner.get("/owner/messages");
    expect(page.status).toBe(200);
    expect(namesIn(page.text)).toEqual(["Dana Pruitt", "Visitor 2", "Visitor 1"]);
    expect(page.text).toContain("Tree Trimming &amp; Pruning · Irmo");
    expect(page.text).toContain(">Big limb on the roof after the storm.<");
    expect(page.text).toContain(`href="/owner/messages/${irmo.id}"`);

    const one = await owner.get(`/owner/messages/${irmo.id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('href="tel:8035550142"');
    expect(unescape(one.text)).toContain(`href="mailto:visitor3@example.com?subject=Your%20message%20to%20`);
    expect(one.text).toContain("Big limb on the roof after the storm.\nCall me.");
    expect(one.text).toContain("/locations/irmo-sc/");
    expect(one.text).toContain(">Mark handled</button>");
  });

  it("shows a message's photos as thumbnails that open whole, to the signed-in owner only, kept privately", async () => {
    const owner = await signedIn();
    const photos = desk.store().messagePhotos;
    const [full, small] = [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1]), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 2])];
    const photo = { sha: await photos.put(full), thumb: await photos.put(small), width: 1536, height: 2048 };
    const message = await desk.store().messages.add(contact(1, { name: "Dana Pruitt" }), undefined, [photo, photo]);
    await seed(1, 2);

    const list = await owner.get("/owner/messages");
    expect(list.text.match(/>(\d) photos?</g)).toEqual([">2 photos<"]);
    const one = await owner.get(`/owner/messages/${message.id}`);
    expect(one.text).toContain('aria-label="2 photos"');
    for (const n of [1, 2]) {
      expect(one.text).toContain(`href="/owner/messages/${message.id}/photos/${n}"><img`);
      expect(unescape(one.text)).toContain(`src="/owner/messages/${message.id}/photos/${n}/small" width="1536" height="2048" loading="lazy" decoding="async" alt="Photo ${n} of 2 from Dana Pruitt: open it whole"`);
    }

    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const fetchPhoto = (path: string, withCookie = true) => fetch(`${desk.url}${path}`, { headers: withCookie ? { cookie } : {}, redirect: "manual" });
    const whole = await fetchPhoto(`/owner/messages/${message.id}/photos/2`);
    expect([whole.status, Buffer.from(await whole.arrayBuffer()).equals(full)]).toEqual([200, true]);
    expect(["content-type", "cache-control", "x-content-type-options", "content-disposition", "cross-origin-resource-policy"].map((h) => whole.headers.get(h))).toEqual([
      "image/jpeg",
      "private, max-age=86400",
      "nosniff",
      'inline; filename="photo-2.jpg"',
      "same-origin",
    ]);
    const thumb = await fetchPhoto(`/owner/messages/${message.id}/photos/1/small`);
    expect(Buffer.from(await thumb.arrayBuffer()).equals(small)).toBe(true);
    for (const path of [`/owner/messages/${message.id}/photos/3`, `/owner/messages/${message.id}/photos/0`, `/owner/messages/${message.id}/photos/1/big`, "/owner/messages/no-such/photos/1"]) {
      expect([path, (await fetchPhoto(path)).status]).toEqual([path, 404]);
    }
    // Signed out: the way to the sign-in, not a byte of the photo.
    const stranger = await fetchPhoto(`/owner/messages/${message.id}/photos/1`, false);
    expect([stranger.status, stranger.headers.get("location"), stranger.headers.get("content-type")?.startsWith("image/")]).toEqual([303, "/owner/sign-in", false]);
  });

  it("marks a message handled and not handled (idempotent: a repeated post changes nothing), filters by it, and audits", async () => {
    const owner = await signedIn();
    const [first = "", second] = await seed(2);
    await owner.get(`/owner/messages/${first}`);
    const marked = await owner.post(`/owner/messages/${first}/handled`, { handled: "yes" });
    expect(marked.status).toBe(303);
    expect(marked.location).toBe(`/owner/messages/${first}`);
    const again = await owner.post(`/owner/messages/${first}/handled`, { handled: "yes" });
    expect(again.status).toBe(303);
    const shown = await owner.get(`/owner/messages/${first}`);
    expect(shown.text).toContain("Marked handled.");
    expect(unescape(shown.text)).toContain("Handled by owner@example.com");
    expect(shown.text).toContain(">Not handled</button>");
    expect((await desk.store().messages.get(first))?.handled).toMatchObject({ handled: true, by: "owner@example.com" });

    expect(namesIn((await owner.get("/owner/messages?handled=no")).text)).toEqual(["Visitor 2"]);
    expect(namesIn((await owner.get("/owner/messages?handled=yes")).text)).toEqual(["Visitor 1"]);
    expect((await desk.store().desk.auditLog(1))[0]).toMatchObject({ who: "owner@example.com", action: "marked a message handled", detail: first });

    await owner.post(`/owner/messages/${first}/handled`, { handled: "no" });
    expect(namesIn((await owner.get("/owner/messages?handled=no")).text)).toEqual(["Visitor 2", "Visitor 1"]);
    expect(second).toBeDefined();
  });

  it("searches by name, phone digits or words", async () => {
    const owner = await signedIn();
    await seed(3);
    await desk.store().messages.add(contact(9, { name: "Ruth Amick", phone: "(803) 555-7788", message: "Stump grinding, two stumps." }));
    expect(namesIn((await owner.get("/owner/messages?q=amick")).text)).toEqual(["Ruth Amick"]);
    expect(namesIn((await owner.get("/owner/messages?q=5557788")).text)).toEqual(["Ruth Amick"]);
    expect(namesIn((await owner.get("/owner/messages?q=stumps")).text)).toEqual(["Ruth Amick"]);
    expect((await owner.get("/owner/messages?q=nobody-here")).text).toContain("Nothing matches");
  });

  it("pages through the messages with the store's cursor, and refuses a cursor it did not hand out", async () => {
    const owner = await signedIn();
    await seed(PAGE_SIZE * 2 + 3);
    const seen: string[] = [];
    let next: string | undefined = "/owner/messages";
    let pages = 0;
    while (next) {
      const page = await owner.get(next);
      expect(page.status).toBe(200);
      seen.push(...namesIn(page.text));
      pages += 1;
      next = /href="([^"]+)"[^>]*>Show older</.exec(page.text)?.[1];
      next = next && unescape(next);
      if (pages > 1) expect(page.text).toContain(">Back to the newest<");
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: PAGE_SIZE * 2 + 3 }, (_, i) => `Visitor ${PAGE_SIZE * 2 + 3 - i}`));
    const forged = await owner.get("/owner/messages?cursor=not-ours");
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("not one the desk handed out");
  });

  it("shows held spam in its own tab; Not spam moves it to the inbox and mails it, once", async () => {
    const owner = await signedIn();
    await seed(1);
    const held = await desk.store().messages.hold(contact(7, { name: "Real Customer" }), "too-fast");
    expect(namesIn((await owner.get("/owner/messages")).text)).toEqual(["Visitor 1"]);
    const spam = await owner.get("/owner/messages/spam");
    expect(spam.text).toContain(">Real Customer</a>");
    expect(spam.text).toContain("less than 3 seconds");
    expect(spam.text).toContain(">Not spam</button>");
    const rescued = await owner.post(`/owner/messages/${held.id}/not-spam`);
    expect(rescued.status).toBe(303);
    expect((await owner.get(rescued.location ?? "")).text).toContain("in the inbox now");
    expect(namesIn((await owner.get("/owner/messages")).text)).toEqual(["Real Customer", "Visitor 1"]);
    // Mailed like a new message, by the server's sending loop.
    await waitFor(() => desk.mail.received.some((m) => m.raw.includes("Message number 7")), 10_000, "the rescued message's email");
    const after = await owner.get("/owner/messages/spam");
    expect(after.text).toContain("Not spam: moved to the inbox");
    expect(after.text).not.toContain(">Not spam</button>");

    const twice = await owner.post(`/owner/messages/${held.id}/not-spam`);
    expect(twice.status).toBe(303);
    expect((await owner.get(twice.location ?? "")).text).toContain("taken out of the spam already");
    expect((await desk.store().messages.all("inbox")).filter((m) => m.id === held.id)).toHaveLength(1);
    expect((await desk.store().desk.auditLog(5)).filter((e) => e.action === "took a message out of the spam")).toHaveLength(1);
    expect(desk.mail.received.filter((m) => m.raw.includes("Message number 7"))).toHaveLength(1);
  });

  it("downloads the CSV npm run submissions -- --csv prints, and audits it", async () => {
    const owner = await signedIn();
    await seed(3);
    await desk.store().messages.add(contact(4, { name: "Semi;=1+1" }));
    const answer = await owner.get("/owner/messages/export.csv?box=inbox");
    expect(answer.status).toBe(200);
    // Every cell quoted, and no formula after a separator a semicolon locale splits on.
    expect(answer.text).toContain(`,"Semi;'=1+1",`);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.text).toBe(await messagesCsv(desk.store().messages, "inbox", (await loadServiceChoices(desk.contentDir)).choices));
    expect((await desk.store().desk.auditLog(1))[0]?.action).toBe("downloaded the messages as CSV");
  });

  it("deletes a message for good after asking once more: its words, its photos and its email still waiting are gone, and the audit keeps its id only", async () => {
    const owner = await signedIn();
    const [kept = ""] = await seed(1);
    await waitFor(() => desk.mail.received.some((m) => m.raw.includes("Message number 1")), 10_000, "the kept message's email");
    // The mail server refuses for now: the next message's email waits, to be tried again.
    desk.mail.rejectWith = 451;
    const photos = desk.store().messagePhotos;
    const photo = { sha: await photos.put(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 7])), thumb: await photos.put(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 8])), width: 1536, height: 2048 };
    desk.clock.now += 60_000;
    const words = { name: "Erin Erased", email: "erin.erased@example.com", message: "Please delete this: the gate code is 4417." };
    const gone = await desk.store().messages.add(contact(2, words), undefined, [photo]);
    const waiting = await desk.store().messages.add(contact(3, { name: "Walt Waiting", message: "Please delete mine too." }));
    await waitFor(async () => (await desk.store().outbox.undelivered()).some((job) => job.id === waiting.id && job.state === "pending" && job.attempts > 0), 10_000, "a first try of its email");
    expect((await owner.get(`/owner/messages/${gone.id}/photos/1`)).status).toBe(200);

    const one = await owner.get(`/owner/messages/${gone.id}`);
    expect(one.text).toMatch(new RegExp(`<form class="[^"]+" action="/owner/messages/${gone.id}/delete" method="get"><button type="submit" class="[^"]+">Delete message</button>`));
    const ask = await owner.get(`/owner/messages/${gone.id}/delete`);
    expect(ask.status).toBe(200);
    expect(ask.text).toContain("Delete this message and its photos for good? This cannot be undone.");
    expect(ask.text).toMatch(new RegExp(`action="/owner/messages/${gone.id}/delete" method="post"><input type="hidden" name="csrf" value="[^"]+"/><button type="submit" class="[^"]+">Delete for good</button>`));
    expect(ask.text).toMatch(new RegExp(`action="/owner/messages/${gone.id}" method="get"><button type="submit" class="[^"]+">Keep it</button>`));
    // Opening the step deletes nothing.
    expect(await desk.store().messages.get(gone.id)).toBeDefined();

    const deleted = await owner.post(`/owner/messages/${gone.id}/delete`);
    expect([deleted.status, deleted.location]).toEqual([303, "/owner/messages"]);
    expect((await owner.post(`/owner/messages/${waiting.id}/delete`)).status).toBe(303);
    const list = await owner.get("/owner/messages");
    expect(list.text).toContain("Message deleted.");
    expect(namesIn(list.text)).toEqual(["Visitor 1"]);
    expect((await owner.get(`/owner/messages/${gone.id}`)).status).toBe(404);
    expect((await owner.get(`/owner/messages/${gone.id}/photos/1`)).status).toBe(404);
    expect((await owner.get(`/owner/messages/${gone.id}/delete`)).status).toBe(404);
    expect(await photos.get(photo.sha)).toBeUndefined();
    expect((await desk.store().outbox.undelivered()).map((job) => job.id)).toEqual([]);
    const audit = await desk.store().desk.auditLog(2);
    expect(audit.map((e) => [e.who, e.action, e.detail])).toEqual([
      ["owner@example.com", "deleted a message", waiting.id],
      ["owner@example.com", "deleted a message", gone.id],
    ]);
    // A second tap (a dropped connection) deletes nothing more and says so.
    const twice = await owner.post(`/owner/messages/${gone.id}/delete`);
    expect(twice.status).toBe(303);
    expect((await owner.get(twice.location ?? "")).text).toContain("it was deleted already");
    expect((await desk.store().desk.auditLog(5)).filter((e) => e.action === "deleted a message")).toHaveLength(2);

    // The mail server takes mail again, an hour on: nothing of the deleted messages is sent, and nothing of them is kept in DATA_DIR.
    desk.mail.rejectWith = undefined;
    desk.clock.now += 60 * 60_000;
    await desk.store().messages.add(contact(4));
    await waitFor(() => desk.mail.received.some((m) => m.raw.includes("Message number 4")), 10_000, "the next message's email");
    expect(desk.mail.received.filter((m) => /Erin Erased|Walt Waiting/.test(m.raw))).toEqual([]);
    const atRest = await allText(desk.dataDir);
    for (const text of [...Object.values(words), "Walt Waiting", "Please delete mine too."]) expect(atRest).not.toContain(text);
    expect(await desk.store().messages.get(kept)).toBeDefined();
  });

  it("refuses a change without the token or from another site, a signed-out visitor, and an unknown message: nothing changes", async () => {
    const owner = await signedIn();
    const [id = ""] = await seed(1);
    // Delete: refused without the token, from another site, and signed out; the message stays.
    await expectDeleteRefused(desk, owner, `/owner/messages/${id}/delete`);
    await owner.get(`/owner/messages/${id}`);
    expect(await desk.store().messages.get(id)).toBeDefined();
    expect((await owner.post(`/owner/messages/${id}/handled`, { handled: "yes" }, { csrf: null })).status).toBe(403);
    expect((await owner.post(`/owner/messages/${id}/handled`, { handled: "yes" }, { origin: "https://evil.example" })).status).toBe(403);
    const stranger = desk.client();
    expect((await stranger.get("/owner/messages")).location).toBe("/owner/sign-in");
    expect((await stranger.get("/owner/messages/export.csv")).status).toBe(303);
    expect((await stranger.post(`/owner/messages/${id}/handled`, { handled: "yes" })).status).toBe(403);
    expect((await desk.store().messages.get(id))?.handled).toBeUndefined();
    expect((await owner.get("/owner/messages/no-such-message")).status).toBe(404);
    expect((await owner.post("/owner/messages/no-such-message/not-spam")).status).toBe(404);
    expect((await owner.post(`/owner/messages/${id}/handled`, { handled: "maybe" })).status).toBe(404);
  });
});

describe("message wording", () => {
  it("takes the first line with words, cut short", () => {
    expect(firstLine("\n\n  Hello there \nsecond")).toBe("Hello there");
    expect(firstLine("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
    expect(firstLine("")).toBe("");
  });
  it("dials the digits, keeping a leading +", () => {
    expect(dialString("(803) 555-0142")).toBe("8035550142");
    expect(dialString(" +1 803 555 0142")).toBe("+18035550142");
    expect(dialString("none")).toBe("");
  });
  it("names the town of a town page, whatever its form", () => {
    const towns = new Map([["/locations/irmo-sc", "Irmo"]]);
    for (const page of ["/locations/irmo-sc", "/locations/irmo-sc/", "https://example.com/locations/irmo-sc/?utm=x"]) expect(townOf(page, towns)).toBe("Irmo");
    expect(townOf("/services/tree-removal", towns)).toBeUndefined();
    expect(townOf(undefined, towns)).toBeUndefined();
  });
  it("says why a post was held in words", () => {
    expect(heldBecause("honeypot")).toMatch(/hidden field/);
    expect(heldBecause("other")).toBe("other");
  });
});
