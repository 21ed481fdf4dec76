import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp, type ContactAppOptions } from "./app";
import { createMailer, createSmtpTransport, isPermanentMailError } from "./mailer";
import { createOutbox, type Outbox } from "./outbox";
import { createFilesStore, type FilesStore } from "../store/files/files-store";
import {
  listen,
  makeTempDir,
  parseMail,
  recordingLogger,
  serviceChoices,
  site,
  sleep,
  startSmtpPeer,
  validInput,
  waitFor,
  type SmtpPeer,
} from "../../tests/test-support";

let dir: string;
let cleanup: () => Promise<void>;
let peer: SmtpPeer;
let outbox: Outbox;
let store: FilesStore;
let logger: ReturnType<typeof recordingLogger>;
const toClose: Array<() => Promise<void> | void> = [];

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  peer = await startSmtpPeer();
  logger = recordingLogger();
  const mailer = createMailer({
    transport: createSmtpTransport(peer.url),
    site,
    addresses: { to: "owner@example.com", from: "no-reply@example.com" },
    serviceChoices: async () => serviceChoices,
  });
  store = await createFilesStore({ dataDir: dir, logger });
  outbox = createOutbox({ store: store.outbox, send: mailer.send, isPermanent: isPermanentMailError, retryDelays: [50, 100], logger });
  await outbox.start();
  toClose.push(() => peer.close(), () => mailer.close(), () => store.close(), () => outbox.stop());
});

afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

/**
 * Starts the app on an ephemeral port with the real store of the temp dir; with another
 * `dataDir` or a `clock` (the rate limit counts by the store's clock), a store of its own, with no sender.
 */
async function startApp(overrides: Partial<ContactAppOptions> & { dataDir?: string } = {}) {
  const own = overrides.dataDir || overrides.clock ? await createFilesStore({ dataDir: overrides.dataDir ?? dir, clock: overrides.clock, logger }) : store;
  if (own !== store) toClose.push(() => own.close());
  const app = createApp({ store: own, rateLimit: { limit: 0 }, logger, ...overrides });
  const server = await listen(app);
  toClose.push(() => server.close());
  return {
    url: server.url,
    post: (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
        redirect: "manual",
      }),
    postForm: (fields: Record<string, string>) =>
      fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      }),
  };
}

const stored = () => store.messages.all("inbox");
const storedSpam = () => store.messages.all("spam");

/** Rejected posts must leave no record and no mail; give a stray mail a moment to show up. */
async function expectNothingKept(): Promise<void> {
  await sleep(100);
  expect(await stored()).toEqual([]);
  expect(await store.outbox.undelivered()).toEqual([]);
  expect(peer.received).toEqual([]);
}

