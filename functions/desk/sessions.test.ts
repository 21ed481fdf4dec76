import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OWNER, startDesk, type DeskHarness } from "../../tests/desk-harness";
import { DESK_FILE } from "../store/files/desk-store";

let desk: DeskHarness;
afterEach(() => desk?.close());

const DAY = 24 * 60 * 60_000;
const deskFile = () => readFile(path.join(desk.dataDir, DESK_FILE), "utf8").catch(() => "");
/** Everything the desk keeps and changes: DATA_DIR's files and content/site.json. */
async function everything(): Promise<string> {
  const data = await readdir(desk.dataDir).catch(() => []);
  const files = await Promise.all(data.map((f) => readFile(path.join(desk.dataDir, f), "utf8").then((t) => `${f}\n${t}`, () => f)));
  return [...files, await readFile(path.join(desk.contentDir, "site.json"), "utf8")].join("\n");
}

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Strict, scoped to /owner over HTTP, __Host- and Secure over HTTPS behind a trusted proxy", async () => {
    desk = await startDesk({ trustProxy: ["127.0.0.1"] });
    const plain = desk.client();
    await plain.signIn();
    const http = await plain.get("/owner/account");
    expect(http.status).toBe(200);
    expect(plain.cookies.has("desk-session")).toBe(true);
    const plainFirst = await fetch(`${desk.url}/owner/sign-in`);
    expect(plainFirst.headers.getSetCookie()[0]).toMatch(/^desk-pre=[\w-]+; Path=\/owner; HttpOnly; SameSite=Strict$/);

    // The same sign-in over HTTPS, as nginx forwards it (X-Forwarded-Proto believed from TRUST_PROXY's address).
    const first = await fetch(`${desk.url}/owner/sign-in`, { headers: { "x-forwarded-proto": "https" } });
    expect(first.headers.getSetCookie()[0]).toMatch(/^__Host-desk-pre=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const cookieLine = (await plainSignInOverHttps(desk)).find((c) => c.startsWith("__Host-desk-session="));
    expect(cookieLine).toMatch(/^__Host-desk-session=[\w-]{27}; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
  });

  it("keeps a session alive while it is used (30 days, sliding), and not a day past 30 days unused", async () => {
    desk = await startDesk();
    const browser = desk.client();
    await browser.signIn();
    desk.clock.now += 20 * DAY;
    expect((await browser.get("/owner/business")).status).toBe(200);
    desk.clock.now += 25 * DAY;
    expect((await browser.get("/owner/business")).status).toBe(200);
    desk.clock.now += 31 * DAY;
    const expired = await browser.get("/owner/business");
    expect(expired.status).toBe(303);
    expect(expired.location).toBe("/owner/sign-in");
  });

  it("does not sign in with a made-up cookie: a GET goes to the sign-in page, a POST changes nothing", async () => {
    desk = await startDesk();
    const forger = desk.client();
    await forger.get("/owner/sign-in");
    forger.cookies.set("desk-session", "AAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const page = await forger.get("/owner/business");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/owner/sign-in");
    const before = await everything();
    const post = await forger.post("/owner/business", { phone: "(803) 555-0100" });
    expect(post.status).toBe(403);
    expect(await everything()).toBe(before);
  });

  it("ends with Sign out, and Sign every device out ends every session of the owner, also after a restart", async () => {
    desk = await startDesk();
    const phone = desk.client();
    const laptop = desk.client();
    await phone.signIn();
    await laptop.signIn();
    const phoneCookie = phone.cookies.get("desk-session") ?? "";

    expect((await phone.post("/owner/sign-out")).location).toBe("/owner/sign-in");
    const stolen = desk.client();
    stolen.cookies.set("desk-session", phoneCookie);
    expect((await stolen.get("/owner/account")).status).toBe(303);
    expect((await laptop.get("/owner/account")).status).toBe(200);

    const tablet = desk.client();
    await tablet.signIn();
    await tablet.get("/owner/account");
    expect((await tablet.post("/owner/sign-out-everywhere")).status).toBe(303);
    await desk.restart();
    for (const browser of [laptop, tablet]) expect((await browser.get("/owner/account")).status).toBe(303);
    expect(await deskFile()).toContain('"event":"sessions-ended"');
  });

  it("stops working when its address is no longer an owner's (the site's email, changed)", async () => {
    desk = await startDesk({ env: { OWNER_EMAILS: "" } });
    const office = desk.client();
    await office.signIn("office@cedarridgetree.example");
    expect((await office.get("/owner/account")).text).toContain("office@cedarridgetree.example");
    const siteFile = path.join(desk.contentDir, "site.json");
    await writeFile(siteFile, (await readFile(siteFile, "utf8")).replace("office@cedarridgetree.example", "owner@cedarridgetree.example"));
    expect((await office.get("/owner/account")).status).toBe(303);
  });
});

