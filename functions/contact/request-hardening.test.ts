// Requests an attacker would send: wrong field types, spoofed forwarding headers,
// oversized declared bodies, broken URL escapes. Each answer is a short 4xx and
// nothing is stored; no stack trace or path of ours ever reaches the client.
import net from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp, type ContactAppOptions } from "./app";
import { createFilesStore } from "../store/files/files-store";
import { listen, makeTempDir, recordingLogger, storedMessages, validInput } from "../../tests/test-support";

let dir: string;
let cleanup: () => Promise<void>;
let logger: ReturnType<typeof recordingLogger>;
const toClose: Array<() => Promise<void>> = [];

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir());
  logger = recordingLogger();
});
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
  await cleanup();
});

async function startApp(overrides: Partial<ContactAppOptions> = {}) {
  const store = await createFilesStore({ dataDir: dir, logger });
  const app = createApp({ store, rateLimit: { limit: 0 }, logger, ...overrides });
  const server = await listen(app);
  toClose.push(server.close, () => store.close());
  return {
    url: server.url,
    post: (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        redirect: "manual",
      }),
  };
}

const stored = () => storedMessages(dir);
const storedSpam = () => storedMessages(dir, "spam");

/** Nothing a visitor could learn our internals from: no stack frames, no absolute paths. */
function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|[A-Z]:\\|Error:/);
}

describe("anti-spam fields are type-checked like the others", () => {
  it.each([
    ["the honeypot as an object", { website: { toString: "x" } }],
    ["the honeypot as an array", { website: ["x"] }],
    ["formShownAt as an object", { formShownAt: { valueOf: 1 } }],
  ])("answers 400 to %s and keeps nothing", async (_what, extra) => {
    const app = await startApp();
    const res = await app.post({ ...validInput, ...extra });
    expect(res.status).toBe(400);
    const body = await res.text();
    expectNoInternals(body);
    expect(JSON.parse(body)).toMatchObject({ ok: false, errors: { form: expect.stringMatching(/must be/) } });
    expect(await stored()).toEqual([]);
    // Nothing stored is no mail job either: a message's line is its job.
    expect(await storedSpam()).toEqual([]);
  });
});

describe("rate limit keys", () => {
  const spoofed = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });

  it("are the socket address by default: X-Forwarded-For from a local client is ignored", async () => {
    const app = await startApp({ rateLimit: { limit: 2 } });
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n++) statuses.push((await app.post(validInput, spoofed(n))).status);
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    expect(await stored()).toHaveLength(2);
  });

  it("follow X-Forwarded-For only when TRUST_PROXY names the proxy", async () => {
    const app = await startApp({ rateLimit: { limit: 2 }, trustProxy: ["127.0.0.1"] });
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n++) statuses.push((await app.post(validInput, spoofed(n))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    // The same visitor behind the proxy is limited.
    expect((await app.post(validInput, spoofed(1))).status).toBe(201);
    expect((await app.post(validInput, spoofed(1))).status).toBe(429);
  });

  it("let exactly the limit through per address when many posts come at once from several", async () => {
    const app = await startApp({ rateLimit: { limit: 3 }, trustProxy: ["127.0.0.1"] });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => app.post(validInput, spoofed(i % 3)).then((r) => ({ address: i % 3, status: r.status }))));
    for (const address of [0, 1, 2]) expect(answers.filter((a) => a.address === address && a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(51);
    expect(await stored()).toHaveLength(9);
  });
});

/** Sends raw bytes and resolves with the first response line and how long it took. */
function rawRequest(url: string, head: string, body = ""): Promise<{ statusLine: string; ms: number; closed: boolean }> {
  const { port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(head + body));
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("close", () => resolve({ statusLine: received.split("\r\n")[0] ?? "", ms: Date.now() - started, closed: true }));
    socket.on("error", reject);
    setTimeout(() => {
      socket.destroy();
      resolve({ statusLine: received.split("\r\n")[0] ?? "", ms: Date.now() - started, closed: false });
    }, 5_000);
  });
}

describe("request size", () => {
  it("refuses a declared Content-Length over 16 KiB with 413 at once and closes the connection", async () => {
    const app = await startApp();
    const head = "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n";
    const answer = await rawRequest(app.url, head, "{");
    expect(answer.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeLessThan(2_000);
    expect(await stored()).toEqual([]);
  });
});

describe("malformed URLs", () => {
  it.each(["/api/contact%", "/%E0%A4%A", "/%"])("answers 400 without internals to %s", async (target) => {
    const app = await startApp();
    const answer = await fetch(app.url + target, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(answer.status).toBe(400);
    expectNoInternals(await answer.text());
  });
});

describe("security headers when the function runs alone", () => {
  it("sends the site's headers on its answers, so a problem page cannot be framed or run inline script", async () => {
    const app = await startApp();
    for (const res of [await app.post(validInput), await app.post({}), await fetch(`${app.url}/%`)]) {
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
