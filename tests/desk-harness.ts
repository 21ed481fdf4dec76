import { expect } from "vitest";
// The owner's desk as its tests drive it over HTTP: the real desk app (functions/desk/desk-app.ts)
// with its real bundle, a real JSON-lines store in a temp DATA_DIR (or, given `databaseUrl`, a real
// PostgreSQL database) with the server's sending loop
// (functions/contact/outbox.ts), a copy of content/, a real SMTP peer for the sign-in emails, and a
// clock the test moves. A client keeps cookies as a browser does.
import { cp } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { createDeskApp, type DeskApp } from "../functions/desk/desk-app";
import type { PublishOutcome } from "../functions/desk/publish-outcome";
import { createMailer, createSmtpTransport, defaultAddresses, isPermanentMailError } from "../functions/contact/mailer";
import { createOutbox, type Outbox } from "../functions/contact/outbox";
import type { TrustProxy } from "../functions/http/trust-proxy";
import { createFilesStore } from "../functions/store/files/files-store";
import { createPostgresStore } from "../functions/store/postgres/postgres-store";
import type { Store } from "../functions/store/store";
import { deskRenderer } from "../scripts/build-engine/desk-bundle";
import { loadSite } from "../src/content/load-content";
import { makeTempDir, parseMail, recordingLogger, startSmtpPeer, waitFor, type SmtpPeer } from "./test-support";

/** One bundle for every desk test in a file: building it takes about a second. */
const renderer = deskRenderer(process.cwd());

export interface DeskHarnessOptions {
  env?: { OWNER_EMAILS?: string; CONTACT_TO?: string };
  /** Omit to run the desk as the contact function alone runs it (no publishing). */
  publish?: boolean;
  trustProxy?: TrustProxy;
  /** content/ for this desk; default a fresh copy of the repository's. */
  contentDir?: string;
  /** A PostgreSQL database (tests/postgres-cluster.ts) to keep everything in, instead of files in DATA_DIR. */
  databaseUrl?: string;
}

export interface DeskHarness {
  url: string;
  dataDir: string;
  contentDir: string;
  mail: SmtpPeer;
  clock: { now: number };
  /** What the desk asked to publish, and what the next publish answers. */
  published: string[];
  publishAnswer: PublishOutcome;
  logger: ReturnType<typeof recordingLogger>;
  store: () => Store;
  client(origin?: string): DeskClient;
  /** The app and its store again on the same folders, as after a restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
}

export interface DeskClient {
  cookies: Map<string, string>;
  /** The CSRF token of the last page this client got. */
  csrf: string;
  get(path: string): Promise<Answer>;
  /**
   * A form post with the page's token (unless `csrf` says otherwise) and this client's Origin (unless `origin` says otherwise: null
   * sends none); `headers` are added (X-Forwarded-For, with the harness's `trustProxy`). `json`: the fields as JSON, whatever
   * their values (a browser's push subscription has an object in it).
   */
  post(path: string, fields?: Record<string, unknown>, options?: { csrf?: string | null; origin?: string | null; json?: boolean; headers?: Record<string, string> }): Promise<Answer>;
  /** Signs in with the code the newest email to `email` holds. */
  signIn(email?: string): Promise<void>;
}

export const OWNER = "owner@example.com";

