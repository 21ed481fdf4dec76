import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactFunction } from "../contact/app";
import { createFilesStore } from "../store/files/files-store";
import { contentDir, makeTempDir, parseMail, recordingLogger, sleep, startSmtpPeer, visitCount, waitFor, type SmtpPeer } from "../../tests/test-support";

// The Monday email as the servers send it: createContactFunction queues it in the store's
// outbox, and the outbox mails it to a real SMTP peer, once per week whatever the restarts.

let dir: string;
let cleanup: () => Promise<void>;
let peer: SmtpPeer;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  peer = await startSmtpPeer();
});
afterEach(async () => {
  await peer.close();
  await cleanup();
});


// Monday, June 9 2025, 8 AM in Chapin (content/site.json timeZone: America/New_York).
const mondayMorning = () => Date.parse("2025-06-09T12:00:00Z");

describe("the Monday email", () => {
  it("reaches CONTACT_TO through the outbox on Monday morning, once, also across a restart", async () => {
    const store = await createFilesStore({ dataDir: dir });
    await store.visits.add({
      counts: [
        visitCount("2025-06-03", "visitor", { count: 7 }),
        visitCount("2025-06-03", "view", { path: "/locations/irmo-sc", source: "google.com", count: 9 }),
        visitCount("2025-06-04", "call", { path: "/locations/irmo-sc", source: "google.com", landing: "/locations/irmo-sc", button: "hero", count: 2 }),
      ],
      visitors: [],
    });
    await store.close();
    const env = { DATA_DIR: dir, SMTP_URL: peer.url, CONTACT_TO: "owner@example.com" };
    const first = await createContactFunction(env, { contentDir, visitsClock: mondayMorning, logger: recordingLogger() });
    try {
      await waitFor(() => peer.received.length === 1, 10_000, "the weekly email");
    } finally {
      await first.close();
    }
    const mail = peer.received[0];
    expect(mail?.to).toEqual(["owner@example.com"]);
    const parsed = parseMail(mail?.raw ?? "");
    expect(parsed.headers.get("subject")).toBe("Cedar Ridge Tree Service website, week of Mon, Jun 2: 7 visitors, 2 call taps, 0 messages");
    expect(parsed.text).toMatch(/Irmo/);

    const again = await createContactFunction(env, { contentDir, visitsClock: mondayMorning, logger: recordingLogger() });
    // The check runs at start; give it and the outbox time to do what they would.
    await sleep(1_000);
    await again.close();
    expect(peer.received).toHaveLength(1);
  });
});
