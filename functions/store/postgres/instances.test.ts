// Several instances of the functions on one PostgreSQL database, all real: a throw-away
// server (tests/postgres-cluster.ts), the contact function as `npm start` makes it from its
// environment (DATABASE_URL), a real SMTP peer, HTTP on loopback. What issue 32 promises:
// a post is stored once and mailed once, the rate limit is shared, a review link decides once,
// an approval on one instance reaches the one that builds, the owner's desk signs in and out
// across instances, and the database going away and coming back loses nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deskRenderer } from "../../../scripts/build-engine/desk-bundle";
import { createContactFunction, type ContactFunction, type ContactFunctionOptions } from "../../contact/app";
import { codeIn } from "../../../tests/desk-harness";
import { startCluster, storedMessageIds, type TestCluster } from "../../../tests/postgres-cluster";
import { contentDir, listen, makeTempDir, parseMail, recordingLogger, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "../../../tests/test-support";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

interface Instance {
  url: string;
  functions: ContactFunction;
  logger: ReturnType<typeof recordingLogger>;
  published: number;
}

let databaseUrl: string;
let peer: SmtpPeer;
let dataDir: { dir: string; cleanup: () => Promise<void> };
const running: Array<Instance & { close: () => Promise<void> }> = [];

beforeEach(async () => {
  databaseUrl = await cluster.createDatabase();
  peer = await startSmtpPeer();
  dataDir = await makeTempDir();
});
afterEach(async () => {
  for (const instance of running.splice(0)) {
    await instance.close();
    await instance.functions.close();
  }
  await peer.close();
  await dataDir.cleanup();
  await cluster.dropDatabase(databaseUrl);
});

/** One instance as `npm start` or the contact function makes it from its environment. */
async function startInstance(env: Record<string, string> = {}, options: ContactFunctionOptions = {}): Promise<Instance> {
  const logger = recordingLogger();
  const functions = await createContactFunction(
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir.dir, SMTP_URL: peer.url, CONTACT_RATE_LIMIT: "0", SITE_URL: "https://reviews.test", ...env },
    { contentDir, logger, retryDelays: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200], ...options },
  );
  const server = await listen(functions.app);
  const instance = { url: server.url, functions, logger, published: 0, close: server.close };
  functions.onPublish(() => void (instance.published += 1));
  running.push(instance);
  return instance;
}

