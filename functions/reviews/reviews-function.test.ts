// The reviews flow with real parts: files in a temp DATA_DIR (fsync), a real SMTP peer,
// the app listening on a loopback port, links followed as the owner would follow them.
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactFunction, type ContactFunction } from "../contact/app";
import { contentDir, listen, makeTempDir, parseMail, recordingLogger, sleep, startSmtpPeer, waitFor, type SmtpPeer } from "../../tests/test-support";
import { createFilesStore } from "../store/files/files-store";
import { DECISIONS_FILE, REVIEW_SPAM_FILE, REVIEWS_FILE } from "../store/files/file-names";
import { createReviewTokens } from "./review-tokens";

const review = { name: "Pat Jones", location: "Irmo, SC", rating: 4, text: "They took down a dead pine next to the house without a scratch." };

let dir: string;
let cleanup: () => Promise<void>;
let peer: SmtpPeer;
let functions: ContactFunction | undefined;
let server: { url: string; close: () => Promise<void> } | undefined;
let published = 0;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  peer = await startSmtpPeer();
  published = 0;
});
afterEach(async () => {
  await server?.close();
  await functions?.close();
  server = undefined;
  functions = undefined;
  await peer.close();
  await cleanup();
});

async function start(env: Record<string, string> = {}): Promise<string> {
  functions = await createContactFunction(
    { DATA_DIR: dir, SMTP_URL: peer.url, CONTACT_RATE_LIMIT: "0", SITE_URL: "https://reviews.test", ...env },
    { contentDir, logger: recordingLogger() },
  );
  functions.onPublish(() => void (published += 1));
  server = await listen(functions.app);
  return server.url;
}

const postJson = (url: string, body: unknown) =>
  fetch(`${url}/api/reviews`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** The approve and reject links of the one review mail, pointed at the test server (SITE_URL is a placeholder). */
async function mailedLinks(url: string): Promise<{ approve: string; reject: string; text: string }> {
  await waitFor(() => peer.received.length === 1, 15_000, "the review notification");
  const mail = parseMail(peer.received[0]?.raw ?? "");
  const found = (label: string) => {
    const link = new RegExp(`^${label}: (https://reviews\\.test\\S+)`, "m").exec(mail.text)?.[1] ?? "";
    const parsed = new URL(link);
    return `${url}${parsed.pathname}${parsed.search}`;
  };
  return { approve: found("Approve"), reject: found("Reject"), text: mail.text };
}

const decide = (url: string, link: string) =>
  fetch(`${url}/api/reviews/moderate`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: new URL(link).searchParams.get("token") ?? "" }).toString(),
  });

/** The id in a 201 answer. */
async function createdId(answer: Response): Promise<string> {
  const body: unknown = await answer.json();
  return typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" ? body.id : "";
}

const fileText = (name: string) => readFile(path.join(dir, name), "utf8").catch(() => "");
const SECRET_FILE = "review-secret";

/** The reviews with their state, as another process (`npm run reviews`) reads them. */
async function readReviewStates(dataDir: string) {
  const store = await createFilesStore({ dataDir, logger: recordingLogger() });
  try {
    return await store.reviews.list();
  } finally {
    await store.close();
  }
}