describe("every state change is a POST from this site with the page's token", () => {
  it("refuses a POST without the token, with another session's token, from another Origin, or with no Origin at all; nothing changes", async () => {
    desk = await startDesk();
    const owner = desk.client();
    await owner.signIn();
    await owner.get("/owner/business");
    const form = { version: "x", phone: "(803) 555-0100" };
    const before = await everything();

    const noToken = await owner.post("/owner/business", form, { csrf: null });
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain("This page is out of date");

    const other = desk.client();
    await other.get("/owner/sign-in");
    expect((await owner.post("/owner/business", form, { csrf: other.csrf })).status).toBe(403);

    const crossSite = await owner.post("/owner/business", form, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain("Refused: sent from another site");
    expect((await owner.post("/owner/sign-out", {}, { origin: null })).status).toBe(403);
    expect((await owner.post("/owner/sign-out-everywhere", {}, { origin: "null" })).status).toBe(403);
    expect((await owner.post("/owner/sign-out", {}, { origin: "https://evil.example", json: true })).status).toBe(403);

    // Before signing in too: no code is asked for (no email, nothing stored).
    const mails = desk.mail.received.length;
    const stranger = desk.client();
    await stranger.get("/owner/sign-in");
    expect((await stranger.post("/owner/sign-in", { email: OWNER }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await stranger.post("/owner/sign-in", { email: OWNER }, { csrf: "forged" })).status).toBe(403);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(desk.mail.received.length).toBe(mails);
    expect(await everything()).toBe(before);
    // Still signed in: none of the refused sign-outs ran.
    expect((await owner.get("/owner/account")).status).toBe(200);
  });

  it("takes the Referer's origin when a browser sends no Origin", async () => {
    desk = await startDesk();
    const owner = desk.client();
    await owner.signIn();
    await owner.get("/owner/account");
    const response = await fetch(`${desk.url}/owner/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: {
        referer: `${desk.url}/owner/account`,
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf: owner.csrf }).toString(),
    });
    expect(response.status).toBe(303);
  });

  it("takes the page's token from a header for a body that is no form (a photo's part), and refuses it missing or another's", async () => {
    desk = await startDesk();
    const owner = desk.client();
    await owner.signIn();
    await owner.get("/owner/account");
    const other = desk.client();
    await other.get("/owner/sign-in");
    const send = (token: string | undefined) =>
      fetch(`${desk.url}/owner/sign-out`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: desk.url,
          cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          "content-type": "application/octet-stream",
          ...(token === undefined ? {} : { "x-csrf-token": token }),
        },
        body: new Uint8Array([0xff, 0xd8, 0xff]),
      });
    expect((await send(undefined)).status).toBe(403);
    expect((await send(other.csrf)).status).toBe(403);
    expect((await owner.get("/owner/account")).status).toBe(200);
    expect((await send(owner.csrf)).status).toBe(303);
  });
});

describe("the desk's answers", () => {
  it("are private and noindex, and the desk's files are cached for good", async () => {
    desk = await startDesk();
    const browser = desk.client();
    const page = await browser.get("/owner");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const script = /<script type="module" src="([^"]+)"/.exec(page.text)?.[1] ?? "";
    const asset = await fetch(desk.url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await browser.get("/owner/nothing-here")).status).toBe(404);
    expect((await fetch(`${desk.url}/owner/assets/nothing.js`)).status).toBe(404);
  });
});

/** Signs in over "HTTPS" (X-Forwarded-Proto from the trusted proxy) with a code, returning the Set-Cookie lines of the sign-in. */
async function plainSignInOverHttps(h: DeskHarness): Promise<string[]> {
  const jar = new Map<string, string>();
  const send = async (method: string, p: string, form?: Record<string, string>) => {
    const response = await fetch(h.url + p, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-proto": "https",
        origin: `https://${new URL(h.url).host}`,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form && new URLSearchParams(form).toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return { response, text: await response.text() };
  };
  const page = await send("GET", "/owner/sign-in");
  const csrf = () => /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  const before = h.mail.received.length;
  await send("POST", "/owner/sign-in", { email: OWNER, csrf: csrf() });
  const deadline = Date.now() + 10_000;
  while (h.mail.received.length === before && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 20));
  const code = /^Subject: (\d{6})/m.exec(h.mail.received.at(-1)?.raw ?? "")?.[1] ?? "";
  const signedIn = await send("POST", "/owner/sign-in/code", { code, csrf: csrf() });
  return signedIn.response.headers.getSetCookie();
}
