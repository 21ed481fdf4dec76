// `npx tsx scripts/bench-push.ts [MESSAGES]`: how soon the owner's phone hears of a message (issue 39):
// from a visitor's POST /api/contact until the push service has the notification, encrypted and signed,
// with two devices turned on. The contact function as npm start makes it (files store; PUSH_STORE=postgres:
// a throw-away PostgreSQL cluster as the tests start it), and a push service of our own on loopback
// (scripts/local-push-service.ts), which checks every VAPID signature and decrypts every payload.
// Two ways: one message at a time (a lead at a time, the target: under 2 s at the 95th percentile,
// docs/performance.md), and MESSAGES at once (a burst: the post, its email and its notifications
// share the outbox). `npm run bench` runs it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createContactFunction } from "../functions/contact/app";
import { deviceId } from "../functions/push/push-devices";
import { vapidKeys } from "../functions/push/vapid";
import { checkVapid, startPushService } from "./local-push-service";

export interface PushFigures {
  store: string;
  /** Milliseconds from each post's start until its notification reached the push service, one at a time. */
  oneAtATime: number[];
  /** The same for MESSAGES posted at once. */
  burst: number[];
}

const quiet = { warn: () => undefined, error: () => undefined };
const post = (url: string, n: number) =>
  fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Visitor ${n}`, email: `v${n}@example.com`, phone: "(803) 555-0142", serviceType: "tree-removal", message: `The oak by the drive leans, number ${n}.` }),
  });

export async function benchPush(messages: number, log: (line: string) => void): Promise<PushFigures> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-push-"));
  const cluster = process.env.PUSH_STORE === "postgres" ? await (await import("../tests/postgres-cluster")).startCluster() : undefined;
  const service = await startPushService();
  try {
    const env = { DATA_DIR: work, CONTACT_RATE_LIMIT: "0", ...(cluster ? { DATABASE_URL: await cluster.createDatabase() } : {}) };
    const contact = await createContactFunction(env, { contentDir: path.resolve("content"), logger: quiet });
    const server = contact.app.listen(0, "127.0.0.1");
    await new Promise((ok) => server.once("listening", ok));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const devices = [service.subscriber(), service.subscriber()];
      for (const d of devices) await contact.store.push.add({ id: deviceId(d.subscription.endpoint), ...d.subscription, by: "office@cedarridgetree.example", device: "iPhone", createdAt: new Date().toISOString() });
      const serverKey = (await vapidKeys(contact.store.keys)).publicKey;
      const phone = devices[0];
      if (!phone) throw new Error("no device");
      // Each of the phone's notifications read once, as it comes: the message's address -> when it arrived.
      const arrived = new Map<string, number>();
      let read = 0;
      const readNew = () => {
        for (; read < service.deliveries.length; read += 1) {
          const delivery = service.deliveries[read];
          if (delivery?.token !== phone.token) continue;
          checkVapid(delivery.headers.authorization, serverKey);
          arrived.set((JSON.parse(phone.decrypt(delivery.body)) as { url: string }).url, delivery.at);
        }
      };
      /** Posts message `n`; resolves with the milliseconds until the phone's notification of it arrived, checked and read. */
      const timed = async (n: number): Promise<number> => {
        const start = Date.now();
        const answer = await post(url, n);
        if (answer.status !== 201) throw new Error(`the post answered ${answer.status}`);
        const { id } = (await answer.json()) as { id: string };
        for (;;) {
          readNew();
          const at = arrived.get(`/owner/messages/${id}`);
          if (at !== undefined) return at - start;
          await new Promise((ok) => setTimeout(ok, 5));
        }
      };
      // The first post pays for loading the store's files and the VAPID key: one before counting.
      await timed(0);
      const oneAtATime: number[] = [];
      for (let n = 1; n <= messages; n += 1) oneAtATime.push(await timed(n));
      log(`push: ${messages} messages one at a time done`);
      const burst = await Promise.all(Array.from({ length: messages }, (_, i) => timed(1000 + i)));
      log(`push: ${messages} messages at once done`);
      return { store: cluster ? "PostgreSQL" : "files", oneAtATime, burst };
    } finally {
      server.close();
      await contact.close();
    }
  } finally {
    await service.close();
    await cluster?.remove();
    await rm(work, { recursive: true, force: true });
  }
}

/** The value below which `share` of the values lie (nearest rank). */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

export function describePush(figures: PushFigures): string[] {
  const line = (what: string, values: number[]) =>
    `  ${what}: median ${percentile(values, 0.5).toFixed(0)} ms, 95th percentile ${percentile(values, 0.95).toFixed(0)} ms, slowest ${Math.max(...values).toFixed(0)} ms (${values.length} messages)`;
  return [line("one at a time", figures.oneAtATime), line("all at once", figures.burst)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 50);
  const figures = await benchPush(count, (l) => console.error(l));
  console.log(`From POST /api/contact to the notification at the push service (${figures.store} store, 2 devices):`);
  for (const l of describePush(figures)) console.log(l);
}
