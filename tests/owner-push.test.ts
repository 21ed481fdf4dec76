import type { Browser, BrowserContext, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createContactFunction, type ContactFunction } from "../functions/contact/app";
import { deviceId } from "../functions/push/push-devices";
import { vapidKeys } from "../functions/push/vapid";
import { deskRenderer } from "../scripts/build-engine/desk-bundle";
import { throttlePhone } from "../scripts/phone-throttle";
import { createSiteApp } from "../scripts/site-app";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, phone, touchPhone } from "./chromium";
import { signInWithCode } from "./desk-browser";
import { keepScreenshot } from "./screenshots";
import { pageReady } from "./page-ready";
import { startPushService, type TestPushService, type TestSubscriber } from "../scripts/local-push-service";
import { contentDir, listen, makeTempDir, startSmtpPeer, waitFor, type SmtpPeer } from "./test-support";

// Speed to lead (issue 39), as the owner and a visitor live it: the desk on the owner's Android phone
// (390 px, touch) turned on for notifications; a visitor sends a message from a slow phone; the push
// service of the test's own (scripts/local-push-service.ts) gets it within seconds, encrypted for the phone's
// keys; the desk's real service worker is handed that push through the DevTools protocol, shows the
// notification, and tapping it opens the message, where Text and Call are one tap and mark it answered;
// the Visits screen then shows the reply time.
//
// What Chromium here cannot do, and stands in for: this is chrome-headless-shell, which refuses the
// notification permission whatever the DevTools protocol grants (Notification.permission stays
// "denied", showNotification and pushManager.subscribe throw), and has no push service to subscribe
// to (none is reachable from this machine anyway). So the owner's page gets the permission and a
// subscription from the test (PushManager.subscribe answers with the test push service's endpoint and
// the test's own P-256 keys, made for the key the desk passes), and the service worker's notification
// tray is a recorder the test puts in the worker (showNotification and getNotifications). Everything
// else is the product: the desk script, the POST, the store, the outbox, web-push's encryption and
// VAPID signature, the worker's push and notificationclick handlers.

const OWNER = "owner@example.com";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Mobile Safari/537.36";

let browser: Browser;
let contact: ContactFunction;
let peer: SmtpPeer;
let service: TestPushService;
let url = "";
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  browser = await connectBrowser();
  const { dir, cleanup } = await makeTempDir();
  peer = await startSmtpPeer();
  service = await startPushService();
  contact = await createContactFunction(
    { DATA_DIR: dir, SMTP_URL: peer.url, OWNER_EMAILS: OWNER, CONTACT_TO: OWNER, CONTACT_RATE_LIMIT: "0" },
    { contentDir, distDir: inject("distDir"), desk: { renderer: deskRenderer(process.cwd()) } },
  );
  const server = await listen(createSiteApp({ distDir: inject("distDir"), contact: contact.app }));
  url = server.url;
  stops.push(cleanup, () => peer.close(), () => service.close(), () => contact.close(), () => server.close());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const stop of stops.reverse()) await stop();
});

/**
 * The phone's permission and push subscription, which chrome-headless-shell cannot give (see above):
 * granted on the tap, and a subscription from the test push service for whatever key the page asks with.
 * Kept in the page's localStorage, so a reload finds it as a browser would.
 */
async function phoneThatCanSubscribe(context: BrowserContext, subscriber: TestSubscriber): Promise<void> {
  await context.addInitScript((sub) => {
    const state = () => JSON.parse(localStorage.getItem("test:push") ?? "{}") as { permission?: string; key?: number[]; subscribed?: boolean };
    const save = (next: object) => localStorage.setItem("test:push", JSON.stringify({ ...state(), ...next }));
    Object.defineProperty(Notification, "permission", { get: () => state().permission ?? "default" });
    Notification.requestPermission = async () => {
      save({ permission: "granted" });
      return "granted";
    };
    const subscription = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(state().key ?? []).buffer },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        save({ subscribed: false });
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      return (state().subscribed ? subscription() : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      save({ subscribed: true, key: key instanceof Uint8Array ? Array.from(key as Uint8Array) : [] });
      return subscription() as unknown as PushSubscription;
    };
  }, subscriber.subscription);
}

