import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deskPath } from "../src/desk/desk-routes";
import { connectBrowser, openPage } from "./chromium";
import { addVirtualAuthenticator, signInWithCode } from "./desk-browser";
import { OWNER } from "./desk-harness";
import { freePort, recipeHere, startContactFunction, startNginx, stopped, waitForUp } from "./nginx-process";
import { startCluster, storedMessageIds, type TestCluster } from "./postgres-cluster";
import { parseMail, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "./test-support";

// README "Several instances": deploy/nginx/cedar-ridge.conf with two server lines in its
// upstream, each a contact function as deploy/cedar-ridge-contact.service runs it, on one
// PostgreSQL database (a real server, tests/postgres-cluster.ts), all on loopback. Posts are
// shared out between the two, each stored and mailed once; with one instance stopped, the
// other takes every post. The owner adds a passkey and signs in with it in Chromium, each
// challenge handed out by one instance and answered to the other.

let work: string;
let cluster: TestCluster;
let peer: SmtpPeer;
let databaseUrl: string;
let nginx: ChildProcess;
let nginxUrl: string;
let browser: Browser;
const instances: Array<{ child: ChildProcess; port: string }> = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "nginx-instances-"));
  [cluster, peer] = await Promise.all([startCluster(), startSmtpPeer()]);
  databaseUrl = await cluster.createDatabase();
  // The same DATA_DIR for both (one machine): only the emails saved without SMTP_URL would go there.
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: join(work, "data"), TRUST_PROXY: "127.0.0.1", CONTACT_RATE_LIMIT: "0", SMTP_URL: peer.url, OWNER_EMAILS: OWNER };
  for (let i = 0; i < 2; i++) instances.push(await startContactFunction(env));
  const port = await freePort();
  const site = (await recipeHere(inject("distDir")))
    .replace("listen 80;", `listen 127.0.0.1:${port};`)
    .replace("server 127.0.0.1:3001;", instances.map((instance) => `server 127.0.0.1:${instance.port};`).join("\n    "))
    // Only here: which instance answered, for the test to see both at work.
    // Every location that passes to the functions (the forms', the desk's large bodies, the contact form's photos).
    .replace(/proxy_read_timeout (\d+s);/g, "proxy_read_timeout $1;\n        add_header X-Upstream $upstream_addr always;");
  nginx = await startNginx(work, site);
  nginxUrl = `http://127.0.0.1:${port}`;
  await waitForUp(nginxUrl);
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([stopped(nginx, "SIGQUIT"), ...instances.map((instance) => stopped(instance.child, "SIGTERM"))]);
  await peer?.close();
  await cluster?.remove();
  await rm(work, { recursive: true, force: true });
});

/** The id in a 201 answer. */
async function idOf(answer: Response): Promise<string> {
  const body: unknown = await answer.json();
  return typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" ? body.id : "";
}

const post = () => fetch(`${nginxUrl}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(validInput) });


describe("two contact functions on PostgreSQL behind nginx", () => {
  it("add a passkey and sign in with it, each ceremony's challenge asked of one instance and answered to the other", async () => {
    // A passkey belongs to a host name: localhost, not an IP address.
    const { page, problems, close } = await openPage(browser, { baseURL: nginxUrl.replace("127.0.0.1", "localhost"), hasTouch: true, isMobile: true });
    /** Which instance answered each ceremony's POST, by its path. */
    const answeredBy = new Map<string, string>();
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (response.request().method() === "POST" && /passkey/.test(path)) answeredBy.set(path, response.headers()["x-upstream"] ?? "");
    });
    /** What the page says after a tap: its heading and its notices or problems. */
    const said = async () => (await page.locator("h1, [role=status], [role=alert]").allTextContents()).join(" | ");
    try {
      await addVirtualAuthenticator(page);
      await signInWithCode(page, peer);
      await page.goto("/owner/account");
      await page.getByRole("button", { name: "Add a passkey" }).tap();
      await expect.poll(said).toMatch(/^Account \| Passkey added/);

      await page.getByRole("button", { name: "Sign out", exact: true }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");
      await page.getByRole("button", { name: "Sign in with a passkey" }).tap();
      await expect.poll(said).toMatch(/^Your desk/);

      // nginx shares requests out in turn: each challenge came from one instance, its answer went to the other.
      const both = instances.map((instance) => `127.0.0.1:${instance.port}`).sort();
      for (const [challenge, answer] of [[deskPath.passkeyAddChallenge, deskPath.passkeyAdd], [deskPath.passkeyChallenge, deskPath.passkeySignIn]] as const) {
        expect([answeredBy.get(challenge), answeredBy.get(answer)].sort(), `${challenge} and its answer`).toEqual(both);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("share the posts, store and mail each once, and one carries on when the other stops", async () => {
    const ids: string[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const answer = await post();
      expect(answer.status).toBe(201);
      upstreams.add(answer.headers.get("x-upstream") ?? "");
      ids.push(await idOf(answer));
    }
    expect([...upstreams].sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());

    await stopped(instances[0]?.child, "SIGTERM");
    for (let i = 0; i < 10; i++) {
      const answer = await post();
      expect(answer.status).toBe(201);
      ids.push(await idOf(answer));
    }
    expect((await storedMessageIds(databaseUrl)).sort()).toEqual([...ids].sort());
    // The messages' notifications: the desk's sign-in emails go to the same peer.
    const notified = () => peer.received.flatMap((mail) => parseMail(mail.raw).headers.get("x-submission-id") ?? []);
    await waitFor(() => notified().length >= ids.length, 20_000, "every notification");
    await new Promise((ok) => setTimeout(ok, 1_000));
    expect(notified().sort()).toEqual([...ids].sort());
  });
});
