import { afterEach, describe, expect, it } from "vitest";
import { loadServiceChoices } from "../../src/content/services";
import { startDesk, type DeskHarness } from "../../tests/desk-harness";
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

  it("refuses a change without the token or from another site, a signed-out visitor, and an unknown message: nothing changes", async () => {
    const owner = await signedIn();
    const [id = ""] = await seed(1);
    await owner.get(`/owner/messages/${id}`);
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
