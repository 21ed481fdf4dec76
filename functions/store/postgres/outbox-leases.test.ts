// Leases that follow the living, on a real PostgreSQL server: a sender renews its claim while
// its email is on the way (the outbox's heartbeat), so another instance never takes a job from
// a sender that lives, however slow its mail server; a claim nobody renews is taken at its end,
// and the sender that lost it cannot undo what the one that took it over decides.
// (A sender that dies: sigkill.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, createSmtpTransport, isPermanentMailError } from "../../contact/mailer";
import { createOutbox } from "../../contact/outbox";
import { contact } from "../store-suite";
import { startCluster, withClient, type TestCluster } from "../../../tests/postgres-cluster";
import { parseMail, recordingLogger, serviceChoices, site, sleep, startSmtpPeer, waitFor } from "../../../tests/test-support";
import { createPostgresStore, type PostgresStore } from "./postgres-store";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

const T0 = Date.UTC(2025, 2, 1, 12);
const LEASE = 30_000;

describe("PostgreSQL: claims across instances", () => {
  it("keeps a renewed claim from the other instance, hands an unrenewed one over at its end, and lets the late sender undo nothing", async () => {
    const url = await cluster.createDatabase();
    let now = T0;
    const clock = () => now;
    const [a, b] = [await createPostgresStore({ url, clock, logger: recordingLogger() }), await createPostgresStore({ url, clock, logger: recordingLogger() })];
    try {
      const message = await a.messages.add(contact(1));
      const claim = async (store: PostgresStore) => (await store.outbox.claim({ now, limit: 10, leaseMs: LEASE })).jobs.map((c) => c.job.id);
      expect(await claim(a)).toEqual([message.id]);
      // a's heartbeats, every 10 s: b finds nothing due, even past the first lease's end.
      for (const step of [10_000, 10_000, 10_000, 10_000]) {
        now += step;
        expect(await a.outbox.renew({ ids: [message.id], now, leaseMs: LEASE })).toEqual([message.id]);
        expect(await claim(b)).toEqual([]);
      }
      // a stops beating (it died, or lost the database): b takes the job once the last lease is over, not before.
      now += LEASE - 1;
      expect(await claim(b)).toEqual([]);
      now += 1;
      expect(await claim(b)).toEqual([message.id]);
      // a comes back: its claim is gone, and its failure neither moves b's lease nor fails the job.
      expect(await a.outbox.renew({ ids: [message.id], now, leaseMs: LEASE })).toEqual([]);
      await a.outbox.settle(message.id, 1, { outcome: "retry", error: "451 later", nextAttemptAt: now + 1 });
      await a.outbox.settle(message.id, 1, { outcome: "failed", error: "550 no such mailbox" });
      now += 1_000;
      expect(await claim(a)).toEqual([]);
      expect((await a.outbox.undelivered()).map((job) => [job.id, job.state, job.attempts])).toEqual([[message.id, "pending", 0]]);
      expect(await b.outbox.renew({ ids: [message.id], now, leaseMs: LEASE })).toEqual([message.id]);
      // b sends it; a late "failed" from anyone cannot make a sent email failed.
      await b.outbox.settle(message.id, 1, { outcome: "sent" });
      await b.outbox.settle(message.id, 1, { outcome: "failed", error: "550 no such mailbox" });
      expect(await a.outbox.delivery([message.id])).toEqual(new Map([[message.id, "sent"]]));
    } finally {
      await a.close();
      await b.close();
      await cluster.dropDatabase(url);
    }
  });

  it("sends once through a mail server slower than the lease: the sender's heartbeat keeps the other instance off it", async () => {
    const url = await cluster.createDatabase();
    const [slowPeer, otherPeer] = [await startSmtpPeer(), await startSmtpPeer()];
    // Four leases long: without the heartbeat the other instance takes the job after the first.
    const leaseMs = 600;
    slowPeer.delayMs = 4 * leaseMs;
    const stores = [await createPostgresStore({ url, logger: recordingLogger() }), await createPostgresStore({ url, logger: recordingLogger() })];
    const logger = recordingLogger();
    const outboxes = [slowPeer, otherPeer].map((peer, i) => {
      const mailer = createMailer({ transport: createSmtpTransport(peer.url), site, addresses: { to: "owner@example.com", from: "no-reply@example.com" }, serviceChoices: async () => serviceChoices });
      const outbox = createOutbox({ store: stores[i]!.outbox, send: mailer.send, isPermanent: isPermanentMailError, retryDelays: [100], leaseMs, logger });
      return { outbox, mailer };
    });
    try {
      const message = await stores[0]!.messages.add(contact(1));
      await outboxes[0]!.outbox.start();
      await waitFor(async () => (await withClient(url, (db) => db.query("SELECT 1 FROM mail_jobs WHERE claimed_by IS NOT NULL"))).rowCount === 1, 10_000, "the first instance's claim");
      // The other instance looks at each lease's end (the next due time its claims see) and finds it renewed.
      await outboxes[1]!.outbox.start();
      await waitFor(() => slowPeer.received.length === 1, 15_000, "the slow mail server's answer");
      await sleep(3 * leaseMs);
      expect(slowPeer.received.map((mail) => parseMail(mail.raw).headers.get("x-submission-id"))).toEqual([message.id]);
      expect(otherPeer.received).toEqual([]);
      expect(await stores[1]!.outbox.delivery([message.id])).toEqual(new Map([[message.id, "sent"]]));
      expect(logger.warnings.filter((line) => line.includes("took over"))).toEqual([]);
    } finally {
      for (const { outbox, mailer } of outboxes) {
        await outbox.stop();
        mailer.close();
      }
      for (const store of stores) await store.close();
      await Promise.all([slowPeer.close(), otherPeer.close()]);
      await cluster.dropDatabase(url);
    }
  });
});
