import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { connect, type IncomingHttpHeaders } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nginxHeadersFile, nginxSecurityHeaders } from "../deploy/nginx-headers";
import { httpsOnlyHeaders, securityHeaders } from "../functions/http/security-headers";
import { largeFormPrefixes } from "../src/desk/desk-routes";
import { installedPath, openssl } from "../scripts/test-parts";
import { freePort, recipeHere, startContactFunction, startNginx, stopped, waitForUp } from "./nginx-process";
import { photo } from "./desk-browser";
import { storedMessages } from "./test-support";

// deploy/nginx/cedar-ridge.conf in Debian's nginx (npm test installs it, scripts/test-parts.ts), on a loopback port,
// serving the shared test build (tests/global-setup.ts) with the contact function running
// alone as deploy/cedar-ridge-contact.service runs it. Every answer is compared with what
// `npm start` (the same app, at inject("baseUrl")) gives for the same dist/.

let work: string;
let nginx: ChildProcess;
let contact: ChildProcess;
let nginxUrl: string;
let nginxTlsUrl: string;
const distDir = inject("distDir");
const startUrl = inject("baseUrl");

beforeAll(async () => {
  const opensslBin = installedPath(openssl);
  work = await mkdtemp(join(tmpdir(), "nginx-"));
  const started = await startContactFunction({ DATA_DIR: join(work, "data"), TRUST_PROXY: "127.0.0.1", CONTACT_RATE_LIMIT: "0", SMTP_URL: "" });
  contact = started.child;
  const contactPort = started.port;

  // The recipe as written, pointed at this checkout, the test build and free ports, with what
  // `certbot --nginx` adds (a self-signed certificate here) and the `http2` the README asks for.
  const [port, tlsPort] = [await freePort(), await freePort()];
  execFileSync(opensslBin, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", join(work, "key.pem"), "-out", join(work, "cert.pem")], { stdio: "ignore" });
  const certbotLines = [`listen 127.0.0.1:${tlsPort} ssl http2;`, `ssl_certificate ${work}/cert.pem;`, `ssl_certificate_key ${work}/key.pem;`];
  const site = (await recipeHere(distDir))
    .replace("listen 80;", [`listen 127.0.0.1:${port};`, ...certbotLines].join("\n    "))
    .replace("server 127.0.0.1:3001;", `server 127.0.0.1:${contactPort};`);
  nginx = await startNginx(work, site);
  nginxUrl = `http://127.0.0.1:${port}`;
  nginxTlsUrl = `https://127.0.0.1:${tlsPort}`;
  await waitForUp(nginxUrl);
}, 120_000);

afterAll(async () => {
  // Both gone before their folders are removed (the function writes into DATA_DIR until it exits).
  await Promise.all([stopped(nginx, "SIGQUIT"), stopped(contact, "SIGTERM")]);
  await rm(work, { recursive: true, force: true });
});

/** What a visitor can tell apart: status, type, caching, security headers, and the body. */
async function answer(base: string, path: string, init?: RequestInit) {
  const res = await fetch(base + path, { redirect: "manual", ...init });
  const headers = Object.fromEntries([...Object.keys(securityHeaders), "strict-transport-security"].map((h) => [h.toLowerCase(), res.headers.get(h)]));
  return {
    status: res.status,
    type: res.headers.get("content-type")?.replace(/;\s*charset=utf-8/i, "").toLowerCase(),
    cache: res.headers.get("cache-control"),
    location: res.headers.get("location"),
    headers,
    body: await res.text(),
  };
}

describe("deploy/nginx/cedar-ridge.conf in nginx", () => {
  it("is written from the one definition of the security headers", async () => {
    expect(await readFile(nginxHeadersFile, "utf8")).toBe(nginxSecurityHeaders());
    const site = await readFile("deploy/nginx/cedar-ridge.conf", "utf8");
    expect(site).toContain(`https "${httpsOnlyHeaders["Strict-Transport-Security"]}";`);
  });

  it("answers pages, assets, the 404 page and the blog API exactly as npm start does", async () => {
    const posts = (await (await fetch(`${startUrl}/api/blog`)).json()) as { slug: string }[];
    const asset = (await readdir(join(distDir, "assets"))).find((f) => f.endsWith(".css"));
    const paths = [
      "/",
      "/contact",
      "/contact/",
      "/contact/thank-you/",
      "/blog",
      `/blog/${posts[0]?.slug}`,
      "/blog/category/storm-prep",
      "/services/tree-removal",
      "/locations/chapin-sc",
      `/assets/${asset}`,
      "/favicon.svg",
      "/sitemap.xml",
      "/rss.xml",
      "/robots.txt",
      "/og-image.png",
      "/no-such-page",
      "/blog/no-such-post",
      "/_headers",
      "/_redirects",
      "/.server/content.json",
      "/api/blog",
      `/api/blog/${posts[0]?.slug}`,
      "/api/blog/no-such-post",
      "/api/blog/NOT_A_SLUG",
    ];
    for (const path of paths) {
      const [fromNginx, fromStart] = await Promise.all([answer(nginxUrl, path), answer(startUrl, path)]);
      expect(fromNginx, path).toEqual(fromStart);
    }
    // And they are what the contract says.
    const home = await answer(nginxUrl, "/");
    expect(home.headers["content-security-policy"]).toBe(securityHeaders["Content-Security-Policy"]);
    expect(home.headers["strict-transport-security"]).toBeNull();
    expect((await answer(nginxUrl, `/assets/${asset}`)).cache).toBe("public, max-age=31536000, immutable");
    const missing = await answer(nginxUrl, "/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(await readFile(join(distDir, "404.html"), "utf8"));
    expect((await answer(nginxUrl, "/api/blog/no-such-post")).body).toBe('{"message":"Post not found"}');
  });

  it("passes the estimate visits to the function, and serves the built booking page where the function has no pages of the site", async () => {
    const slots = (await (await fetch(`${nginxUrl}/api/estimate-visits`)).json()) as { slots: Array<{ start: string }> };
    expect(slots.slots.length).toBeGreaterThan(0);
    const page = await answer(nginxUrl, "/book-estimate");
    expect(page.status).toBe(200);
    expect(page.cache).toBe("no-cache");
    expect(page.headers["content-security-policy"]).toBe(securityHeaders["Content-Security-Policy"]);
    expect(page.body).toBe(await readFile(join(distDir, "book-estimate", "index.html"), "utf8"));
    const booked = await fetch(`${nginxUrl}/api/estimate-visits`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ start: slots.slots[0]?.start, name: "Jane Doe", email: "jane@example.com", phone: "(803) 555-0142", address: "12 Oak St", town: "Chapin", serviceType: "tree-removal", message: "A dead pine over the shed." }),
    });
    expect(booked.status).toBe(201);
  });

  it("passes the owner's desk to the contact function", async () => {
    const desk = await fetch(`${nginxUrl}/owner`);
    expect(desk.status).toBe(200);
    expect(desk.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await desk.text()).toContain("Send sign-in code");
  });

  it("passes the desk's photo parts (1 MB), long posts (3 MB) and the site's pages to the desk, and keeps the forms at 16 KB", async () => {
    const part = { method: "POST", headers: { "content-type": "application/octet-stream", origin: nginxUrl }, body: new Uint8Array(1024 * 1024) };
    const post = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: nginxUrl }, body: `text=${"a".repeat(2_900_000)}` };
    // Every path where the desk takes a large body from its owner (a hero photo's parts, a page's fields, a photo replaced).
    const large = largeFormPrefixes.map((prefix) => [prefix.endsWith("/") ? `${prefix}uploads/0123?offset=0` : prefix, part] as const);
    // Not signed in: the desk's own answer, as npm start gives it, not nginx's 413.
    for (const [path, init] of [["/owner/posts/uploads/0123?offset=0", part], ["/owner/posts/save", post], ...large] as const) {
      const through = await fetch(nginxUrl + path, init);
      expect(through.status, path).not.toBe(413);
      expect(through.status, path).toBe((await fetch(startUrl + path, { ...init, headers: { ...init.headers, origin: startUrl } })).status);
    }
    const form = await fetch(`${nginxUrl}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "a".repeat(20_000) }) });
    expect(form.status).toBe(413);
    // The list of posts itself (no trailing slash) is the desk's answer, not a redirect of nginx's.
    const list = await fetch(`${nginxUrl}/owner/posts?deleted=1`, { redirect: "manual" });
    const listAtStart = await fetch(`${startUrl}/owner/posts?deleted=1`, { redirect: "manual" });
    expect([list.status, list.headers.get("location")]).toEqual([listAtStart.status, listAtStart.headers.get("location")]);
  });

  it("answers HTTPS over HTTP/2 with Strict-Transport-Security once certbot's lines are in", async () => {
    const session = connect(nginxTlsUrl, { rejectUnauthorized: false });
    const get = (path: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: string }>((ok, fail) => {
        const req = session.request({ ":path": path });
        let headers: IncomingHttpHeaders = {};
        let body = "";
        req.setEncoding("utf8");
        req.on("response", (h) => (headers = h));
        req.on("data", (chunk: string) => (body += chunk));
        req.on("end", () => ok({ headers, body }));
        req.on("error", fail);
        req.end();
      });
    try {
      const asset = (await readdir(join(distDir, "assets"))).find((f) => f.endsWith(".css"));
      // The page and its stylesheet on one connection: what a phone saves a TLS handshake per file with.
      const [home, css] = await Promise.all([get("/"), get(`/assets/${asset}`)]);
      expect(home.headers[":status"]).toBe(200);
      expect(home.headers["strict-transport-security"]).toBe(httpsOnlyHeaders["Strict-Transport-Security"]);
      expect(home.headers["content-security-policy"]).toBe(securityHeaders["Content-Security-Policy"]);
      expect(home.body).toBe((await answer(nginxUrl, "/")).body);
      expect(css.headers[":status"]).toBe(200);
      expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    } finally {
      session.close();
    }
  });

  it("passes a contact post to the function, which stores it", async () => {
    const message = `Through nginx ${Date.now()}: the oak by the dock leans.`;
    const res = await fetch(`${nginxUrl}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Jane Doe", email: "jane@example.com", phone: "8035550199", serviceType: "tree-removal", message }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-security-policy")).toBe(securityHeaders["Content-Security-Policy"]);
    const { id } = (await res.json()) as { id: string };
    const stored = await storedMessages(join(work, "data"));
    expect(stored.find((s) => s.id === id)?.message).toBe(message);

    // The same form without JavaScript: 303 to the thank-you page.
    const form = await fetch(`${nginxUrl}/api/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Jane Doe", email: "jane@example.com", phone: "8035550199", serviceType: "other", message }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/contact/thank-you/");
    // Reviews go to the same function: a forged moderation link is refused the same way.
    const [viaNginx, direct] = await Promise.all([answer(nginxUrl, "/api/reviews/moderate?token=forged"), answer(startUrl, "/api/reviews/moderate?token=forged")]);
    expect(direct.status).toBe(400);
    expect(viaNginx.status).toBe(direct.status);
    // The visit counts' beacon goes to the same function: 204, counted within its 5 s of batching.
    const beacon = await fetch(`${nginxUrl}/api/event`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1" },
      body: JSON.stringify({ kind: "view", path: "/locations/irmo-sc", referrer: "https://www.google.com" }),
    });
    expect(beacon.status).toBe(204);
    await expect.poll(() => readFile(join(work, "data", "visits.jsonl"), "utf8").catch(() => ""), { timeout: 15_000 }).toContain('"path":"/locations/irmo-sc","source":"google.com"');
    // A JSON body over 16 KiB is refused (by the function: nginx lets the form's photos through to it)...
    const big = await fetch(`${nginxUrl}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(20_000) });
    expect(big.status).toBe(413);
    // ...a body over the photos' limit never reaches it...
    const huge = await fetch(`${nginxUrl}/api/contact`, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: new Uint8Array(27 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    // ...and the form with a photo is stored with it.
    const withPhoto = new FormData();
    for (const [name, value] of Object.entries({ name: "Jane Doe", email: "jane@example.com", phone: "8035550199", serviceType: "tree-removal", message })) withPhoto.append(name, value);
    withPhoto.append("photos", new Blob([new Uint8Array(await photo("jpeg", 1600, 1200))], { type: "image/jpeg" }), "IMG_0001.JPG");
    const sent = await fetch(`${nginxUrl}/api/contact`, { method: "POST", headers: { accept: "application/json" }, body: withPhoto });
    expect(sent.status).toBe(201);
    const { id: photoId } = (await sent.json()) as { id: string };
    expect((await storedMessages(join(work, "data"))).find((s) => s.id === photoId)?.photos).toHaveLength(1);
  });
});