describe("reviews function", () => {
  it("stores a review pending, mails the owner, and changes nothing until the confirm button is pressed", async () => {
    const url = await start();
    const answer = await postJson(url, review);
    expect(answer.status).toBe(201);
    const id = await createdId(answer);

    // On disk before the answer: pending, with the spec's fields.
    const stored = JSON.parse((await fileText(REVIEWS_FILE)).trim());
    expect(stored).toEqual({ id, ...review, approved: false, createdAt: expect.any(String) });

    const { approve, text } = await mailedLinks(url);
    expect(text).toContain(review.text);
    expect(parseMail(peer.received[0]?.raw ?? "").headers.get("x-review-id")).toBe(id);

    // Opening the link (a mail scanner does the same) shows a page with one button and changes nothing.
    const confirm = await fetch(approve);
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get("referrer-policy")).toBe("no-referrer");
    const page = await confirm.text();
    expect(page).toContain("Approve this review?");
    expect(page.match(/<button/g)).toHaveLength(1);
    expect(page).toContain('method="post"');
    expect(await fileText(DECISIONS_FILE)).toBe("");
    expect((await readReviewStates(dir))[0]?.approved).toBe(false);
    expect(published).toBe(0);

    const done = await decide(url, approve);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Review approved");
    expect((await readReviewStates(dir))[0]).toMatchObject({ id, approved: true, state: "approved", decision: { via: "link", by: "office@cedarridgetree.example" } });
    expect(published).toBe(1);
  });

  it("refuses a reused, forged, altered or expired link with a clear page and changes nothing", async () => {
    const url = await start();
    const id = await createdId(await postJson(url, review));
    const { approve, reject } = await mailedLinks(url);
    expect((await decide(url, approve)).status).toBe(200);
    const decisions = await fileText(DECISIONS_FILE);

    const reused = await decide(url, approve);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain("This link was already used");
    expect((await fetch(approve)).status).toBe(410);

    const token = new URL(reject).searchParams.get("token") ?? "";
    const altered = token.replace(".reject.", ".approve.");
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [altered, forged, "nonsense", ""]) {
      const refused = await decide(url, `https://x.test/?token=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("This link is not valid");
      expect((await fetch(`${url}/api/reviews/moderate?token=${encodeURIComponent(bad)}`)).status).toBe(400);
    }

    // A genuine signature, for a review sent 31 days ago: expired.
    const secret = Buffer.from((await fileText(SECRET_FILE)).trim(), "hex");
    const old = createReviewTokens(secret).sign(id, "reject", new Date(Date.now() - 31 * 24 * 3600_000).toISOString());
    const expired = await decide(url, `https://x.test/?token=${old}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired");

    expect(await fileText(DECISIONS_FILE)).toBe(decisions);
    expect((await readReviewStates(dir))[0]?.approved).toBe(true);
    expect(published).toBe(1);
  });

  it("answers bad input with 400 and the messages, storing nothing, JSON and form alike", async () => {
    const url = await start();
    const bad = await postJson(url, { name: "P", location: "", rating: 6, text: "short" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      ok: false,
      errors: {
        name: "Name must be at least 2 characters",
        location: "Town is required",
        rating: "Please choose a rating from 1 to 5 stars",
        text: "Review must be at least 10 characters",
      },
    });
    expect((await postJson(url, { ...review, rating: 2.5 })).status).toBe(400);
    expect((await postJson(url, { ...review, text: "x".repeat(2001) })).status).toBe(400);
    const form = await fetch(`${url}/api/reviews`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Pat", location: "Irmo", rating: "5", text: "too short" }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Review must be at least 10 characters");
    expect((await fetch(`${url}/api/reviews`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" })).status).toBe(415);
    expect((await postJson(url, { ...review, text: "x".repeat(17_000) })).status).toBe(413);
    expect(await fileText(REVIEWS_FILE)).toBe("");
  });

  it("takes a no-JavaScript post (rating as text, default 5 when left out) and redirects to the thank-you page", async () => {
    const url = await start();
    const form = await fetch(`${url}/api/reviews`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Pat", location: "Chapin", text: "Great crew, fair price, clean yard." }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/reviews/thank-you/");
    expect((await readReviewStates(dir))[0]).toMatchObject({ rating: 5, approved: false });
    await mailedLinks(url);
  });

  it("publishes once when npm run reviews (another process) approves, and not for a decision that shows nothing new", async () => {
    const url = await start();
    const id = await createdId(await postJson(url, review));
    const cli = await createFilesStore({ dataDir: dir, logger: recordingLogger() });
    await cli.reviews.decide({ id, approved: false, via: "cli", by: "root on the server" });
    await sleep(400);
    expect(published).toBe(0);
    await cli.reviews.decide({ id, approved: true, via: "cli", by: "root on the server" });
    await waitFor(() => published === 1, 15_000, "the publish after the approval");
    await cli.close();
    await sleep(400);
    expect(published).toBe(1);
  });

  it("holds spam without mailing it, limits the rate, and answers 503 while DATA_DIR cannot be written", async () => {
    const url = await start({ CONTACT_RATE_LIMIT: "2" });
    const held = await postJson(url, { ...review, website: "http://spam.example" });
    expect(held.status).toBe(201);
    expect(JSON.parse((await fileText(REVIEW_SPAM_FILE)).trim())).toMatchObject({ spamReason: "honeypot", approved: false });
    expect(await fileText(REVIEWS_FILE)).toBe("");
    expect((await postJson(url, review)).status).toBe(201);
    const limited = await postJson(url, review);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    await waitFor(() => peer.received.length === 1, 15_000, "the one real review's mail");
    await sleep(200);
    expect(peer.received).toHaveLength(1);

    await server?.close();
    await functions?.close();
    server = undefined;
    const blocker = path.join(dir, "blocker");
    await writeFile(blocker, "a file where DATA_DIR should be");
    functions = await createContactFunction({ DATA_DIR: path.join(blocker, "data"), SMTP_URL: peer.url }, { contentDir, logger: recordingLogger() });
    server = await listen(functions.app);
    const refused = await postJson(server.url, review);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ ok: false, message: expect.any(String) });
    expect((await fetch(`${server.url}/api/reviews/moderate?token=x`)).status).toBe(503);
  });

  it("generates its key into DATA_DIR with mode 0600 and keeps it; REVIEW_SECRET replaces it", async () => {
    await start();
    const file = path.join(dir, SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const first = await readFile(file, "utf8");
    await server?.close();
    await functions?.close();
    server = undefined;
    await start();
    expect(await readFile(file, "utf8")).toBe(first);
    await expect(createContactFunction({ DATA_DIR: dir, REVIEW_SECRET: "short" }, { contentDir })).rejects.toThrow(/REVIEW_SECRET/);
  });

  it("mails a review stored while the server was down, at its start", async () => {
    await writeFile(path.join(dir, REVIEWS_FILE), `${JSON.stringify({ id: "5b1c6c1e-6a43-4d4e-9d55-0c6f3f0a9e01", ...review, approved: false, createdAt: new Date().toISOString() })}\n`);
    await start();
    await waitFor(() => peer.received.length === 1, 15_000, "the review stored before the start");
    expect(parseMail(peer.received[0]?.raw ?? "").headers.get("x-review-id")).toBe("5b1c6c1e-6a43-4d4e-9d55-0c6f3f0a9e01");
  });
});
