import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeIn, linkIn, OWNER, startDesk, type DeskHarness } from "../../tests/desk-harness";
import { parseMail, sleep, waitFor } from "../../tests/test-support";
import { DESK_AUDIT_FILE, DESK_FILE } from "../store/files/desk-store";

let desk: DeskHarness;
afterEach(() => desk?.close());

const MINUTE = 60_000;
const lastMailTo = (email: string) => desk.mail.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? "";
const deskFile = () => readFile(path.join(desk.dataDir, DESK_FILE), "utf8").catch(() => "");

/** Asks for a code for `email` as a browser does, and waits for its email (owners only get one). */
async function askForCode(client: ReturnType<DeskHarness["client"]>, email = OWNER) {
  await client.get("/owner/sign-in");
  const before = desk.mail.received.length;
  const answer = await client.post("/owner/sign-in", { email });
  if (email === OWNER) await waitFor(() => desk.mail.received.length > before, 10_000, "the sign-in email");
  return answer;
}

describe("signing in with the emailed code", () => {
  it("mails a 6-digit code and a link to an owner, signs in once with the code, and audits it", async () => {
    desk = await startDesk();
    const browser = desk.client();
    const first = await browser.get("/owner");
    expect(first.status).toBe(200);
    expect(first.text).toContain(">Email</label>");
    expect(first.text).toContain("Send sign-in code");

    const asked = await askForCode(browser);
    expect(asked.status).toBe(303);
    expect(asked.location).toBe("/owner/sign-in/code");
    const mail = parseMail(lastMailTo(OWNER));
    expect(mail.headers.get("subject")).toMatch(/^\d{6} is your sign-in code for Cedar Ridge Tree Service$/);
    expect(mail.text).toMatch(/work once, for 15 minutes/);
    // Queued in the store's outbox and mailed by the sending loop: the Message-ID is its job's.
    expect(mail.headers.get("message-id")).toMatch(/^<[0-9a-f-]{36}@cedarridgetree\.example>$/);
    const code = codeIn(lastMailTo(OWNER));
    expect(linkIn(lastMailTo(OWNER))).toMatch(/^\/owner\/sign-in\/link\?token=[\w-]{27}$/);
    // Only hashes are kept: the email's job went through the outbox, which erased the code once it was sent.
    expect(await deskFile()).not.toContain(code);
    await waitFor(async () => (await desk.store().outbox.undelivered()).length === 0, 20_000, "the sign-in job settled");
    const kept = await Promise.all(
      (await readdir(desk.dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), "utf8")),
    );
    expect(kept.join("\n")).not.toContain(code);
    expect(kept.join("\n")).not.toContain(linkIn(lastMailTo(OWNER)).split("token=")[1]);

    const codePage = await browser.get("/owner/sign-in/code");
    expect(codePage.text).toContain(">Code</label>");
    const signedIn = await browser.post("/owner/sign-in/code", { code });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe("/owner");
    const home = await browser.get("/owner");
    expect(home.text).toContain("Your desk");
    for (const section of ["Messages", "Reviews", "Posts", "Business details", "Visits"]) expect(home.text).toContain(`${section}</a>`);

    // The same code a second time (another browser): refused.
    const other = desk.client();
    await other.get("/owner/sign-in");
    await other.post("/owner/sign-in", { email: OWNER });
    const again = await other.post("/owner/sign-in/code", { code });
    expect(again.status).toBe(400);
    expect(again.text).toContain("That code is not right, or it is no longer valid");

    const audit = await readFile(path.join(desk.dataDir, DESK_AUDIT_FILE), "utf8");
    expect(audit).toContain('"action":"signed in with a code"');
    expect(audit).toMatch(/"who":"owner@example.com".*"from":"127\.0\.0\.1 \(Safari on iPhone\)"/);
  });

  it("answers an address that may not sign in exactly as an owner's, and mails and stores nothing", async () => {
    desk = await startDesk();
    const owner = await askForCode(desk.client(), OWNER);
    const stranger = desk.client();
    const asked = await askForCode(stranger, "someone@example.com");
    expect([asked.status, asked.location, asked.text]).toEqual([owner.status, owner.location, owner.text]);
    const page = await stranger.get("/owner/sign-in/code");
    expect(page.status).toBe(200);
    expect(page.text).toContain("If <strong>someone@example.com</strong> may sign in here");
    await sleep(300);
    expect(desk.mail.received.every((m) => !m.to.includes("someone@example.com"))).toBe(true);
    expect(await deskFile()).not.toContain("someone@example.com");
    const wrong = await stranger.post("/owner/sign-in/code", { code: "123456" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("That code is not right, or it is no longer valid");
  });

  it("refuses a wrong code, a code older than 15 minutes, and a code a newer email replaced", async () => {
    desk = await startDesk();
    const browser = desk.client();
    await askForCode(browser);
    const code = codeIn(lastMailTo(OWNER));
    const wrong = await browser.post("/owner/sign-in/code", { code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);

    desk.clock.now += 15 * MINUTE + 1;
    const late = await browser.post("/owner/sign-in/code", { code });
    expect(late.status).toBe(400);

    await askForCode(browser);
    const older = codeIn(lastMailTo(OWNER));
    await askForCode(browser);
    const newer = codeIn(lastMailTo(OWNER));
    if (older !== newer) expect((await browser.post("/owner/sign-in/code", { code: older })).status).toBe(400);
    expect((await browser.post("/owner/sign-in/code", { code: newer })).status).toBe(303);
  });

  it("signs in only one of two requests sending the same code at once", async () => {
    desk = await startDesk();
    const browser = desk.client();
    await askForCode(browser);
    await browser.get("/owner/sign-in/code");
    const code = codeIn(lastMailTo(OWNER));
    const answers = await Promise.all([1, 2, 3].map(() => browser.post("/owner/sign-in/code", { code })));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 400, 400]);
  });

  it("locks the address for 15 minutes after 5 wrong codes, the right one too, also after a restart", async () => {
    desk = await startDesk();
    const browser = desk.client();
    await askForCode(browser);
    const code = codeIn(lastMailTo(OWNER));
    const wrongCode = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await browser.post("/owner/sign-in/code", { code: wrongCode })).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    await desk.restart();
    const locked = await browser.post("/owner/sign-in/code", { code });
    expect(locked.status).toBe(429);
    expect(locked.text).toContain("Too many wrong codes: this address cannot sign in with a code for 15 minutes");
    expect(browser.cookies.has("desk-session")).toBe(false);

    desk.clock.now += 15 * MINUTE + 1;
    await askForCode(browser);
    expect((await browser.post("/owner/sign-in/code", { code: codeIn(lastMailTo(OWNER)) })).status).toBe(303);
  });

  it("limits code requests per address and per connection", async () => {
    desk = await startDesk({ env: { OWNER_EMAILS: "a@example.com" } });
    const browser = desk.client();
    await browser.get("/owner/sign-in");
    const perAddress = [];
    for (let i = 0; i < 6; i++) perAddress.push((await browser.post("/owner/sign-in", { email: "someone@example.com" })).status);
    expect(perAddress).toEqual([303, 303, 303, 303, 303, 429]);
    // Counted in the store's limits (shared by every instance where the store is shared).
    expect(await desk.store().limits.take("desk-codes-per-address", "someone@example.com", { limit: 5, windowMs: 15 * MINUTE })).toMatchObject({ ok: false });
    const perClient = [];
    for (let i = 0; i < 5; i++) perClient.push((await browser.post("/owner/sign-in", { email: `other${i}@example.com` })).status);
    expect(perClient).toEqual([303, 303, 303, 303, 429]);
  });
});