describe("POST /api/contact with JSON", () => {
  it("answers 201 with the id once stored, then mails the owner through SMTP", async () => {
    const app = await startApp();
    const res = await app.post(validInput);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ ok: true, id: expect.any(String) });

    expect(await stored()).toEqual([{ id: body.id, ...validInput, createdAt: expect.any(String) }]);

    await waitFor(() => peer.received.length === 1, 15_000, "the notification");
    const mail = parseMail(peer.received[0]?.raw ?? "");
    expect(mail.headers.get("reply-to")).toBe("Jane Doe <jane@example.com>");
    expect(mail.headers.get("subject")).toBe("Tree Trimming & Pruning request from Jane Doe");
    expect(mail.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain(validInput.message);
    expect(mail.html).toContain(validInput.message);
  });

  it("answers 400 with the spec's messages and keeps nothing", async () => {
    const app = await startApp();
    const res = await app.post({ name: "J", email: "nope", phone: "803", serviceType: "", message: "" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      errors: {
        name: "Name must be at least 2 characters",
        email: "Invalid email address",
        phone: "Phone number must be at least 10 digits",
        serviceType: "Please select a service",
        message: "Message is required",
      },
    });
    await expectNothingKept();
  });

  it("answers 400 to malformed JSON", async () => {
    const app = await startApp();
    const res = await app.post('{"name": "Jane",');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, errors: { form: "The request body is not valid JSON" } });
    await expectNothingKept();
  });

  it("answers 400 to wrong types and to a body that is not an object", async () => {
    const app = await startApp();
    const wrong = await app.post({ ...validInput, name: 12345, phone: ["8035550142"], message: { text: "hello there" } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({
      name: "Name must be text",
      phone: "Phone number must be text",
      message: "Message must be text",
    });
    const array = await app.post([validInput]);
    expect(array.status).toBe(400);
    const scalar = await app.post('"hello"');
    expect(scalar.status).toBe(400);
    await expectNothingKept();
  });

  it("answers 413 to a body over 16 KiB", async () => {
    const app = await startApp();
    const res = await app.post({ ...validInput, message: "x".repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false });
    await expectNothingKept();
  });

  it("answers 415 to other content types, and to none", async () => {
    const app = await startApp();
    const text = await app.post(JSON.stringify(validInput), { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    const multipart = await fetch(`${app.url}/api/contact`, { method: "POST", body: new FormData() });
    expect(multipart.status).toBe(415);
    await expectNothingKept();
  });

  it("answers 405 with Allow to other methods", async () => {
    const app = await startApp();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await fetch(`${app.url}/api/contact`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("drops unknown fields and is not bothered by __proto__ or constructor keys", async () => {
    const app = await startApp();
    const body = `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"isAdmin":true,${JSON.stringify(validInput).slice(1)}`;
    const res = await app.post(body);
    expect(res.status).toBe(201);
    const [record] = await stored();
    expect(Object.keys(record ?? {}).sort()).toEqual(["createdAt", "email", "id", "message", "name", "phone", "serviceType"]);
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect({}).not.toHaveProperty("polluted");
  });

  it("rejects CR/LF in header-bound fields and keeps nothing", async () => {
    const app = await startApp();
    const res = await app.post({ ...validInput, name: "Jane\r\nBcc: victim@example.com", email: "jane@example.com\nCc: x@example.com" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ name: "Name must be on a single line", email: "Email must be on a single line" });
    await expectNothingKept();
  });

  it("rejects control and invisible characters in header-bound fields, per field, and keeps nothing", async () => {
    const app = await startApp();
    const res = await app.post({
      ...validInput,
      name: "Jane\u200bDoe",
      email: "jane@example.com\u0007",
      phone: "\u202e(803) 555-0142",
      message: "Please call me \u001b[31mtoday\u001b[0m about the oak",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      name: "Name must not contain control or invisible characters",
      email: "Email must not contain control or invisible characters",
      phone: "Phone number must not contain control or invisible characters",
      message: "Message must not contain control characters",
    });
    await expectNothingKept();
  });

  it("never lets a name form an encoded word in the mail headers", async () => {
    const app = await startApp();
    const name = "=?utf-8?B?QmNjOiB4QGV2aWwudGVzdA==?=";
    expect((await app.post({ ...validInput, name })).status).toBe(201);
    await waitFor(() => peer.received.length === 1, 15_000, "the notification");
    const raw = peer.received[0]?.raw ?? "";
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(head).not.toContain("=?utf-8?B?QmNjOiB4QGV2aWwudGVzdA==?=");
    const mail = parseMail(raw);
    expect(mail.headers.get("subject")).not.toContain("Bcc:");
    expect(mail.headers.get("reply-to")).not.toContain("Bcc:");
    expect(mail.headers.has("bcc")).toBe(false);
    // The owner still reads what was typed, literally (every "=?" gets a space), and the body keeps it as it was.
    expect(mail.headers.get("subject")).toBe("Tree Trimming & Pruning request from = ?utf-8?B?QmNjOiB4QGV2aWwudGVzdA== ?=");
    expect(mail.text).toContain(`Name: ${name}`);
  });

  it("stores HTML in the message as text and escapes it in the mail", async () => {
    const app = await startApp();
    const message = `<img src=x onerror="alert(1)"> please <b>call</b> me`;
    const res = await app.post({ ...validInput, message });
    expect(res.status).toBe(201);
    expect((await stored())[0]?.message).toBe(message);
    await waitFor(() => peer.received.length === 1, 15_000, "the notification");
    const mail = parseMail(peer.received[0]?.raw ?? "");
    expect(mail.text).toContain(message);
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; please &lt;b&gt;call&lt;/b&gt; me");
    expect(mail.html).not.toContain("<img");
  });

  it("answers 503 and claims nothing when the data directory cannot be written, with one log line naming it", async () => {
    // A path through a regular file: ENOTDIR stops root too, where a chmod would not.
    const blocker = path.join(dir, "not-a-dir");
    await writeFile(blocker, "a file where the data directory should be");
    const dataDir = path.join(blocker, "data");
    const app = await startApp({ dataDir });

    const res = await app.post(validInput);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    const body = await res.json();
    expect(body).toMatchObject({ ok: false, message: expect.any(String) });
    expect(body).not.toHaveProperty("id");

    const form = await app.postForm(validInput);
    expect(form.status).toBe(503);
    expect(form.headers.get("content-type")).toMatch(/text\/html/);
    expect(await form.text()).toContain("try again later");
    await expectNothingKept();
    expect(logger.errors).toHaveLength(2);
    expect(logger.errors[0]).toContain(`the data folder ${dataDir} cannot be written (ENOTDIR: not a directory`);
  });

  it("answers 500 when storing fails for another reason", async () => {
    const fail = () => Promise.reject(new Error("disk controller on fire"));
    const app = await startApp({ store: { messages: { add: fail, hold: fail }, limits: store.limits } });
    const res = await app.post(validInput);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ ok: false });
    expect(logger.errors.join("\n")).toMatch(/could not store/);
  });

  it("still answers 201 when SMTP is down; the mail waits in the outbox", async () => {
    await peer.close();
    const app = await startApp();
    const res = await app.post(validInput);
    expect(res.status).toBe(201);
    expect(await stored()).toHaveLength(1);
    await waitFor(async () => (await store.outbox.undelivered())[0]?.attempts === 1, 15_000, "a failed attempt");
    expect((await store.outbox.undelivered())[0]?.state).toBe("pending");
  });

  it("has the mail job on disk when it answers: the stored line is the job", async () => {
    await peer.close();
    const app = await startApp();
    const res = await app.post(validInput);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    // Read at the moment of the answer, as a restarted process (or the owner's report) would find it.
    const reader = await createFilesStore({ dataDir: dir, logger });
    expect((await reader.outbox.undelivered()).map((job) => [job.id, job.state])).toEqual([[id, "pending"]]);
    await reader.close();
  });

  it("keeps 200 concurrent posts as 200 intact lines with distinct ids, and mails them all", async () => {
    const app = await startApp();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => app.post({ ...validInput, name: `Visitor ${i}` })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));
    const ids = await Promise.all(responses.map(async (r) => (await r.json()).id));
    expect(new Set(ids).size).toBe(200);

    const lines = (await readFile(path.join(dir, "submissions.jsonl"), "utf8")).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(200);
    expect(new Set(lines.map((line) => JSON.parse(line).id))).toEqual(new Set(ids));
    await waitFor(() => peer.received.length === 200, 20_000, "200 notifications");
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After past the per-IP limit and stores nothing more", async () => {
    let now = Date.UTC(2025, 0, 1);
    // TRUST_PROXY=loopback: the test's requests come through "a proxy" on this machine.
    const app = await startApp({ rateLimit: { limit: 2, windowMs: 600_000 }, clock: () => now, trustProxy: ["loopback"] });
    expect((await app.post(validInput)).status).toBe(201);
    now += 60_000;
    expect((await app.post(validInput)).status).toBe(201);
    const limited = await app.post(validInput);
    expect(limited.status).toBe(429);
    // The first post leaves the window 9 minutes from now.
    expect(limited.headers.get("retry-after")).toBe("540");
    expect(await limited.json()).toMatchObject({ ok: false });
    expect(await stored()).toHaveLength(2);

    // Another visitor behind the same local proxy is counted separately.
    expect((await app.post(validInput, { "x-forwarded-for": "203.0.113.9" })).status).toBe(201);
    now += 540_000;
    expect((await app.post(validInput)).status).toBe(201);
  });

  it("is off when the limit is 0", async () => {
    const app = await startApp({ rateLimit: { limit: 0 } });
    for (let i = 0; i < 8; i++) expect((await app.post(validInput)).status).toBe(201);
  });
});

describe("spam", () => {
  it("holds a filled honeypot in spam.jsonl, mails nothing and answers like a success", async () => {
    const app = await startApp();
    const res = await app.post({ ...validInput, website: "http://spam.example" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ ok: true, id: expect.any(String) });
    expect(await storedSpam()).toMatchObject([{ id: body.id, spamReason: "honeypot" }]);
    await expectNothingKept();
  });

  it("holds a form sent less than 3 seconds after it was shown", async () => {
    const app = await startApp();
    const res = await app.postForm({ ...validInput, website: "", formShownAt: String(Date.now() - 1_000) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact/thank-you/");
    expect(await storedSpam()).toMatchObject([{ spamReason: "too-fast" }]);
    await expectNothingKept();
  });

  it("takes a post with an empty honeypot shown long enough ago, or without the fields", async () => {
    const app = await startApp();
    expect((await app.post({ ...validInput, website: "", formShownAt: Date.now() - 20_000 })).status).toBe(201);
    expect((await app.post(validInput)).status).toBe(201);
    expect(await stored()).toHaveLength(2);
    expect(await storedSpam()).toEqual([]);
    await waitFor(() => peer.received.length === 2, 15_000, "two notifications");
  });
});

describe("POST /api/contact as a form without JavaScript", () => {
  it("redirects a valid post to the thank-you page with 303 once stored", async () => {
    const app = await startApp();
    const res = await app.postForm(validInput);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact/thank-you/");
    expect(await stored()).toMatchObject([validInput]);
  });

  it("answers an invalid post with 400 and a page listing the problems, escaped, linking back", async () => {
    const app = await startApp();
    const res = await app.postForm({ ...validInput, name: "<script>x</script>", email: "nope", phone: "", message: "short" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Phone number is required");
    expect(html).toContain("Message must be at least 10 characters");
    expect(html).toContain('href="/contact"');
    expect(html).toContain('value="&lt;script&gt;x&lt;/script&gt;"');
    expect(html).not.toContain("<script>");
    await expectNothingKept();
  });

  it("uses the site's renderer for the invalid page when given one", async () => {
    const app = await startApp({
      renderInvalidForm: (values, errors) => `<p>${Object.keys(errors).join(",")}|${values.name ?? ""}</p>`,
    });
    const res = await app.postForm({ name: "Jo", email: "jo@example.com" });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("<p>phone,serviceType,message|Jo</p>");
  });

  it("falls back to the plain page when the site's renderer throws", async () => {
    const app = await startApp({
      renderInvalidForm: () => {
        throw new Error("render failed");
      },
    });
    const res = await app.postForm({ name: "Jo" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Email is required");
    expect(logger.errors.join("\n")).toMatch(/renderInvalidForm failed/);
  });
});
