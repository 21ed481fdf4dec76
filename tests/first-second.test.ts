import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { REVIEWS_FILE, REVIEW_SPAM_FILE, SPAM_FILE, SUBMISSIONS_FILE } from "../functions/store/files/file-names";
import { connectBrowser, openPage, type WatchedPage } from "./chromium";
import { pageReady } from "./page-ready";
import { throttlePhone } from "../scripts/phone-throttle";
import { hold, markDocument, sameDocument } from "./early-visit";

// The first second on a real phone (issue 27): what a visitor does before a form's island
// has woken up (src/client/islands.ts) counts as it would after, and every link of the site
// navigates in place (src/client/navigate.ts). Every test runs on a throttled phone
// (scripts/phone-throttle.ts: CPU 4x, 1.6 Mbit/s, 150 ms). Where "before" matters, the island's code
// (React comes with hydrate-*.js) is held back until the visitor has acted, so the test does
// not depend on how fast this machine is; and each ends with back and forward.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openThrottled(): Promise<WatchedPage> {
  const opened = await openPage(browser);
  await throttlePhone(opened.page);
  return opened;
}

/** The island's code: held, the form on the page is the build's plain HTML. */
const holdIslands = (page: Page) => hold(page, "**/assets/hydrate-*.js");

/** Opens `path` and returns as soon as the site script runs (it marks <html data-nav>), long before any island has its code. */
async function openEarly(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-nav"));
  await markDocument(page);
}

/**
 * A throttled phone on the form page `path` as soon as the site script runs, the island's
 * code held until `release`; `posts` records what the page posts to the form's endpoint.
 */
async function openFormEarly(path: "/contact" | "/reviews") {
  const opened = await openThrottled();
  const posts = postsTo(opened.page, `/api${path}`);
  const release = await holdIslands(opened.page);
  await openEarly(opened.page, path);
  return { ...opened, posts, release };
}

/**
 * Clicks `selector` once React has the island's element (hydrateRoot ran) and before it has
 * hydrated it; "while hydrating" when it did, "too late" when the island was done first.
 */
function clickWhileHydrating(page: Page, selector: string): Promise<string> {
  return page.evaluate(
    (target) =>
      new Promise<string>((resolve) => {
        const element = document.querySelector<HTMLElement>("[data-island]");
        const control = document.querySelector<HTMLElement>(target);
        const tick = () => {
          if (!element || !control || element.hasAttribute("data-hydrated")) return resolve("too late");
          if (!Object.keys(element).some((key) => key.startsWith("__reactContainer"))) return setTimeout(tick);
          control.click();
          resolve("while hydrating");
        };
        tick();
      }),
    selector,
  );
}

/** The contact form filled in as a visitor would, the phone number as typed. */
async function fillContact(page: Page, message: string): Promise<void> {
  await field(page, "name").fill("Jane Tester");
  await field(page, "email").fill("jane@example.com");
  await field(page, "phone").fill("8035550199");
  await field(page, "serviceType").selectOption("tree-trimming");
  await field(page, "message").fill(message);
}

const island = (page: Page) => page.locator("[data-island]");
const notHydrated = async (page: Page) => expect(await island(page).getAttribute("data-hydrated")).toBeNull();
const hydrated = (page: Page) => expect.poll(() => island(page).getAttribute("data-hydrated"), { timeout: 20_000 }).toBe("");

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

