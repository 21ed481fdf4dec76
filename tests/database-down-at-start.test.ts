// With DATABASE_URL set, the database may not be there when the server starts (containers
// start in any order, a managed database restarts, a database not created yet). The servers
// as a user runs them, all real: `npm start` in a clean copy and the contact function alone,
// a real PostgreSQL cluster started after them, a real SMTP peer. Pages are served, posts are
// answered 503 with the JSON the form reads, the desk says plainly what is wrong, the log says
// it once (never the password); when the database answers, the migrations are applied and the
// same post is stored and mailed once, without a restart. The CLIs say it in one line.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMigrations } from "../functions/store/postgres/migrate";
import { startCluster, storedMessageIds, withClient, type TestCluster } from "./postgres-cluster";
import { runNpm, serveCopy, type ServedCopy } from "./repo-copy";
import { makeTempDir, parseMail, startSmtpPeer, validInput, waitFor } from "./test-support";

const root = path.resolve(import.meta.dirname, "..");
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const PASSWORD = "s3cret-never-logged";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

/** The cluster's URL for `database`, with a password (trust ignores it) that must never be printed. */
const withPassword = (url: string) => url.replace("postgres://postgres@", `postgres://postgres:${PASSWORD}@`);

const postJson = (baseUrl: string, route: string, body: object) =>
  fetch(`${baseUrl}${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** What no answer and no log line may carry: a stack frame or the password. */
function expectNothingInternal(text: string): void {
  expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(text).not.toContain(PASSWORD);
}

const mailedIds = (copy: ServedCopy) => copy.mail.received.map((mail) => parseMail(mail.raw).headers.get("x-submission-id"));

describe("npm start with the database down at start", () => {
  let copy: ServedCopy | undefined;
  let stopped = false;
  // The next tests need the cluster up, whatever happened here.
  afterAll(async () => {
    await copy?.close();
    if (stopped) await cluster.start();
  });

  it("serves the pages, answers posts 503, then stores and mails once the database is up, without a restart", async () => {
    const url = await cluster.createDatabase();
    await cluster.stop();
    stopped = true;
    copy = await serveCopy("db-down-start", { DATABASE_URL: withPassword(url), CONTACT_RATE_LIMIT: "0" });
    const { baseUrl, start } = copy;
    const where = `127.0.0.1:${cluster.port}/${new URL(url).pathname.slice(1)}`;
    expect(start.output()).toContain(`store: cannot reach the database ${where} (ECONNREFUSED`);

    for (const page of ["/", "/contact/", "/reviews/"]) expect((await fetch(`${baseUrl}${page}`)).status, page).toBe(200);

    const refused = await postJson(baseUrl, "/api/contact", validInput);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ ok: false, message: "We cannot take messages right now. Please try again later or call us." });
    const form = await fetch(`${baseUrl}/api/contact`, { method: "POST", body: new URLSearchParams(validInput) });
    expect(form.status).toBe(503);
    const formPage = await form.text();
    expect(formPage).toContain("We cannot take messages right now");
    expectNothingInternal(formPage);
    expect((await postJson(baseUrl, "/api/reviews", { name: "Ann", location: "Irmo", rating: 5, text: "They took the dead pine down without a scratch on the fence." })).status).toBe(503);

    // The owner's phone still holds its sign-in cookie: the desk says what is wrong, in words.
    const desk = await fetch(`${baseUrl}/owner`, { headers: { cookie: "desk-session=an-old-sign-in" } });
    expect(desk.status).toBe(503);
    const deskPage = await desk.text();
    expect(deskPage).toContain("Messages cannot be reached just now");
    expectNothingInternal(deskPage);

    // Page views are answered 204 as always; not counted until the database answers, and said once.
    for (let n = 0; n < 3; n += 1) {
      const beacon = await fetch(`${baseUrl}/api/event`, { method: "POST", headers: { "content-type": "text/plain", "user-agent": IPHONE, origin: baseUrl }, body: JSON.stringify({ kind: "view", path: "/" }) });
      expect(beacon.status).toBe(204);
    }
    await start.waitFor(/visits: page views are not counted while the store cannot be used/, 10_000);

    await cluster.start();
    stopped = false;
    await start.waitFor(/store: the database \S+ answers now, after \d+ s; applied .*; posts are stored again/, 60_000);
    // Every migration this version has, applied when the database came up.
    expect(start.output()).toContain(`; applied ${(await readMigrations()).map((m) => m.name).join(", ")}; posts are stored again`);

    const stored = await postJson(baseUrl, "/api/contact", validInput);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    expect((await storedMessageIds(url)).filter((stored) => stored === id)).toHaveLength(1);
    await waitFor(() => mailedIds(copy!).includes(id), 20_000, "the message to be mailed");
    // The outbox polls every 15 s: long enough for a second send to show.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    expect(mailedIds(copy).filter((mailed) => mailed === id)).toHaveLength(1);

    const log = start.output();
    expect(log.match(/store: cannot reach the database/g)).toHaveLength(1);
    expect(log.match(/outbox: could not take the next emails/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(log.match(/visits: /g)?.length ?? 0).toBeLessThanOrEqual(2);
    expectNothingInternal(log);
  }, 300_000);
});

describe("the contact function alone (functions/contact/server.ts) on a database not created yet", () => {
  it("says what to fix, answers 503, and stores once the database is created", async () => {
    const url = `${cluster.baseUrl}not_created_${process.pid}`;
    const [peer, data] = [await startSmtpPeer(), await makeTempDir()];
    const env = { DATABASE_URL: withPassword(url), DATA_DIR: data.dir, SMTP_URL: peer.url, PORT: "0", CONTACT_RATE_LIMIT: "0" };
    const child = spawn(process.execPath, ["--import", "tsx", "functions/contact/server.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(() => /listening on http:\/\/\S+:\d+/.test(output) || child.exitCode !== null, 60_000, "the function to listen");
      const baseUrl = /listening on (http:\/\/\S+:\d+)/.exec(output)?.[1] ?? "";
      expect(output).toMatch(/store: the database 127\.0\.0\.1:\d+\/not_created_\d+ refuses this server \(3D000: database "not_created_\d+" does not exist\); retrying alone will not fix this: create that database \(createdb\) or correct its name in DATABASE_URL/);
      expect((await postJson(baseUrl, "/api/contact", validInput)).status).toBe(503);

      await withClient(`${cluster.baseUrl}postgres`, (client) => client.query(`CREATE DATABASE not_created_${process.pid}`));
      // A refusal is retried every 30 s, not hammered.
      await waitFor(() => /answers now/.test(output), 45_000, "the function to connect");
      const stored = await postJson(baseUrl, "/api/contact", validInput);
      expect(stored.status).toBe(201);
      const { id } = (await stored.json()) as { id: string };
      expect(await storedMessageIds(url)).toEqual([id]);
      await waitFor(() => peer.received.length === 1, 20_000, "the email");
      expect(output.match(/refuses this server/g)).toHaveLength(1);
      expectNothingInternal(output);
    } finally {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
      await peer.close();
      await data.cleanup();
    }
  }, 120_000);
});

describe("the CLIs with the database down", () => {
  it("say so in one line and exit non-zero", async () => {
    const url = withPassword(`postgres://postgres@127.0.0.1:${cluster.port}/nothing_listens`);
    await cluster.stop();
    const out = await makeTempDir();
    try {
      const commands = [["run", "db", "--", "migrate"], ["run", "submissions"], ["run", "data", "--", "export", path.join(out.dir, "export")], ["run", "backup", "--", "--to", path.join(out.dir, "backup")], ["run", "owner", "--", "link"], ["run", "report"]];
      for (const args of commands) {
        const run = runNpm(["--silent", ...args], root, { DATABASE_URL: url });
        const code = await new Promise<number | null>((resolve) => run.child.once("close", resolve));
        const lines = run.output().trim().split("\n");
        expect(code, args.join(" ")).not.toBe(0);
        expect(lines, args.join(" ")).toHaveLength(1);
        expect(lines[0], args.join(" ")).toMatch(/cannot reach the database 127\.0\.0\.1:\d+\/nothing_listens \(ECONNREFUSED.*\): is PostgreSQL running there, and is DATABASE_URL right\?$/);
        expectNothingInternal(run.output());
      }
    } finally {
      await out.cleanup();
      await cluster.start();
    }
  }, 120_000);
});