describe("signing in with a link", () => {
  it("shows a button when opened (a mail scanner changes nothing), signs in with it once, and not after 15 minutes", async () => {
    desk = await startDesk();
    const browser = desk.client();
    await askForCode(browser);
    const link = linkIn(lastMailTo(OWNER));
    const scanner = desk.client();
    expect((await scanner.get(link)).status).toBe(200);
    const opened = await browser.get(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("referrer-policy")).toBe("same-origin");
    expect(opened.text).toContain("Sign in</button>");
    const token = new URL(link, desk.url).searchParams.get("token") ?? "";
    const signedIn = await browser.post("/owner/sign-in/link", { token });
    expect(signedIn.status).toBe(303);
    expect((await browser.get("/owner")).text).toContain("Your desk");
    // Used: the page says so, and the button no longer works (not even the code of the same email).
    const again = desk.client();
    expect((await again.get(link)).status).toBe(410);
    await again.get("/owner/sign-in");
    expect((await again.post("/owner/sign-in/link", { token })).status).toBe(410);

    await askForCode(browser);
    const replaced = linkIn(lastMailTo(OWNER));
    await askForCode(browser);
    expect((await desk.client().get(replaced)).status).toBe(410);

    const late = linkIn(lastMailTo(OWNER));
    desk.clock.now += 15 * MINUTE + 1;
    const lateBrowser = desk.client();
    expect((await lateBrowser.get(late)).status).toBe(410);
  });

  it("points the link at the site's address, not at a Host header a stranger sent", async () => {
    desk = await startDesk();
    const before = desk.mail.received.length;
    // Requests as if for another host (fetch may not set Host; node:http may): the emailed link must not lead there.
    const port = Number(new URL(desk.url).port);
    const send = (method: string, headers: Record<string, string>, body = "") =>
      new Promise<{ headers: http.IncomingHttpHeaders; text: string }>((ok, fail) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: "/owner/sign-in", headers: { host: "evil.example", ...headers } }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => ok({ headers: res.headers, text }));
        });
        req.on("error", fail);
        req.end(body);
      });
    const page = await send("GET", {});
    const pre = page.headers["set-cookie"]?.[0]?.split(";")[0] ?? "";
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
    await send("POST", { origin: "http://evil.example", cookie: pre, "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams({ email: OWNER, csrf }).toString());
    await waitFor(() => desk.mail.received.length > before, 10_000, "the sign-in email");
    expect(parseMail(lastMailTo(OWNER)).text).toContain("https://cedarridgetree.example/owner/sign-in/link?token=");
  });
});
