// The desk's side of notifications and one-tap answers, over HTTP: the installable app's files, the
// contract's POST /owner/push/subscriptions, Account's devices, and a message's Call, Text and Email back.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { startDesk, type DeskHarness } from "../../tests/desk-harness";
import { startPushService } from "../../scripts/local-push-service";
import { contact } from "../store/store-suite";
import { deviceId } from "../push/push-devices";
import { vapidKeys } from "../push/vapid";

let desk: DeskHarness;
afterEach(() => desk?.close());

async function signedIn() {
  desk = await startDesk();
  const owner = desk.client();
  await owner.signIn();
  return owner;
}

/** A browser's subscription as PushSubscription.toJSON() gives it, from a push service of the test's own. */
async function browserSubscription() {
  const service = await startPushService();
  await service.close();
  return service.subscriber().subscription;
}

const unescape = (text: string) => text.replaceAll("<!-- -->", "").replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

describe("the desk as an installable app", () => {
  it("serves its manifest, icons made from the site's mark, and a service worker whose scope is the desk, to anyone", async () => {
    desk = await startDesk();
    const visitor = desk.client();
    const manifest = await visitor.get("/owner/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.text)).toMatchObject({
      name: "Cedar Ridge Tree Service desk",
      short_name: "Cedar Ridge",
      start_url: "/owner",
      scope: "/owner",
      display: "standalone",
    });
    for (const icon of JSON.parse(manifest.text).icons as Array<{ src: string; sizes: string; purpose: string }>) {
      const answer = await fetch(desk.url + icon.src);
      expect(answer.headers.get("content-type")).toBe("image/png");
      const image = sharp(Buffer.from(await answer.arrayBuffer()));
      const { width, height } = await image.metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      // A maskable icon is cut to the phone's shape: its corners are the brand's green, not transparency.
      const corner = await image.clone().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
      if (icon.purpose === "maskable") expect([...corner]).toEqual([0x1f, 0x51, 0x30, 255]);
      else expect(corner[3]).toBe(0);
    }
    const apple = await fetch(`${desk.url}/owner/app-icon-180.png`);
    expect((await sharp(Buffer.from(await apple.arrayBuffer())).metadata()).width).toBe(180);

    const worker = await visitor.get("/owner/service-worker.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(worker.headers.get("service-worker-allowed")).toBe("/owner");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(worker.text).toContain("notificationclick");

    const page = await visitor.get("/owner/sign-in");
    expect(page.text).toContain('<link rel="manifest" href="/owner/manifest.webmanifest">');
    expect(page.text).toContain('<link rel="apple-touch-icon" href="/owner/app-icon-180.png">');
  });

  it("makes its icons again from the site's mark when it changes", async () => {
    desk = await startDesk();
    const before = Buffer.from(await (await fetch(`${desk.url}/owner/app-icon-192.png`)).arrayBuffer());
    const mark = path.join(desk.contentDir, "static", "favicon.svg");
    await writeFile(mark, (await readFile(mark, "utf8")).replace('fill="#1f5130"', 'fill="#8a2be2"'));
    const after = Buffer.from(await (await fetch(`${desk.url}/owner/app-icon-192.png`)).arrayBuffer());
    expect(after.equals(before)).toBe(false);
  });
});

