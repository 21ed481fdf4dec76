import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles } from "../scripts/build-engine/build-output";
import { ogImagePng } from "../scripts/build-engine/og-image";
import { loadSite } from "../src/content/load-content";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, phone, touchPhone, type WatchedPage } from "./chromium";
import { addVirtualAuthenticator, signInWithCode } from "./desk-browser";
import { runNpm, serveCopy, type RepoCopy, type ServedCopy } from "./repo-copy";
import { keepScreenshot } from "./screenshots";
import { waitFor, type SmtpPeer } from "./test-support";

// The owner's desk as the owner uses it: `npm start` in a fresh copy of the checkout, a real
// SMTP server receiving the sign-in emails, Chromium on a phone (touch, 390 px) and a desktop.

const OWNER = "owner@example.com";
/** A second owner address (OWNER_EMAILS lists both): each address may ask for 5 codes in 15 minutes, and the tests here sign in more often. */
const CREW = "crew@example.com";
let repo: RepoCopy;
let mail: SmtpPeer;
let browser: Browser;
let baseUrl = "";
let port = "";
const dataDir = () => join(repo.dir, "data");

let served: ServedCopy;

beforeAll(async () => {
  served = await serveCopy("owner-desk", { OWNER_EMAILS: `${OWNER},${CREW}`, CONTACT_RATE_LIMIT: "0" });
  ({ repo, mail, baseUrl } = served);
  port = new URL(baseUrl).port;
  browser = await connectBrowser();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function open(options: BrowserContextOptions = touchPhone, origin = baseUrl): Promise<WatchedPage> {
  return openPage(browser, { baseURL: origin, ...options });
}

const screens: [name: string, path: string, heading: string][] = [
  ["home", "/owner", "Your desk"],
  ["messages", "/owner/messages", "Messages"],
  ["reviews", "/owner/reviews", "Reviews"],
  ["posts", "/owner/posts", "Posts"],
  ["business details", "/owner/business", "Business details"],
  ["visits", "/owner/visits", "Visits"],
  ["bookings", "/owner/bookings", "Bookings"],
  ["settings", "/owner/settings", "Settings"],
  ["account", "/owner/account", "Account"],
];

describe("the owner's desk under npm start", () => {
  it("is no page of the site: not in dist/, not in the sitemap, disallowed in robots.txt, noindex", async () => {
    const built = await listFiles(join(repo.dir, "dist"));
    expect(built.filter((file) => file.startsWith("owner"))).toEqual([]);
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).not.toContain("/owner");
    expect(await (await fetch(`${baseUrl}/robots.txt`)).text()).toContain("\nDisallow: /owner\n");
    const desk = await fetch(`${baseUrl}/owner`);
    expect(desk.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await desk.text()).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(await (await fetch(`${baseUrl}/`)).text()).not.toContain("/owner");
  });


  it("signs in on a phone with the emailed code; every screen has the sections and Sign out, and axe finds nothing at 390 and 1280 px", async () => {
    const { page, problems, close } = await open();
    try {
      await page.goto("/owner");
      expect(await axeViolations(page)).toEqual([]);
      await signInWithCode(page, mail);
      for (const [viewport, size] of [["phone", phone], ["desktop", desktop]] as const) {
        await page.setViewportSize(size);
        for (const [name, path, heading] of screens) {
          await page.goto(path);
          expect(await page.getByRole("heading", { level: 1 }).textContent(), name).toBe(heading);
          // The leads along the phone's bottom bar, the other sections under the screen (down the side on a desktop).
          const nav = page.getByRole("navigation");
          for (const section of ["Messages", "Reviews", "Bookings", "Posts", "Our work", "Services", "Service areas", "Home page", "Photos", "Business details", "Settings", "Visits"]) {
            await expect(nav.getByRole("link", { name: section, exact: true }).isVisible(), `${section} on ${name}`).resolves.toBe(true);
          }
          await expect(page.getByRole("button", { name: "Sign out", exact: true }).isVisible()).resolves.toBe(true);
          if (path === "/owner/settings") {
            // shared/CONTRACT.md: Settings' part "Estimate visits", the weekly hours and one button "Save".
            const part = page.getByRole("region", { name: "Estimate visits" });
            await expect(part.getByRole("group", { name: "Weekly hours" }).isVisible()).resolves.toBe(true);
            await expect(part.getByRole("button", { name: "Save" }).count()).resolves.toBe(1);
            await keepScreenshot(page, `desk-settings-${viewport}`);
          }
          expect(await axeViolations(page), `${name} at ${viewport}`).toEqual([]);
        }
      }
      // The code step too (signed out on a fresh phone).
      const other = await open();
      await other.page.goto("/owner");
      await other.page.getByLabel("Email", { exact: true }).fill("someone@example.com");
      await other.page.getByRole("button", { name: "Send sign-in code" }).tap();
      await other.page.waitForURL("**/owner/sign-in/code");
      expect(await axeViolations(other.page)).toEqual([]);
      await other.close();
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("signs in with the link npm run owner -- link prints", async () => {
    const cli = runNpm(["run", "owner", "--", "link"], repo.dir, { DATA_DIR: dataDir(), OWNER_EMAILS: OWNER, PORT: port });
    const printed = await cli.waitFor(/On this machine, before the site is at that address: (http\S+)/, 60_000);
    expect(cli.output()).toContain(`Sign-in link for ${OWNER} (works once, within 15 minutes):`);
    expect(cli.output()).toMatch(/ {2}https:\/\/cedarridgetree\.example\/owner\/sign-in\/link\?token=[\w-]{27}\n/);
    const { page, close } = await open();
    try {
      await page.goto(printed[1] ?? "");
      await page.getByRole("button", { name: "Sign in" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
      // Once only.
      await page.goto(printed[1] ?? "");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("This sign-in link does not work");
    } finally {
      await close();
    }
  });

  it("adds a passkey (Chromium's virtual authenticator), lists it, signs in with it, and removes it", async () => {
    // A passkey belongs to a host name: localhost, not an IP address.
    const { page, problems, close } = await open(touchPhone, `http://localhost:${port}`);
    try {
      await addVirtualAuthenticator(page);
      await signInWithCode(page, mail);
      await page.goto("/owner/account");
      await page.getByRole("button", { name: "Add a passkey" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Passkey added/);
      await expect(page.getByRole("button", { name: /^Remove this passkey: / }).count()).resolves.toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Sign out", exact: true }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");
      await page.getByRole("button", { name: "Sign in with a passkey" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
      const audit = await readFile(join(dataDir(), "desk-audit.jsonl"), "utf8");
      expect(audit).toMatch(/"action":"signed in with the passkey \\"Chrome on (Android|Linux)\\""/);

      await page.goto("/owner/account");
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: /^Remove this passkey: / }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/removed\.$/);
      await expect(page.getByText("No passkeys yet.").isVisible()).resolves.toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("changes the phone number in Business details: every page and the share image follow", async () => {
    const { page, close } = await open();
    try {
      await signInWithCode(page, mail);
      await page.getByRole("link", { name: "Business details" }).tap();
      await page.getByLabel("Phone", { exact: true }).fill("(803) 555-0199");
      await page.getByRole("button", { name: "Save" }).tap();
      await expect.poll(() => page.getByRole("status").textContent(), { timeout: 60_000 }).toBe("Saved. The site shows the new details now.");
      await expect(page.getByLabel("Phone", { exact: true }).inputValue()).resolves.toBe("(803) 555-0199");

      const dist = join(repo.dir, "dist");
      const pages = (await listFiles(dist)).filter((file) => file.endsWith(".html"));
      expect(pages.length).toBeGreaterThan(30);
      for (const file of pages) {
        const html = await readFile(join(dist, file), "utf8");
        const dialled = new Set([...html.matchAll(/href="tel:([^"]*)"/g)].map((m) => m[1]));
        expect([...dialled].filter((number) => number !== "+18035550199"), file).toEqual([]);
        expect(html, file).not.toContain("555-0142");
      }
      expect((await readFile(join(dist, "og-image.png"))).equals(await ogImagePng(await loadSite(join(repo.dir, "content"), {})))).toBe(true);
      expect(await (await fetch(`${baseUrl}/contact`)).text()).toContain("(803) 555-0199");
    } finally {
      await close();
    }
  });

  it("rescues a held contact post with Not spam (it is mailed), marks a message handled, approves a review (it goes live) and deletes it (it goes off the site)", async () => {
    const post = (path: string, body: Record<string, unknown>) =>
      fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const held = await post("/api/contact", { name: "Hal Busby", email: "hal@example.com", phone: "(803) 555-0177", serviceType: "tree-removal", message: "Two dead pines by the fence.", website: "https://spam.example" });
    expect(held.status).toBe(201);
    const review = await post("/api/reviews", { name: "Alma Shealy", location: "Irmo, SC", rating: 5, text: "They took down a leaning oak without touching the fence." });
    expect(review.status).toBe(201);
    const { page, problems, close } = await open();
    try {
      await signInWithCode(page, mail, { email: CREW });
      await page.getByRole("link", { name: "Messages" }).tap();
      await page.getByRole("tab", { name: "Spam" }).tap();
      const before = mail.received.length;
      await page.getByRole("button", { name: "Not spam: Hal Busby" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Not spam: it is in the inbox now/);
      await waitFor(() => mail.received.slice(before).some((m) => m.raw.includes("Two dead pines by the fence.")), 30_000, "the rescued message's email");
      await page.getByRole("button", { name: "Mark handled" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toBe("Marked handled.");

      await page.getByRole("link", { name: "Reviews" }).tap();
      await page.getByRole("button", { name: "Approve: Alma Shealy, Irmo, SC" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Approved Alma Shealy's review/);
      await expect.poll(async () => (await fetch(`${baseUrl}/reviews`)).text(), { timeout: 90_000 }).toContain("without touching the fence");
      const decisions = (await readFile(join(dataDir(), "review-decisions.jsonl"), "utf8")).trim().split("\n").map((line) => JSON.parse(line));
      expect(decisions.at(-1)).toMatchObject({ approved: true, via: "desk", by: CREW });
      // The reviewer asks to have it taken down for good: deleted, the site rebuilt without it, nothing of it in DATA_DIR.
      await page.getByRole("button", { name: "Delete review: Alma Shealy, Irmo, SC" }).tap();
      await page.getByRole("button", { name: "Delete for good" }).tap();
      await expect.poll(() => page.getByRole("status").textContent()).toBe("Review deleted. It is off the site within a minute.");
      await expect.poll(async () => (await fetch(`${baseUrl}/reviews`)).text(), { timeout: 90_000 }).not.toContain("without touching the fence");
      expect(await readFile(join(dataDir(), "reviews.jsonl"), "utf8")).not.toContain("Alma Shealy");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("refuses the second of two tabs with \"changed since you opened it\" and shows both", async () => {
    const { page, close } = await open({ viewport: desktop });
    try {
      await signInWithCode(page, mail, { touch: false });
      const second = await page.context().newPage();
      await page.goto("/owner/business");
      await second.goto("/owner/business");
      await page.getByLabel("Emergency line", { exact: true }).fill("Answered day and night");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByRole("status").textContent(), { timeout: 60_000 }).toBe("Saved. The site shows the new details now.");
      await second.getByLabel("Emergency line", { exact: true }).fill("24 hours a day");
      await second.getByRole("button", { name: "Save" }).click();
      const alert = second.getByRole("alert");
      await expect(alert.getByRole("heading").textContent()).resolves.toBe("Not saved: changed since you opened it");
      await expect(alert.getByRole("row", { name: /Emergency line/ }).textContent()).resolves.toBe("Emergency lineAnswered day and night24 hours a day");
      expect(await axeViolations(second)).toEqual([]);
      expect(JSON.parse(await readFile(join(repo.dir, "content", "site.json"), "utf8")).emergencyLine).toBe("Answered day and night");
    } finally {
      await close();
    }
  });

  it("refuses a made-up session cookie and a form posted from another site", async () => {
    const forged = await open();
    let attacker: Server | undefined;
    try {
      await forged.page.context().addCookies([{ name: "desk-session", value: "AAAAAAAAAAAAAAAAAAAAAAAAAAA", url: `${baseUrl}/owner` }]);
      await forged.page.goto("/owner/business");
      await expect.poll(() => forged.page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");

      const { page, close } = await open();
      try {
        await signInWithCode(page, mail);
        // Another site's page, with a button that posts to the desk.
        attacker = createServer((_req, res) => {
          res.setHeader("content-type", "text/html");
          res.end(`<!doctype html><title>Prize</title><form method="post" action="${baseUrl}/owner/sign-out-everywhere"><input name="csrf" value="guess"><button>Claim your prize</button></form>`);
        });
        await new Promise<void>((ok) => attacker?.listen(0, "127.0.0.1", ok));
        await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
        await page.getByRole("button", { name: "Claim your prize" }).tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Refused: sent from another site");
        await page.goto(`${baseUrl}/owner/account`);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Account");
      } finally {
        await close();
      }
    } finally {
      attacker?.close();
      await forged.close();
    }
  });
});
