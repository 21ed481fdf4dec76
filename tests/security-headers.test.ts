import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { httpsOnlyHeaders, securityHeaders } from "../functions/http/security-headers";
import { connectBrowser, drawWholePage, openPage } from "./chromium";
import { pageReady } from "./page-ready";
import { keepScreenshot, screenshotDir } from "./screenshots";

// The security headers of functions/http/security-headers.ts on the shared server (built by
// createSiteApp, as `npm start` is) and in dist/_headers; every kind of page works under the CSP.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

const url = (path: string) => inject("baseUrl") + path;

/** Each security header with the value the module defines; no HSTS over plain HTTP. */
function expectSecurityHeaders(headers: Headers, what: string) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers.get(name), `${what}: ${name}`).toBe(value);
  expect(headers.get("Strict-Transport-Security"), what).toBeNull();
}

/**
 * A page that reports every CSP violation: the `securitypolicyviolation` event (listened to
 * before any page script runs) and Chromium's own console line about it.
 */
async function openWatchedPage(options: BrowserContextOptions = {}) {
  const watched = await openPage(browser, options);
  const violations: string[] = [];
  await watched.page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await watched.page.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (e) => Reflect.get(window, "__reportCspViolation")(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} ${e.sample}`),
      true,
    );
  });
  watched.page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  return { ...watched, violations };
}

/** The first path of each kind of page, from the build's sitemap. */
async function pageOfEachKind(): Promise<string[]> {
  const xml = await readFile(join(inject("distDir"), "sitemap.xml"), "utf8");
  const paths = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? "/");
  const first = (test: (p: string) => boolean, kind: string) => {
    const found = paths.find(test);
    if (!found) throw new Error(`the sitemap has no ${kind}`);
    return found;
  };
  return [
    "/",
    first((p) => p.startsWith("/services/"), "service"),
    first((p) => p.startsWith("/locations/"), "town"),
    "/blog",
    first((p) => p.startsWith("/blog/category/"), "blog category"),
    first((p) => p.startsWith("/blog/") && !p.startsWith("/blog/category/"), "post"),
    "/contact",
    "/contact/thank-you/",
  ];
}

describe("security headers on the pages", () => {
  it("loads and hydrates every kind of page, and the 404 page, with no CSP violation", async () => {
    const { page, problems, violations, close } = await openWatchedPage();
    for (const path of await pageOfEachKind()) {
      const res = await page.goto(path, { waitUntil: "networkidle" });
      expect(res?.status(), path).toBe(200);
      expect(await res?.headerValue("content-security-policy"), path).toBe(securityHeaders["Content-Security-Policy"]);
      await pageReady(page);
    }
    const missing = await page.goto("/no-such-page", { waitUntil: "networkidle" });
    expect(missing?.status()).toBe(404);
    expect(await missing?.headerValue("content-security-policy")).toBe(securityHeaders["Content-Security-Policy"]);
    await pageReady(page);
    expect(await page.locator("h1").textContent()).toMatch(/404/);

    expect(violations).toEqual([]);
    // The browser's own line for the 404 status is expected; nothing else may fail.
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
    await close();
  });

  it("loads the owner's desk, its script and stylesheet, with no CSP violation", async () => {
    const { page, problems, violations, close } = await openWatchedPage();
    const res = await page.goto("/owner", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    expect(await res?.headerValue("content-security-policy")).toBe(securityHeaders["Content-Security-Policy"]);
    // The desk's script ran (it shows the passkey button where the browser has passkeys) and its styles apply.
    await expect.poll(() => page.getByRole("button", { name: "Sign in with a passkey" }).isVisible()).toBe(true);
    expect(await page.locator("header").evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it("sends the contact form, shows the thank-you, then the toast, with no CSP violation", async () => {
    const { page, problems, violations, close } = await openWatchedPage();
    await page.goto("/contact", { waitUntil: "networkidle" });
    await pageReady(page);
    await page.locator('form [name="name"]').fill("Jane Tester");
    await page.locator('form [name="email"]').fill("jane@example.com");
    await page.locator('form [name="phone"]').pressSequentially("8035550199");
    await page.locator('form [name="serviceType"]').selectOption("tree-trimming");
    await page.locator('form [name="message"]').fill("Please look at the oak by the dock (security headers test).");
    await page.waitForTimeout(MIN_FILL_MS + 300);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("region", { name: "Notifications (F8)" }).textContent()).toContain("Message Sent!");
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it("answers an invalid post made without JavaScript with a page that breaks no rule of the CSP", async () => {
    // The real no-JavaScript flow: Chromium still reports violations in its console.
    const noJs = await openWatchedPage({ javaScriptEnabled: false });
    await noJs.page.goto("/contact");
    await noJs.page.locator('form [name="name"]').fill("J");
    await noJs.page.locator('form button[type="submit"]').click();
    await noJs.page.waitForURL("**/api/contact");
    expect(await noJs.page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    expect(noJs.violations).toEqual([]);
    await noJs.close();

    // The same answer with scripts on, so the securitypolicyviolation listener sees it too.
    const { page, violations, close } = await openWatchedPage();
    await page.goto("/contact/thank-you/");
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact"));
    await page.evaluate(() => {
      const form = Object.assign(document.createElement("form"), { method: "post", action: "/api/contact" });
      form.append(Object.assign(document.createElement("input"), { name: "name", value: "J" }));
      document.body.append(form);
      form.submit();
    });
    expect((await answer).status()).toBe(400);
    await page.waitForLoadState("networkidle");
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await close();
  });

  it("renders fonts, scenery and styles under the CSP (screenshots for a person to look at)", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { page, violations, close } = await openWatchedPage({ viewport });
      await page.goto("/", { waitUntil: "networkidle" });
      await pageReady(page);
      // The build's stylesheet applied: the body is not the browser's default serif at 8 px margin.
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
      if (screenshotDir()) {
        await drawWholePage(page);
        await keepScreenshot(page, `home-${viewport.width}`);
      }
      expect(violations).toEqual([]);
      await close();
    }
  });
});

describe("security headers on every kind of answer", () => {
  it("sends them on a page, an asset, /api/blog, a contact post and the 404 page", async () => {
    const home = await fetch(url("/"));
    expectSecurityHeaders(home.headers, "page");
    const asset = (await home.text()).match(/<script type="module" src="([^"]+)"/)?.[1];
    expect(asset).toMatch(/^\/assets\//);
    const assetRes = await fetch(url(asset ?? ""));
    expect(assetRes.status).toBe(200);
    expectSecurityHeaders(assetRes.headers, "asset");

    const blog = await fetch(url("/api/blog"));
    expect(blog.status).toBe(200);
    expectSecurityHeaders(blog.headers, "/api/blog");

    const post = await fetch(url("/api/contact"), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(post.status).toBe(400);
    expectSecurityHeaders(post.headers, "POST /api/contact");

    const missing = await fetch(url("/no-such-page"));
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers, "404");

    const badEscape = await fetch(url("/%E0%A4%A"));
    expect(badEscape.status).toBe(400);
    expectSecurityHeaders(badEscape.headers, "bad escape");
  });

  it("allows nothing inline to run and no framing", () => {
    const csp = securityHeaders["Content-Security-Policy"] ?? "";
    const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives.get("script-src")).toBe("'self'");
    expect(directives.get("style-src")).toBe("'self'");
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'self'");
    expect(directives.get("form-action")).toBe("'self'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it.each(["/_headers", "/_redirects", "/%5Fheaders", "//_redirects", "/assets/../_headers", "/.server/content.json"])(
    "does not serve %s as a file: the 404 page",
    async (path) => {
      const res = await fetch(url(path));
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(body).toContain("404");
      expect(body).not.toContain("Cache-Control:");
      expect(body).not.toContain("/api/blog.json");
    },
  );
});

describe("dist/_headers", () => {
  /** The header lines under one path pattern of the file. */
  function rules(text: string): Map<string, Record<string, string>> {
    const result = new Map<string, Record<string, string>>();
    let current: Record<string, string> | undefined;
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      if (!/^\s/.test(line)) result.set(line.trim(), (current = {}));
      else if (current) {
        const at = line.indexOf(":");
        current[line.slice(0, at).trim()] = line.slice(at + 1).trim();
      }
    }
    return result;
  }

  it("gives every path the same security headers as the server, and HSTS (static hosts serve HTTPS)", async () => {
    const all = rules(await readFile(join(inject("distDir"), "_headers"), "utf8")).get("/*");
    expect(all).toEqual({ ...securityHeaders, ...httpsOnlyHeaders });
    expect(all?.["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