const post = (instance: Instance, kind: "contact" | "reviews" = "contact", body: unknown = validInput) =>
  fetch(`${instance.url}/api/${kind}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function idOf(answer: Response): Promise<string> {
  const body: unknown = await answer.json();
  return typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" ? body.id : "";
}

/** The ids the SMTP peer received, from each mail's X-Submission-Id or X-Review-Id. */
const mailedIds = () => peer.received.map((mail) => {
  const headers = parseMail(mail.raw).headers;
  return headers.get("x-submission-id") ?? headers.get("x-review-id") ?? "";
});


describe("two instances on one PostgreSQL database", () => {
  it("store every post once and mail each exactly once, through an SMTP outage", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    peer.rejectWith = 451;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(i % 2 ? a : b)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    const ids = await Promise.all(answers.map(idOf));
    expect((await storedMessageIds(databaseUrl)).sort()).toEqual([...ids].sort());
    // Both instances try while the mail server refuses; then it takes mail again.
    await waitFor(() => a.logger.warnings.length > 0 && b.logger.warnings.length > 0, 10_000, "both instances to try");
    peer.rejectWith = undefined;
    await waitFor(() => peer.received.length >= 40, 20_000, "every notification");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailedIds().sort()).toEqual([...ids].sort());
  });

  it("share the rate limit: an address gets CONTACT_RATE_LIMIT posts in all, whichever instance it reaches", async () => {
    const [a, b] = [await startInstance({ CONTACT_RATE_LIMIT: "3" }), await startInstance({ CONTACT_RATE_LIMIT: "3" })];
    const statuses = [];
    for (const instance of [a, b, a, b, a]) statuses.push((await post(instance)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it("share the rate limits against posts at once: per address, exactly CONTACT_RATE_LIMIT contact messages and reviews pass, however many come on both", async () => {
    const env = { CONTACT_RATE_LIMIT: "3", TRUST_PROXY: "127.0.0.1" };
    const [a, b] = [await startInstance(env), await startInstance(env)];
    const review = { name: "Dana", location: "Irmo, SC", rating: 5, text: "Careful crew, cleaned up everything." };
    const at = (i: number, kind: "contact" | "reviews") =>
      fetch(`${(i % 2 ? a : b).url}/api/${kind}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i % 3}` },
        body: JSON.stringify(kind === "contact" ? validInput : review),
      }).then((answer) => ({ kind, address: i % 3, status: answer.status }));
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => [at(i, "contact"), at(i, "reviews")]).flat());
    for (const kind of ["contact", "reviews"]) {
      for (const address of [0, 1, 2]) {
        const mine = answers.filter((x) => x.kind === kind && x.address === address).map((x) => x.status);
        expect([mine.filter((s) => s === 201).length, mine.filter((s) => s === 429).length]).toEqual([3, 17]);
      }
    }
  });

  it("let a review link decide once, pressed on both at once, and the approval reach the instance that builds", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const answer = await post(a, "reviews", { name: "Pat Jones", location: "Irmo, SC", rating: 5, text: "They took down a dead pine without a scratch." });
    expect(answer.status).toBe(201);
    await waitFor(() => peer.received.length === 1, 10_000, "the review notification");
    const link = /^Approve: (\S+)/m.exec(parseMail(peer.received[0]?.raw ?? "").text)?.[1] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    const press = (instance: Instance) =>
      fetch(`${instance.url}/api/reviews/moderate`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      });
    const presses = await Promise.all([press(a), press(b), press(a), press(b)]);
    const pages = await Promise.all(presses.map((p) => p.text()));
    expect(pages.filter((page) => page.includes("Review approved"))).toHaveLength(1);
    expect(presses.filter((p) => p.status === 200)).toHaveLength(1);
    // Each instance's builder hears the one change once, wherever it was made.
    await waitFor(() => a.published === 1 && b.published === 1, 10_000, "both to hear the approval");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([a.published, b.published]).toEqual([1, 1]);
  });
});

describe("the owner's desk on two instances", () => {
  it("finishes a sign-in asked on one instance on the other; the session works on both, and ends on both", async () => {
    // Each with its own DATA_DIR: nothing of the desk is shared through a disk.
    const renderer = deskRenderer(process.cwd());
    const own = await makeTempDir();
    const [a, b] = [
      await startInstance({ OWNER_EMAILS: "owner@example.com" }, { desk: { renderer } }),
      await startInstance({ OWNER_EMAILS: "owner@example.com", DATA_DIR: own.dir }, { desk: { renderer } }),
    ];
    const cookies = new Map<string, string>();
    let csrf = "";
    const request = async (instance: Instance, pathname: string, fields?: Record<string, string>) => {
      const answer = await fetch(instance.url + pathname, {
        method: fields ? "POST" : "GET",
        redirect: "manual",
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
          ...(fields ? { origin: instance.url, "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: fields && new URLSearchParams({ ...fields, csrf }).toString(),
      });
      for (const line of answer.headers.getSetCookie()) {
        const [name = "", value = ""] = (line.split(";")[0] ?? "").split("=");
        if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      const text = await answer.text();
      csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? csrf;
      return { status: answer.status, location: answer.headers.get("location"), text };
    };
    try {
      await request(a, "/owner/sign-in");
      expect((await request(a, "/owner/sign-in", { email: "owner@example.com" })).status).toBe(303);
      await waitFor(() => peer.received.length === 1, 10_000, "the sign-in email");
      await request(b, "/owner/sign-in/code");
      expect((await request(b, "/owner/sign-in/code", { code: codeIn(peer.received[0]?.raw ?? "") })).status).toBe(303);
      expect((await request(a, "/owner")).text).toContain("<title>Your desk");
      expect((await request(b, "/owner")).text).toContain("<title>Your desk");
      // Signed out on one, the same cookie (kept, as a stolen copy would be) opens nothing on the other.
      const kept = new Map(cookies);
      expect((await request(b, "/owner/sign-out", {})).status).toBe(303);
      for (const [name, value] of kept) cookies.set(name, value);
      expect((await request(a, "/owner")).text).toContain("<title>Sign in");
      // The log is one, whichever instance wrote each line.
      const log = await a.functions.store.desk.auditLog(10);
      expect(log.map((entry) => entry.action).join("\n")).toMatch(/sign/i);
    } finally {
      await own.cleanup();
    }
  });
});

describe("the database stopped mid-way", () => {
  it("answers 503 while it is down, never a stack, and takes posts again by itself once it is back; nothing accepted is lost", async () => {
    const instance = await startInstance();
    const before = await post(instance);
    expect(before.status).toBe(201);
    const accepted = [await idOf(before)];
    // Its email sent and recorded first: a job claimed just as the server stops waits out its lease (30 s) instead.
    await waitFor(() => peer.received.length === 1, 10_000, "the first notification");
    await new Promise((resolve) => setTimeout(resolve, 300));

    await cluster.stop();
    const refused = await post(instance);
    expect(refused.status).toBe(503);
    const body = await refused.text();
    expect(JSON.parse(body)).toEqual({ ok: false, message: expect.any(String) });
    expect(body).not.toMatch(/ECONNREFUSED|postgres|at \w+ \(/i);
    const page = await fetch(`${instance.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(validInput).toString(),
      redirect: "manual",
    });
    expect(page.status).toBe(503);
    expect(await page.text()).not.toMatch(/ECONNREFUSED|postgres|at \w+ \(/i);
    expect(instance.logger.errors.some((line) => line.includes("answering 503"))).toBe(true);

    await cluster.start();
    const after = await post(instance);
    expect(after.status).toBe(201);
    accepted.push(await idOf(after));
    expect((await storedMessageIds(databaseUrl)).sort()).toEqual(accepted.sort());
    await waitFor(() => peer.received.length >= 2, 20_000, "both notifications");
    expect(mailedIds().sort()).toEqual(accepted.sort());
  });
});