export async function startDesk(options: DeskHarnessOptions = {}): Promise<DeskHarness> {
  const { dir, cleanup } = await makeTempDir();
  const dataDir = path.join(dir, "data");
  const contentDir = options.contentDir ?? path.join(dir, "content");
  if (!options.contentDir) await cp(path.resolve("content"), contentDir, { recursive: true });
  const mail = await startSmtpPeer();
  const transport = createSmtpTransport(mail.url);
  const site = await loadSite(contentDir, {});
  const logger = recordingLogger();
  const clock = { now: Date.now() };
  // The server's sending loop, as the contact function runs it: the desk queues its sign-in emails in the store's outbox.
  // Notifications of the messages and reviews a test stores go to the site's address, as by default.
  // Visits' and reviews' emails carry signed links; their tokens are no concern of the desk's tests.
  const visitLinks = async (visit: { id: string }) => ({ cancel: `${site.url}/api/estimate-visits/cancel?token=test-${visit.id}`, desk: `${site.url}/owner/bookings` });
  const reviewLinks = async (review: { id: string }) => ({ approve: `${site.url}/api/reviews/moderate?approve=test-${review.id}`, reject: `${site.url}/api/reviews/moderate?reject=test-${review.id}` });
  const mailer = createMailer({ transport, site, addresses: defaultAddresses(site, {}), visitLinks, reviewLinks });
  let outbox: Outbox | undefined;
  const openStore = async () => {
    const opened = options.databaseUrl
      ? await createPostgresStore({ url: options.databaseUrl, clock: () => clock.now, logger })
      : await createFilesStore({ dataDir, clock: () => clock.now, logger });
    outbox = createOutbox({ store: opened.outbox, send: mailer.send, isPermanent: isPermanentMailError, clock: () => clock.now, logger });
    await outbox.start();
    return opened;
  };
  let store = await openStore();
  let server: Server | undefined;
  let deskApp: DeskApp | undefined;
  let url = "";

  const harness: DeskHarness = {
    get url() {
      return url;
    },
    dataDir,
    contentDir,
    mail,
    clock,
    published: [],
    publishAnswer: { ok: true },
    logger,
    store: () => store,
    client: (origin) => deskClient(() => url, mail, origin ?? url),
    async restart() {
      await stop();
      store = await openStore();
      await listen(Number(new URL(url).port));
    },
    async close() {
      await stop();
      transport.close();
      await mail.close();
      await cleanup();
    },
  };

  async function listen(port = 0) {
    const app = express();
    deskApp = createDeskApp({
      store,
      renderer,
      contentDir,
      site,
      env: { OWNER_EMAILS: OWNER, ...options.env },
      publish:
        options.publish === false
          ? undefined
          : async (reason) => {
              harness.published.push(reason);
              return harness.publishAnswer;
            },
      trustProxy: options.trustProxy,
      clock: () => clock.now,
      logger,
    });
    app.use(deskApp);
    server = await new Promise<Server>((ok) => {
      const s = app.listen(port, "127.0.0.1", () => ok(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function stop() {
    await new Promise<void>((ok) => {
      server?.close(() => ok());
      server?.closeAllConnections();
    });
    await deskApp?.settled();
    await outbox?.stop();
    await store.close();
  }

  await listen();
  return harness;
}

/**
 * A browser of the desk at `base()` (a server in this process or another): it keeps cookies and the
 * last page's CSRF token; `mail` is where its sign-in emails arrive.
 */
export function deskClient(base: () => string, mail: SmtpPeer, origin = base()): DeskClient {
  const cookies = new Map<string, string>();
  const c: DeskClient = {
    cookies,
    csrf: "",
    get: (p) => request("GET", p),
    post: (p, fields = {}, opts = {}) => {
      const token = opts.csrf === undefined ? c.csrf : opts.csrf;
      const body = { ...fields, ...(token === null ? {} : { csrf: token }) };
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.origin !== null) headers.origin = opts.origin ?? origin;
      if (opts.json) {
        headers["content-type"] = "application/json";
        return request("POST", p, JSON.stringify(body), headers);
      }
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(body)) for (const v of [value].flat()) form.append(name, String(v));
      headers["content-type"] = "application/x-www-form-urlencoded";
      return request("POST", p, form.toString(), headers);
    },
    async signIn(email = OWNER) {
      await c.get("/owner/sign-in");
      const before = mail.received.length;
      const asked = await c.post("/owner/sign-in", { email });
      if (asked.status !== 303) throw new Error(`asking for a code answered ${asked.status}`);
      await waitFor(() => mail.received.slice(before).some((m) => m.to.includes(email)), 10_000, "the sign-in email");
      const code = codeIn(mail.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? "");
      await c.get("/owner/sign-in/code");
      const signedIn = await c.post("/owner/sign-in/code", { code });
      if (signedIn.status !== 303) throw new Error(`the code answered ${signedIn.status}: ${signedIn.text.slice(0, 500)}`);
      await c.get("/owner");
    },
  };

  async function request(method: string, p: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(base() + p, {
      method,
      body,
      redirect: "manual",
      headers: { ...headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "), "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) c.csrf = token;
    return { status: response.status, location: response.headers.get("location"), text, headers: response.headers };
  }
  return c;
}

/** The 6-digit code in a sign-in email. */
/**
 * The refusals of a desk delete step's POST (`path`, a page the owner has open): without the
 * page's token, from another site, and signed out (GET sent to sign in; POST refused even with the
 * sign-in page's own token). The caller checks that nothing was deleted.
 */
export async function expectDeleteRefused(desk: DeskHarness, owner: DeskClient, path: string): Promise<void> {
  await owner.get(path);
  expect((await owner.post(path, {}, { csrf: null })).status).toBe(403);
  expect((await owner.post(path, {}, { origin: "https://evil.example" })).status).toBe(403);
  const signedOut = desk.client();
  expect((await signedOut.get(path)).location).toBe("/owner/sign-in");
  await signedOut.get("/owner/sign-in");
  expect((await signedOut.post(path)).status).toBe(403);
}

export function codeIn(raw: string): string {
  const code = /^Subject: (\d{6}) is your sign-in code/m.exec(raw)?.[1] ?? /\b(\d{6})\b/.exec(parseMail(raw).text)?.[1];
  if (!code) throw new Error("no code in the email");
  return code;
}

/** The sign-in link's path and query in a sign-in email. */
export function linkIn(raw: string): string {
  const link = /(https?:\/\/\S+\/owner\/sign-in\/link\?token=[\w-]+)/.exec(parseMail(raw).text)?.[1];
  if (!link) throw new Error("no link in the email");
  const url = new URL(link);
  return url.pathname + url.search;
}