/** Every POST the page sends to `path`. */
function postsTo(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

/** On `path` with `heading` as the page's h1, in the same document (no page load since markDocument). */
async function expectOn(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(path);
  await expect.poll(() => page.locator("main h1").first().textContent(), { timeout: 15_000 }).toMatch(heading);
  expect(await sameDocument(page), `${path} was loaded in full`).toBe(true);
}

/** Follows `link` to `there`, then back and forward, each in place. */
async function roundTrip(page: Page, link: Locator, here: [string, string | RegExp], there: [string, string | RegExp]): Promise<void> {
  await link.click();
  await expectOn(page, ...there);
  await page.goBack();
  await expectOn(page, ...here);
  await page.goForward();
  await expectOn(page, ...there);
}

const contactHeading = "Contact Cedar Ridge Tree Service";
const servicesLink = (page: Page) => page.locator('header nav a[href="/services"]');
const services: [string, string] = ["/services", "Our Tree Services"];

/** The lines of DATA_DIR files that hold `text` (in any field). */
async function storedLines(files: string[], text: string): Promise<string[]> {
  const contents = await Promise.all(files.map((file) => readFile(join(inject("dataDir"), file), "utf8").catch(() => "")));
  return contents.flatMap((c) => c.split("\n")).filter((line) => line.includes(JSON.stringify(text).slice(1, -1)));
}

const unique = (what: string) => `The big oak by the dock needs a look (${what} ${Date.now()} ${Math.random()}).`;

describe("the contact form before its island wakes up, on a throttled phone", () => {
  it("type, then wait: digits typed into the phone field are formatted once the form wakes, and every field keeps what was typed", async () => {
    const { page, problems, close, release } = await openFormEarly("/contact");
    await field(page, "name").pressSequentially("Jane Tester");
    await field(page, "phone").pressSequentially("8035551234");
    await field(page, "serviceType").selectOption("stump-removal");
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect.poll(() => field(page, "phone").inputValue()).toBe("(803) 555-1234");
    expect(await field(page, "name").inputValue()).toBe("Jane Tester");
    expect(await field(page, "serviceType").inputValue()).toBe("stump-removal");
    // The next keystroke edits the formatted number, as it would have from the start.
    await field(page, "phone").press("Backspace");
    expect(await field(page, "phone").inputValue()).toBe("(803) 555-123");
    await roundTrip(page, servicesLink(page), ["/contact", contactHeading], services);
    expect(problems).toEqual([]);
    await close();
  });

  it("tap Send at once with the fields empty: the form's own messages, nothing posted, no /api/ address", async () => {
    const { page, problems, close, posts, release } = await openFormEarly("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect.poll(() => page.locator('form [aria-invalid="true"]').count()).toBe(5);
    expect(await page.locator("#contact-name-error").textContent()).toBe("Name is required");
    // react-hook-form puts the cursor in the first field with a problem, as after any other tap on Send.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(posts).toEqual([]);
    await expectOn(page, "/contact", contactHeading);
    await roundTrip(page, servicesLink(page), ["/contact", contactHeading], services);
    expect(problems).toEqual([]);
    await close();
  });

  it("tap Send at once with the fields filled: the form sends it once, with 'Sending...', the toast and the Thank You panel", async () => {
    const { page, problems, close, posts, release } = await openFormEarly("/contact");
    const message = unique("sent early");
    await fillContact(page, message);
    const tappedAt = Date.now();
    const send = page.locator('form button[type="submit"]');
    await send.click();
    // A second tap while waiting changes nothing: still one message.
    await send.click();
    await notHydrated(page);
    release();
    await expect.poll(() => send.textContent()).toBe("Sending...");
    await expect.poll(() => page.getByRole("region", { name: "Notifications (F8)" }).textContent(), { timeout: 20_000 }).toContain("Message Sent!");
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count()).toBe(1);
    await expectOn(page, "/contact", contactHeading);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers()["content-type"]).toMatch(/^application\/json/);
    const body: unknown = posts[0]?.postDataJSON();
    expect(body).toMatchObject({ name: "Jane Tester", phone: "(803) 555-0199", serviceType: "tree-trimming", message, website: "" });
    // Anti-spam: shown when the page showed the form, before the tap.
    expect(body).toHaveProperty("formShownAt", expect.any(Number));
    expect((body as { formShownAt: number }).formShownAt).toBeLessThan(tappedAt);
    // Stored once (a tap under 3 s after the form was shown is kept with the spam: functions/contact/spam.ts).
    await expect.poll(() => storedLines([SUBMISSIONS_FILE, SPAM_FILE], message).then((l) => l.length)).toBe(1);
    await roundTrip(page, servicesLink(page), ["/contact", contactHeading], services);
    expect(problems).toEqual([]);
    await close();
  });

  it("a tap held before React came, then one while React takes over the form: still sent once", async () => {
    const { page, problems, close, posts, release } = await openFormEarly("/contact");
    await fillContact(page, unique("tapped twice"));
    await page.locator('form button[type="submit"]').click();
    const second = clickWhileHydrating(page, 'form button[type="submit"]');
    release();
    expect(await second).toBe("while hydrating");
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count(), { timeout: 20_000 }).toBe(1);
    await page.waitForTimeout(1_000);
    expect(posts).toHaveLength(1);
    expect(problems).toEqual([]);
    await close();
  });

  for (const when of ["before", "after"] as const) {
    it(`a form sent to an island whose code cannot load (it fails ${when} the tap) is posted the plain way: not lost`, async () => {
      const { page, close } = await openThrottled();
      // The island's code never arrives (a dropped connection on a phone): refused at once, or once the tap is held.
      let fail: () => void = () => {};
      const failed = new Promise<void>((ok) => (fail = ok));
      if (when === "before") fail();
      await page.route("**/assets/hydrate-*.js", async (route) => {
        await failed;
        await route.abort();
      });
      await openEarly(page, "/contact");
      const message = unique(`island failed ${when} the tap`);
      await fillContact(page, message);
      const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact") && res.request().method() === "POST");
      await page.locator('form button[type="submit"]').click();
      fail();
      // The plain way: the form as the browser posts it without script (multipart, for its photos: src/components/contact-form.tsx).
      expect((await answer).request().headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      await page.waitForURL("**/contact/thank-you/");
      expect(await page.locator("main h1").textContent()).toBe("Thank You!");
      await expect.poll(() => storedLines([SUBMISSIONS_FILE, SPAM_FILE], message).then((l) => l.length)).toBe(1);
      await close();
    });
  }

  it("a page left while its form's island hydrates: no error, and back brings a form that works", async () => {
    const { page, problems, close, release } = await openFormEarly("/contact");
    // The next page is fetched ahead (a finger on its way), so leaving takes no time.
    await servicesLink(page).hover();
    await field(page, "name").click();
    const left = clickWhileHydrating(page, 'header nav a[href="/services"]');
    release();
    expect(await left).toBe("while hydrating");
    await expectOn(page, ...services);
    await page.waitForTimeout(1_000);
    expect(problems).toEqual([]);
    await page.goBack();
    await expectOn(page, "/contact", contactHeading);
    await pageReady(page);
    await field(page, "phone").pressSequentially("8035550142");
    expect(await field(page, "phone").inputValue()).toBe("(803) 555-0142");
    expect(problems).toEqual([]);
    await close();
  });

  it("a tap before the site script ran is answered with a full site page at /contact that works like it", async () => {
    const { page, close } = await openThrottled();
    const releaseSite = await hold(page, "**/assets/site-*.js");
    await page.goto("/contact", { waitUntil: "commit" });
    await field(page, "name").fill("J");
    await field(page, "phone").fill("8035550199");
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact") && res.request().method() === "POST");
    await page.locator('form button[type="submit"]').click();
    expect((await answer).status()).toBe(400);
    releaseSite();
    // The site script takes the address back to the page this is.
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-nav"));
    await markDocument(page);
    await expectOn(page, "/contact", contactHeading);
    expect(await page.title()).toMatch(/^Error: Contact/);
    expect(await page.locator("#contact-problems-title").textContent()).toContain("Your message was not sent");
    await pageReady(page);
    // Formatted as the form shows a number, what was typed kept.
    await expect.poll(() => field(page, "phone").inputValue()).toBe("(803) 555-0199");
    expect(await field(page, "name").inputValue()).toBe("J");
    const message = unique("after a refused post");
    const posts = postsTo(page, "/api/contact");
    await field(page, "name").fill("Jane Tester");
    await field(page, "email").fill("jane@example.com");
    await field(page, "serviceType").selectOption("tree-trimming");
    await field(page, "message").fill(message);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count(), { timeout: 20_000 }).toBe(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers()["content-type"]).toMatch(/^application\/json/);
    await expectOn(page, "/contact", contactHeading);
    await roundTrip(page, servicesLink(page), ["/contact", contactHeading], services);
    await close();
  });
});

