// Notifications to the owner's phones, end to end on both stores: a message or review posted to the
// contact function as npm start makes it; the outbox sends one notification per device to a push
// service of the test's own (scripts/local-push-service.ts), which checks the VAPID signature and decrypts
// the payload with each device's own key.
import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createContactFunction, type ContactFunction } from "../contact/app";
import type { PushDevice } from "../store/records";
import { checkVapid, startPushService, type TestPushService, type TestSubscriber } from "../../scripts/local-push-service";
import { startCluster, type TestCluster } from "../../tests/postgres-cluster";
import { contentDir, listen, makeTempDir, recordingLogger, sleep, validInput, waitFor } from "../../tests/test-support";
import { deviceId } from "./push-devices";
import { vapidKeys } from "./vapid";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

const stores = [
  { name: "files", env: async () => ({}) },
  { name: "PostgreSQL", env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) },
] as const;

for (const { name, env } of stores) {
  describe(`notifications to the owner's devices (${name})`, () => {
    let service: TestPushService;
    let contact: ContactFunction;
    let server: { url: string; close: () => Promise<void> };
    let cleanup: () => Promise<void>;
    let logger: ReturnType<typeof recordingLogger>;

    async function start(extraEnv: Record<string, string> = {}) {
      service = await startPushService();
      const temp = await makeTempDir();
      cleanup = temp.cleanup;
      logger = recordingLogger();
      contact = await createContactFunction(
        { DATA_DIR: temp.dir, CONTACT_RATE_LIMIT: "0", ...(await env()), ...extraEnv },
        { contentDir, logger, pushRetryDelays: [100, 100, 100], pushTimeoutMs: 1_000 },
      );
      server = await listen(contact.app);
    }
    afterEach(async () => {
      await server.close();
      await contact.close();
      await service.close();
      await cleanup();
    });

    const addDevice = async (subscriber: TestSubscriber, by = "office@cedarridgetree.example"): Promise<PushDevice> => {
      const device = { id: deviceId(subscriber.subscription.endpoint), ...subscriber.subscription, by, device: "iPhone", createdAt: new Date().toISOString() };
      await contact.store.push.add(device);
      return device;
    };
    const post = async (kind: "contact" | "reviews", body: unknown) => {
      const answer = await fetch(`${server.url}/api/${kind}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const deliveredTo = (subscriber: TestSubscriber) => service.deliveries.filter((d) => d.token === subscriber.token);

    it("pushes each new message to every device within seconds, encrypted for each and signed with the site's key", async () => {
      await start();
      const [phone, laptop] = [service.subscriber(), service.subscriber()];
      await addDevice(phone);
      await addDevice(laptop);
      const sentAt = Date.now();
      const id = await post("contact", { ...validInput, landingPage: "/locations/irmo-sc", message: "The big oak split in the storm.\nCan you come this week?" });
      await waitFor(() => deliveredTo(phone).length === 1 && deliveredTo(laptop).length === 1, 5_000, "a notification on each device");
      const [delivery] = deliveredTo(phone);
      if (!delivery) throw new Error("no delivery");
      expect(delivery.at - sentAt).toBeLessThan(2_000);
      expect(delivery.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400", urgency: "high", "content-type": "application/octet-stream" });
      const claims = checkVapid(delivery.headers.authorization, (await vapidKeys(contact.store.keys)).publicKey);
      expect(claims.aud).toBe(service.url);
      expect(claims.sub).toBe("mailto:office@cedarridgetree.example");
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
      const notice = JSON.parse(phone.decrypt(delivery.body));
      expect(notice).toEqual({
        title: `New message: ${validInput.name}`,
        body: "Tree Trimming & Pruning · Irmo\nThe big oak split in the storm.",
        url: `/owner/messages/${id}`,
        tag: `message-${id}`,
        urgency: "high",
      });
      expect(JSON.parse(laptop.decrypt(deliveredTo(laptop)[0]?.body ?? Buffer.alloc(0)))).toEqual(notice);
      // The phone's key cannot read the laptop's copy: each is encrypted for its own device.
      expect(() => phone.decrypt(deliveredTo(laptop)[0]?.body ?? Buffer.alloc(0))).toThrow();
      // Small: well within a push message's 4 KB.
      expect(delivery.body.length).toBeLessThan(1_000);
    });

    it("pushes a review to the Reviews screen, and nothing for spam", async () => {
      await start();
      const phone = service.subscriber();
      await addDevice(phone);
      await post("contact", { ...validInput, website: "https://spam.example" });
      const id = await post("reviews", { name: "Pat Lee", location: "Chapin, SC", rating: 5, text: "They took down a dead pine without a scratch on the deck." });
      await waitFor(() => deliveredTo(phone).length === 1, 5_000, "the review's notification");
      await sleep(500);
      expect(deliveredTo(phone)).toHaveLength(1);
      const [delivery] = deliveredTo(phone);
      expect(delivery?.headers.urgency).toBe("normal");
      expect(JSON.parse(phone.decrypt(delivery?.body ?? Buffer.alloc(0)))).toEqual({
        title: "New review: ★★★★★ Pat Lee",
        body: "Chapin, SC\nThey took down a dead pine without a scratch on the deck.",
        url: "/owner/reviews",
        tag: `review-${id}`,
        urgency: "normal",
      });
    });

    it("forgets a device whose push service answers 404 or 410, and tries again after a 5xx or no answer, delivering once", async () => {
      await start();
      const [gone, unknown, busy, silent] = [service.subscriber(), service.subscriber(), service.subscriber(), service.subscriber()];
      for (const s of [gone, unknown, busy, silent]) await addDevice(s);
      service.answerNext(gone.token, 410);
      service.answerNext(unknown.token, 404);
      service.answerNext(busy.token, 503, 500);
      service.answerNext(silent.token, "hang");
      await post("contact", validInput);
      await waitFor(() => deliveredTo(busy).some((d) => d.status === 201) && deliveredTo(silent).some((d) => d.status === 201), 10_000, "the retried notifications");
      await waitFor(async () => (await contact.store.push.list()).length === 2, 5_000, "the gone devices forgotten");
      expect((await contact.store.push.list()).map((d) => d.id).sort()).toEqual([deviceId(busy.subscription.endpoint), deviceId(silent.subscription.endpoint)].sort());
      expect(deliveredTo(busy).map((d) => d.status)).toEqual([503, 500, 201]);
      expect(deliveredTo(silent).map((d) => d.status)).toEqual([201]);
      expect(deliveredTo(gone).map((d) => d.status)).toEqual([410]);
      expect(deliveredTo(unknown).map((d) => d.status)).toEqual([404]);
      // Nothing more is sent to anyone, and nothing waits: a failed notification is not listed as undelivered mail.
      await sleep(500);
      expect(service.deliveries.filter((d) => d.status === 201)).toHaveLength(2);
      expect((await contact.store.outbox.undelivered()).filter((u) => u.kind === "push")).toEqual([]);
      expect(logger.warnings.join("\n")).toMatch(/no longer subscribed \(410\)/);
    });

    it("is not held up by a mail server that does not answer, however many emails wait behind it", async () => {
      // A mail server that takes the connection and never says a word: each email waits out nodemailer's 15 s greeting timeout.
      const sockets = new Set<Socket>();
      const silent = createServer((socket) => void sockets.add(socket));
      await new Promise<void>((ok) => silent.listen(0, "127.0.0.1", ok));
      try {
        await start({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
        const phone = service.subscriber();
        await addDevice(phone);
        const sentAt = Date.now();
        for (let n = 0; n < 6; n += 1) await post("contact", { ...validInput, message: `Message number ${n}: the oak by the drive.` });
        await waitFor(() => deliveredTo(phone).length === 6, 10_000, "six notifications while six emails hang");
        expect(Math.max(...deliveredTo(phone).map((d) => d.at)) - sentAt).toBeLessThan(5_000);
      } finally {
        // The emails' attempts end now (the connection drops), so the outbox stops without waiting them out.
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    });

    it("sends nothing to the device of someone who is no longer an owner", async () => {
      await start({ OWNER_EMAILS: "office@cedarridgetree.example" });
      const [owner, former] = [service.subscriber(), service.subscriber()];
      await addDevice(owner);
      await addDevice(former, "former@example.com");
      await post("contact", validInput);
      await waitFor(() => deliveredTo(owner).length === 1, 5_000, "the owner's notification");
      await sleep(500);
      expect(deliveredTo(former)).toEqual([]);
    });
  });
}