/** The desk's service worker in `context`, once it runs, with a notification tray the test can read (see above). */
async function deskWorker(context: BrowserContext): Promise<Worker> {
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/owner/service-worker.js")) ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(() => {
    const shown: Array<{ title: string } & NotificationOptions> = [];
    const registration = (self as unknown as ServiceWorkerGlobalScope).registration;
    registration.showNotification = async (title: string, options: NotificationOptions = {}) => void shown.push({ title, ...options });
    registration.getNotifications = async () => shown.map((n) => ({ ...n, close: () => undefined })) as unknown as Notification[];
  });
  return worker;
}

/** Sends a message from the contact form on a throttled phone, as a visitor would; resolves with its id once answered 201. */
async function visitorSends(message: { name: string; phone: string; text: string }): Promise<{ id: string; answeredAt: number }> {
  const { page, close } = await openPage(browser, { baseURL: url, ...touchPhone });
  try {
    await throttlePhone(page);
    await page.goto("/locations/irmo-sc", { waitUntil: "load" });
    await page.goto("/contact", { waitUntil: "load" });
    await pageReady(page);
    const field = (name: string) => page.locator(`form [name="${name}"]`);
    await field("name").fill(message.name);
    await field("email").fill("pat@example.com");
    await field("phone").pressSequentially(message.phone);
    await field("serviceType").selectOption("tree-removal");
    await field("message").fill(message.text);
    // The form holds a post sent under 3 s after it was shown (spam).
    await page.waitForTimeout(3_300);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST", { timeout: 30_000 });
    await page.getByRole("button", { name: "Send Message" }).tap();
    const response = await answer;
    expect(response.status()).toBe(201);
    return { id: ((await response.json()) as { id: string }).id, answeredAt: Date.now() };
  } finally {
    await close();
  }
}