describe("the review form before its island wakes up, on a throttled phone", () => {
  const reviewsHeading = "Customer Reviews";

  it("tap Send at once with the fields empty: the form's own messages, nothing posted", async () => {
    const { page, problems, close, posts, release } = await openFormEarly("/reviews");
    await page.getByRole("button", { name: "Send Review" }).click();
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect.poll(() => page.locator("#review-name-error").textContent()).toBe("Name is required");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("review-name");
    expect(posts).toEqual([]);
    await expectOn(page, "/reviews", reviewsHeading);
    await roundTrip(page, servicesLink(page), ["/reviews", reviewsHeading], services);
    expect(problems).toEqual([]);
    await close();
  });

  it("tap Send at once with the fields filled and a star chosen: sent once, thanked in place", async () => {
    const { page, problems, close, posts, release } = await openFormEarly("/reviews");
    const text = unique("review sent early");
    await page.getByLabel("Your name").fill("Jamie T.");
    await page.getByLabel("Your town").fill("Irmo, SC");
    await page.locator('label[for="review-rating-4"]').click();
    await page.getByLabel("Your review").fill(text);
    await page.getByRole("button", { name: "Send Review" }).click();
    await notHydrated(page);
    release();
    await expect.poll(() => page.getByRole("heading", { name: "Thank you for your review!" }).count(), { timeout: 20_000 }).toBe(1);
    await expectOn(page, "/reviews", reviewsHeading);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.postDataJSON()).toMatchObject({ name: "Jamie T.", location: "Irmo, SC", rating: 4, text, website: "" });
    await expect.poll(() => storedLines([REVIEWS_FILE, REVIEW_SPAM_FILE], text).then((l) => l.length)).toBe(1);
    await roundTrip(page, servicesLink(page), ["/reviews", reviewsHeading], services);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("every link of the site navigates in place, on a throttled phone", () => {
  for (const [path, heading] of [
    ["/", /^Tree Down\?/],
    ["/locations", "Service Areas"],
  ] as const) {
    it(`the service-area map's town links (SVG) on ${path}, back to where the map was and forward, also as fast as the pages come`, async () => {
      const { page, problems, close } = await openThrottled();
      await page.goto(path, { waitUntil: "load" });
      await markDocument(page);
      const irmo = page.locator('svg a[data-town="irmo-sc"]');
      await irmo.scrollIntoViewIfNeeded();
      const town: [string, string] = ["/locations/irmo-sc", "Tree Service in Irmo, SC"];
      const onScreenAt = () => irmo.evaluate((link) => Math.round(link.getBoundingClientRect().top));
      const left = await onScreenAt();
      await roundTrip(page, irmo, [path, heading], town);
      await page.goBack();
      await expectOn(page, path, heading);
      const mapInView = () => irmo.evaluate((link) => link.getBoundingClientRect().top >= 0 && link.getBoundingClientRect().bottom <= window.innerHeight);
      await expect.poll(mapInView).toBe(true);
      // Where it was on the screen, to the pixel: sections passed over undrawn by the jump to the map count at their real height now.
      await expect.poll(async () => Math.abs((await onScreenAt()) - left)).toBeLessThanOrEqual(1);
      // Forward, back, forward and back, each in the frame its page appears: each page keeps its own scroll.
      await page.evaluate(
        (paths) =>
          new Promise<void>((done) => {
            const steps = [() => history.forward(), () => history.back(), () => history.forward(), () => history.back()];
            let step = 0;
            // A page has appeared when #root is a new element (src/client/navigate.ts swaps it) at the address of the step.
            let before: Element | null = null;
            const next = () => {
              const root = document.getElementById("root");
              const shown = root !== before && location.pathname === (step % 2 === 0 ? paths.here : paths.there);
              if (shown && step === steps.length) return done();
              if (shown) {
                before = root;
                steps[step++]?.();
              }
              requestAnimationFrame(next);
            };
            next();
          }),
        { here: path, there: town[0] },
      );
      await expectOn(page, path, heading);
      await expect.poll(mapInView).toBe(true);
      expect(problems).toEqual([]);
      await close();
    });
  }

  it("a page keeps its own scroll when the page left scrolls while it is on its way, and back and forward follow at once", async () => {
    const { page, problems, close } = await openThrottled();
    await page.goto("/", { waitUntil: "load" });
    await markDocument(page);
    const irmo = page.locator('svg a[data-town="irmo-sc"]');
    const mapInView = () => irmo.evaluate((link) => link.getBoundingClientRect().top >= 0 && link.getBoundingClientRect().bottom <= window.innerHeight);
    await irmo.scrollIntoViewIfNeeded();
    // / is held from here on, also when the town page fetches it ahead (a pointer over one of its
    // links to /): going back to it, it is on its way for as long as the test says.
    const releaseHome = await hold(page, (url) => url.pathname === "/");
    await irmo.click();
    await expectOn(page, "/locations/irmo-sc", "Tree Service in Irmo, SC");
    // Back to /; meanwhile the town's page, still on screen, scrolls (a finger, a late scroll event),
    // and more than the 100 ms after which a scroll is noted pass.
    const scrolledWhileOnItsWay = await page.evaluate(
      () =>
        new Promise<boolean>((done) => {
          const before = document.getElementById("root");
          window.addEventListener("popstate", () => setTimeout(() => window.scrollTo(0, 40)), { once: true });
          history.back();
          setTimeout(() => done(location.pathname === "/" && document.getElementById("root") === before && window.scrollY === 40), 400);
        }),
    );
    expect(scrolledWhileOnItsWay).toBe(true);
    // The moment / is shown, forward again, before any scroll of / is noted.
    const forwardOnArrival = page.evaluate(
      () =>
        new Promise<void>((done) => {
          const before = document.getElementById("root");
          const shown = () => {
            if (document.getElementById("root") !== before) {
              history.forward();
              return done();
            }
            requestAnimationFrame(shown);
          };
          shown();
        }),
    );
    releaseHome();
    await forwardOnArrival;
    await expectOn(page, "/locations/irmo-sc", "Tree Service in Irmo, SC");
    await page.goBack();
    await expectOn(page, "/", /^Tree Down\?/);
    // The town page's scroll was not written into /'s history entry: / comes back where the map was.
    await expect.poll(mapInView).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it("a link inside a post, back and forward", async () => {
    const { page, problems, close } = await openThrottled();
    const post = "/blog/signs-a-tree-is-dying-or-dangerous";
    await page.goto(post, { waitUntil: "load" });
    await markDocument(page);
    const link = page.locator('main article a[href="/services/tree-doctor"]').first();
    await roundTrip(page, link, [post, /^Signs a Tree Is Dying/], ["/services/tree-doctor", "Tree Doctor Services"]);
    expect(problems).toEqual([]);
    await close();
  });

  it("the footer's links and a tap on the icon inside the header's home link, back and forward", async () => {
    const { page, problems, close } = await openThrottled();
    await page.goto("/privacy", { waitUntil: "load" });
    await markDocument(page);
    await roundTrip(page, page.locator('footer a[href="/blog"]'), ["/privacy", "Privacy"], ["/blog", "Tree Care Blog"]);
    await roundTrip(page, page.locator("header a[href='/'] svg"), ["/blog", "Tree Care Blog"], ["/", /^Tree Down\?/]);
    expect(problems).toEqual([]);
    await close();
  });

  it("leaves to the browser what is not a page of the site: other origins, downloads, new tabs, modified clicks, tel:, mailto:, /api/ and /owner", async () => {
    const { page, close } = await openThrottled();
    await page.goto("/privacy", { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-nav"));
    // Each link is clicked in the page; a listener on window, which hears the click after the
    // site script's listener on document, records whether that one took it and stops the browser.
    const handled = await page.evaluate(() => {
      const svg = "http://www.w3.org/2000/svg";
      const cases: Array<[string, () => Element, MouseEventInit?]> = [
        ["a page", () => Object.assign(document.createElement("a"), { href: "/services" })],
        ["a page, SVG", () => {
          const a = document.createElementNS(svg, "a");
          a.setAttribute("href", "/services");
          return a;
        }],
        ["another origin", () => Object.assign(document.createElement("a"), { href: "https://example.com/services" })],
        ["a download", () => Object.assign(document.createElement("a"), { href: "/services", download: "" })],
        ["target _blank", () => Object.assign(document.createElement("a"), { href: "/services", target: "_blank" })],
        ["target _blank, SVG", () => {
          const a = document.createElementNS(svg, "a");
          a.setAttribute("href", "/services");
          a.setAttribute("target", "_blank");
          return a;
        }],
        ["ctrl-click", () => Object.assign(document.createElement("a"), { href: "/services" }), { ctrlKey: true }],
        ["shift-click", () => Object.assign(document.createElement("a"), { href: "/services" }), { shiftKey: true }],
        ["middle click", () => Object.assign(document.createElement("a"), { href: "/services" }), { button: 1 }],
        ["tel:", () => Object.assign(document.createElement("a"), { href: "tel:+18035550142" })],
        ["mailto:", () => Object.assign(document.createElement("a"), { href: "mailto:office@example.com" })],
        ["/api/blog", () => Object.assign(document.createElement("a"), { href: "/api/blog" })],
        ["/owner", () => Object.assign(document.createElement("a"), { href: "/owner" })],
        ["/owner/messages", () => Object.assign(document.createElement("a"), { href: "/owner/messages" })],
        ["a feed", () => Object.assign(document.createElement("a"), { href: "/rss.xml" })],
      ];
      const result: Record<string, boolean> = {};
      let taken = false;
      const stop = (event: Event) => {
        taken = event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener("click", stop);
      // Clicks are made on a child, as a tap lands on a link's text or icon.
      const host = document.createElement("div");
      document.body.append(host);
      for (const [name, make, init] of cases) {
        const link = make();
        const inner = link.namespaceURI === svg ? document.createElementNS(svg, "circle") : document.createElement("span");
        const wrap = link.namespaceURI === svg ? document.createElementNS(svg, "svg") : host;
        link.append(inner);
        wrap.append(link);
        if (wrap !== host) host.append(wrap);
        taken = false;
        inner.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init }));
        result[name] = taken;
      }
      window.removeEventListener("click", stop);
      return result;
    });
    expect(handled).toEqual({
      "a page": true,
      "a page, SVG": true,
      "another origin": false,
      "a download": false,
      "target _blank": false,
      "target _blank, SVG": false,
      "ctrl-click": false,
      "shift-click": false,
      "middle click": false,
      "tel:": false,
      "mailto:": false,
      "/api/blog": false,
      "/owner": false,
      "/owner/messages": false,
      "a feed": false,
    });
    await close();
  });
});
