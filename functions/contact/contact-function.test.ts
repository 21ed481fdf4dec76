import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactFunction, type ContactFunction } from "./app";
import { readSubmissions } from "./store";
import { listen, makeTempDir, parseMail, recordingLogger, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "./test-support";

const siteFile = path.resolve(import.meta.dirname, "../../content/site.json");

let dir: string;
let cleanup: () => Promise<void>;
let peer: SmtpPeer;
let contact: ContactFunction | undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  peer = await startSmtpPeer();
});
afterEach(async () => {
  await contact?.close();
  contact = undefined;
  await peer.close();
  await cleanup();
});

const post = (url: string) =>
  fetch(`${url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(validInput) });

describe("createContactFunction", () => {
  it("wires DATA_DIR, SMTP_URL, CONTACT_TO/FROM and CONTACT_RATE_LIMIT from the environment", async () => {
    contact = await createContactFunction(
      { DATA_DIR: dir, SMTP_URL: peer.url, CONTACT_TO: "owner@example.com", CONTACT_RATE_LIMIT: "1" },
      { siteFile, logger: recordingLogger() },
    );
    const server = await listen(contact.app);
    try {
      expect((await post(server.url)).status).toBe(201);
      expect((await post(server.url)).status).toBe(429);
      await waitFor(() => peer.received.length === 1, 5_000, "the notification");
    } finally {
      await server.close();
    }
    expect(peer.received[0]?.to).toEqual(["owner@example.com"]);
    expect(parseMail(peer.received[0]?.raw ?? "").headers.get("from")).toBe(
      "Cedar Ridge Tree Service website <no-reply@cedarridgetree.example>",
    );
    expect(await readSubmissions(path.join(dir, "submissions.jsonl"))).toHaveLength(1);
  });

  it("refuses a CONTACT_RATE_LIMIT that is not a whole number", async () => {
    await expect(createContactFunction({ DATA_DIR: dir, CONTACT_RATE_LIMIT: "lots" }, { siteFile })).rejects.toThrow(
      /CONTACT_RATE_LIMIT/,
    );
  });

  it("names the file and field of a broken site config", async () => {
    const broken = path.join(dir, "site.json");
    await writeFile(broken, JSON.stringify({ name: "" }));
    await expect(createContactFunction({ DATA_DIR: dir }, { siteFile: broken })).rejects.toThrow(`${broken}: name:`);
  });
});