describe("turning notifications on and off", () => {
  it("keeps a browser's subscription (201), once, for the signed-in owner, and lists it in Account with Turn off", async () => {
    const owner = await signedIn();
    const subscription = await browserSubscription();
    const first = await owner.post("/owner/push/subscriptions", subscription, { json: true });
    expect(first.status).toBe(201);
    const id = deviceId(subscription.endpoint);
    expect(JSON.parse(first.text)).toEqual({ ok: true, id, added: true });
    expect((await owner.post("/owner/push/subscriptions", subscription, { json: true })).status).toBe(201);
    expect(await desk.store().push.list()).toEqual([
      { id, endpoint: subscription.endpoint, keys: subscription.keys, by: "owner@example.com", device: "iPhone", createdAt: expect.any(String) },
    ]);
    const account = unescape((await owner.get("/owner/account")).text);
    expect(account).toContain(">Turn on notifications</button>");
    expect(account).toContain(`data-public-key="${(await vapidKeys(desk.store().keys)).publicKey}"`);
    expect(account).toContain(`data-device="${id}"`);
    expect(account).toContain("Turn off notifications on the iPhone turned on");
    expect(account).toContain("add the desk to your Home Screen first");
    const key = JSON.parse((await owner.get("/owner/push/key")).text);
    expect(key).toEqual({ publicKey: (await vapidKeys(desk.store().keys)).publicKey, csrf: owner.csrf, devices: [id] });
  });

  it("refuses a subscription without the page's token, from another site, signed out, or that is not one, keeping nothing", async () => {
    const owner = await signedIn();
    const subscription = await browserSubscription();
    expect((await owner.post("/owner/push/subscriptions", subscription, { json: true, csrf: null })).status).toBe(403);
    expect((await owner.post("/owner/push/subscriptions", subscription, { json: true, origin: "https://evil.example" })).status).toBe(403);
    expect((await desk.client().post("/owner/push/subscriptions", subscription, { json: true })).status).toBe(403);
    const bad = async (body: Record<string, unknown>) => {
      const answer = await owner.post("/owner/push/subscriptions", body, { json: true });
      expect(answer.status).toBe(400);
      return JSON.parse(answer.text).message as string;
    };
    expect(await bad({ ...subscription, endpoint: "http://push.example/send/1" })).toMatch(/not an https: address/);
    expect(await bad({ ...subscription, endpoint: "https://user:pw@push.example/send/1" })).toMatch(/user name or password/);
    expect(await bad({ ...subscription, keys: { ...subscription.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } })).toMatch(/P-256/);
    expect(await bad({ ...subscription, keys: { ...subscription.keys, auth: "c2hvcnQ" } })).toMatch(/auth secret/);
    expect(await bad({ keys: subscription.keys })).toMatch(/no endpoint/);
    expect(await desk.store().push.list()).toEqual([]);
  });

  it("turns a device off for good: the desk's own check cannot turn it on again, the owner's tap can", async () => {
    const owner = await signedIn();
    const subscription = await browserSubscription();
    await owner.post("/owner/push/subscriptions", subscription, { json: true });
    await owner.get("/owner/account");
    const off = await owner.post("/owner/push/subscriptions/remove", { id: deviceId(subscription.endpoint) });
    expect(off.status).toBe(303);
    expect(await desk.store().push.list()).toEqual([]);
    const again = await owner.post("/owner/push/subscriptions", { ...subscription, again: true }, { json: true });
    expect(again.status).toBe(409);
    expect(await desk.store().push.list()).toEqual([]);
    expect((await owner.post("/owner/push/subscriptions", subscription, { json: true })).status).toBe(201);
    expect(await desk.store().push.list()).toHaveLength(1);
  });

  it("stops every device's notifications when the owner signs every device out", async () => {
    const owner = await signedIn();
    await owner.post("/owner/push/subscriptions", await browserSubscription(), { json: true });
    await owner.post("/owner/push/subscriptions", await browserSubscription(), { json: true });
    await owner.get("/owner/account");
    expect((await owner.post("/owner/sign-out-everywhere")).status).toBe(303);
    expect(await desk.store().push.list()).toEqual([]);
  });
});

describe("one-tap answers", () => {
  it("offers Call, Text and Email back with the reply start filled in, and notes the first tap as the answer", async () => {
    const owner = await signedIn();
    const message = await desk.store().messages.add(contact(1, { name: "Pat O'Neal", phone: "(803) 555-0199" }), { landingPage: "/locations/irmo-sc" });
    const page = unescape((await owner.get(`/owner/messages/${message.id}`)).text);
    const start = "Hi Pat, this is Cedar Ridge Tree Service about your tree in Irmo.";
    expect(page).toContain('href="tel:8035550199" data-answer="call"');
    expect(page).toContain(`href="sms:8035550199?&body=${encodeURIComponent(start)}" data-answer="text"`);
    expect(page).toContain(`href="mailto:visitor1@example.com?subject=Your%20message%20to%20Cedar%20Ridge%20Tree%20Service&body=${encodeURIComponent(`${start}\n\n`)}" data-answer="email"`);
    expect(page).toContain(`data-answered-path="/owner/messages/${message.id}/answered"`);

    desk.clock.now += 12 * 60_000;
    const tap = await owner.post(`/owner/messages/${message.id}/answered`, { how: "text" });
    expect(tap.status).toBe(200);
    expect(JSON.parse(tap.text)).toMatchObject({ ok: true, first: true, how: "text" });
    desk.clock.now += 60_000;
    expect(JSON.parse((await owner.post(`/owner/messages/${message.id}/answered`, { how: "call" })).text)).toMatchObject({ first: false, how: "text" });
    expect(unescape((await owner.get(`/owner/messages/${message.id}`)).text)).toMatch(/Answered by text, .+ \(12 minutes after it came\), by owner@example.com\./);
    expect((await desk.store().messages.get(message.id))?.answered?.how).toBe("text");
  });

  it("refuses a tap without the page's token, on spam, or of an unknown kind", async () => {
    const owner = await signedIn();
    const message = await desk.store().messages.add(contact(1));
    const spam = await desk.store().messages.hold(contact(2), "honeypot");
    await owner.get(`/owner/messages/${message.id}`);
    expect((await owner.post(`/owner/messages/${message.id}/answered`, { how: "text" }, { csrf: null })).status).toBe(403);
    expect((await owner.post(`/owner/messages/${message.id}/answered`, { how: "fax" })).status).toBe(400);
    expect((await owner.post(`/owner/messages/${spam.id}/answered`, { how: "text" })).status).toBe(404);
    expect((await desk.store().messages.get(message.id))?.answered).toBeUndefined();
  });
});