describe("speed to lead on the owner's phone", () => {
  it("notifies the phone of a visitor's message within seconds; the notification opens it; Text and Call are one tap and mark it answered", async () => {
    const subscriber = service.subscriber();
    const { page, problems, close } = await openPage(browser, { baseURL: url, ...touchPhone, userAgent: ANDROID });
    const context = page.context();
    try {
      await phoneThatCanSubscribe(context, subscriber);
      await signInWithCode(page, peer);
      const worker = deskWorker(context);
      // The desk's first screen offers it while this owner has no device turned on.
      await keepScreenshot(page, "desk-home-390");
      await page.getByRole("link", { name: "Turn them on in Account" }).tap();
      await page.waitForURL("**/owner/account#notifications");
      const turnOn = page.getByRole("button", { name: "Turn on notifications" });
      await turnOn.tap();
      await expect.poll(() => page.getByText("This phone gets notifications.").isVisible(), { timeout: 10_000 }).toBe(true);
      const listed = page.locator(`[data-device="${deviceId(subscriber.subscription.endpoint)}"]`);
      expect(await listed.textContent()).toMatch(/^Android phone \(this phone\)Turned on .+Turn off$/);
      // The page subscribed with the site's own key.
      const key = await page.evaluate(() => (JSON.parse(localStorage.getItem("test:push") ?? "{}") as { key: number[] }).key);
      expect(Buffer.from(key).toString("base64url")).toBe((await vapidKeys(contact.store.keys)).publicKey);
      expect(await contact.store.push.list()).toMatchObject([{ by: OWNER, device: "Android phone", endpoint: subscriber.subscription.endpoint }]);
      for (const [name, size] of [["390", phone], ["1280", desktop]] as const) {
        await page.setViewportSize(size);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(size.width);
        expect(await axeViolations(page), `Account at ${name} px`).toEqual([]);
        await keepScreenshot(page, `desk-account-${name}`);
      }
      await page.setViewportSize(phone);
      await page.goto("/owner");
      expect(await page.getByRole("link", { name: "Turn them on in Account" }).count()).toBe(0);

      // A visitor on a slow phone sends a message; the push service has it within seconds.
      const sent = await visitorSends({ name: "Pat Lee", phone: "8035550177", text: "The big oak split in the storm.\nCan someone look this week?" });
      await waitFor(() => service.deliveries.some((d) => d.token === subscriber.token), 10_000, "the notification at the push service");
      const delivery = service.deliveries.find((d) => d.token === subscriber.token);
      expect((delivery?.at ?? Infinity) - sent.answeredAt).toBeLessThan(5_000);
      const payload = subscriber.decrypt(delivery?.body ?? Buffer.alloc(0));
      expect(JSON.parse(payload)).toEqual({
        title: "New message: Pat Lee",
        body: "Tree Removal · Irmo\nThe big oak split in the storm.",
        url: `/owner/messages/${sent.id}`,
        tag: `message-${sent.id}`,
        urgency: "high",
      });

      // The phone's browser gets that push: the desk's worker shows it.
      const cdp = await context.newCDPSession(page);
      const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
      await cdp.send("ServiceWorker.enable");
      await waitFor(() => registrations.some((r) => r.scopeURL === `${url}/owner`), 5_000, "the desk's worker registration");
      const registrationId = registrations.find((r) => r.scopeURL === `${url}/owner`)?.registrationId ?? "";
      const tray = await worker;
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: url, registrationId, data: payload });
      const readTray = () =>
        tray.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
      await expect.poll(readTray, { timeout: 5_000 }).toEqual([
        { title: "New message: Pat Lee", body: "Tree Removal · Irmo\nThe big oak split in the storm.", tag: `message-${sent.id}`, data: { url: `/owner/messages/${sent.id}` } },
      ]);

      // Tapped: the desk, open on another screen, goes to the message.
      await tray.evaluate(async () => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        const [notification] = await scope.registration.getNotifications();
        const click = new ExtendableEvent("notificationclick");
        Object.defineProperty(click, "notification", { value: notification });
        scope.dispatchEvent(click);
      });
      await page.waitForURL(`**/owner/messages/${sent.id}`, { timeout: 10_000 });
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pat Lee");

      // Text: one tap, the reply started, and the message is answered.
      const text = page.getByRole("link", { name: "Text", exact: true });
      expect(await text.getAttribute("href")).toBe(`sms:8035550177?&body=${encodeURIComponent("Hi Pat, this is Cedar Ridge Tree Service about your tree in Irmo.")}`);
      await text.tap();
      await expect.poll(async () => (await contact.store.messages.get(sent.id))?.answered?.how, { timeout: 10_000 }).toBe("text");
      expect(await page.locator("[data-answer-status]").textContent()).toBe("Answered by text, just now.");
      for (const [name, size] of [["390", phone], ["1280", desktop]] as const) {
        await page.setViewportSize(size);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(size.width);
        expect(await axeViolations(page), `the message at ${name} px`).toEqual([]);
        await keepScreenshot(page, `desk-message-${name}`);
      }
      await page.setViewportSize(phone);

      // Call on another message: one tap, answered by a call.
      const second = await visitorSends({ name: "Sam Ruiz", phone: "8035550188", text: "Stump in the front yard, can you grind it?" });
      await page.goto(`/owner/messages/${second.id}`);
      const call = page.getByRole("link", { name: "Call (803) 555-0188" });
      expect(await call.getAttribute("href")).toBe("tel:8035550188");
      await call.tap();
      await expect.poll(async () => (await contact.store.messages.get(second.id))?.answered?.how, { timeout: 10_000 }).toBe("call");
      // The tap's tel: navigation is aborted by the headless browser; a reload while it settles is aborted too (ERR_ABORTED): tried again.
      await vi.waitFor(() => page.goto(`/owner/messages/${second.id}`), { timeout: 10_000, interval: 250 });
      expect(await page.locator("[data-answer-status]").textContent()).toMatch(/^Answered by a call, .+ \((under a minute|\d+ minutes?) after it came\), by owner@example\.com\.$/);

      // The Visits screen says how fast: both answered.
      await page.getByRole("link", { name: "Visits" }).tap();
      await page.waitForURL("**/owner/visits");
      const replies = page.getByRole("region", { name: "How fast you answered" });
      expect(await replies.textContent()).toMatch(/(under 1|\d+) min ?Half the week's messages were answered within this\.2 of 2 messages answered\./);
      for (const [name, size] of [["390", phone], ["1280", desktop]] as const) {
        await page.setViewportSize(size);
        expect(await axeViolations(page), `Visits at ${name} px`).toEqual([]);
        await keepScreenshot(replies, `desk-visits-replies-${name}`);
      }
      // The sms: and tel: navigations the headless browser aborts, and with them, now and then, the tap's
      // "answered" request on its way (ERR_ABORTED seen once in CI as an ordinary user): both answers were
      // stored all the same (the polls above), so only those are let through.
      expect(problems.filter((p) => !/sms:|tel:/.test(p) && !/^request failed: \S+\/owner\/messages\/[\w-]+\/answered net::ERR_ABORTED$/.test(p))).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it("subscribes the phone again when the desk opens after its push service dropped it, and never after the owner turned it off", async () => {
    const subscriber = service.subscriber();
    const id = deviceId(subscriber.subscription.endpoint);
    const { page, problems, close } = await openPage(browser, { baseURL: url, ...touchPhone, userAgent: ANDROID });
    const context = page.context();
    const known = async () => (await contact.store.push.list()).some((d) => d.id === id);
    try {
      await phoneThatCanSubscribe(context, subscriber);
      await signInWithCode(page, peer);
      await page.goto("/owner/account");
      await page.getByRole("button", { name: "Turn on notifications" }).tap();
      await expect.poll(known, { timeout: 10_000 }).toBe(true);
      // The push service said the subscription was gone (410): the desk forgot the phone.
      await contact.store.push.remove(id, "gone");
      // The owner opens the desk again (a new tab, as from the Home Screen): the phone is subscribed again by itself.
      const again = await context.newPage();
      await again.goto("/owner");
      await expect.poll(known, { timeout: 10_000 }).toBe(true);
      await again.close();
      // Turned off on this phone: the browser lets go of its subscription too, and the desk's opening turns nothing on.
      await page.goto("/owner/account");
      await page.locator(`[data-device="${id}"]`).getByRole("button", { name: /^Turn off/ }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Notifications turned off for the Android phone/);
      expect(await known()).toBe(false);
      expect(await page.evaluate(() => [localStorage.getItem("desk:push-endpoint"), JSON.parse(localStorage.getItem("test:push") ?? "{}").subscribed])).toEqual([null, false]);
      const later = await context.newPage();
      await later.goto("/owner");
      await later.waitForTimeout(1_500);
      expect(await known()).toBe(false);
      await later.close();
      expect(await page.getByRole("button", { name: "Turn on notifications" }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("tells an iPhone in Safari, in plain words, to put the desk on the Home Screen first", async () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
    const { page, problems, close } = await openPage(browser, { baseURL: url, ...touchPhone, userAgent: iphone });
    try {
      await signInWithCode(page, peer);
      await page.goto("/owner/account");
      const steps = page.getByText("On an iPhone, add the desk to your Home Screen first.");
      await expect.poll(() => steps.isVisible()).toBe(true);
      expect(await page.getByRole("listitem").filter({ hasText: "Add to Home Screen" }).textContent()).toBe("Tap “Add to Home Screen”, then “Add”.");
      expect(await page.getByRole("button", { name: "Turn on notifications" }).isVisible()).toBe(false);
      expect(await axeViolations(page), "Account on an iPhone").toEqual([]);
      await keepScreenshot(page.getByRole("region", { name: "Notifications on this phone" }), "desk-account-iphone-390");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("gives the public site no service worker and no manifest: the desk's worker controls the desk only", async () => {
    const { page, close } = await openPage(browser, { baseURL: url, ...touchPhone });
    try {
      await page.goto("/owner/sign-in");
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)), { timeout: 10_000 }).toEqual([`${url}/owner`]);
      for (const path of ["/", "/contact", "/locations/irmo-sc", "/blog"]) {
        await page.goto(path);
        expect(await page.evaluate(() => navigator.serviceWorker.controller), path).toBeNull();
        expect(await page.locator('link[rel="manifest"]').count(), path).toBe(0);
      }
      await page.goto("/owner/sign-in");
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 10_000 }).toBe(`${url}/owner/service-worker.js`);
    } finally {
      await close();
    }
  });
});
