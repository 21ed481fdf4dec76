import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MIN_FILL_MS } from "../functions/contact/spam";
import { SUBMISSIONS_FILE } from "../functions/store/files/file-names";
import { connectBrowser, openPage } from "./chromium";
import { pageReady } from "./page-ready";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

const messages = {
  nameRequired: "Name is required",
  nameShort: "Name must be at least 2 characters",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  phoneRequired: "Phone number is required",
  phoneShort: "Phone number must be at least 10 digits",
  serviceRequired: "Please select a service",
  messageRequired: "Message is required",
  messageShort: "Message must be at least 10 characters",
};

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

async function openContact(page: Page) {
  await page.goto("/contact", { waitUntil: "networkidle" });
  await pageReady(page);
}

/** A message no other test sends, to find its line in the data folder. */
const uniqueMessage = (what: string) => `Please look at the oak by the dock (${what} ${Date.now()} ${Math.random()}).`;

async function fillValid(page: Page, message: string) {
  await field(page, "name").fill("Jane Tester");
  await field(page, "email").fill("jane@example.com");
  await field(page, "phone").pressSequentially("8035550199");
  await field(page, "serviceType").selectOption("tree-trimming");
  await field(page, "message").fill(message);
}

/** The contact function holds posts sent under 3 s after the form was shown (spam.jsonl); stored tests wait past that. */
const waitPastSpamRule = (page: Page) => page.waitForTimeout(MIN_FILL_MS + 300);

/** The stored record whose message is `message`, from DATA_DIR/submissions.jsonl. */
async function storedRecord(message: string): Promise<unknown> {
  const text = await readFile(join(inject("dataDir"), SUBMISSIONS_FILE), "utf8").catch(() => "");
  const records: unknown[] = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return records.find((r) => typeof r === "object" && r !== null && "message" in r && r.message === message);
}

async function expectStored(message: string) {
  await expect.poll(() => storedRecord(message), { timeout: 5_000 }).toBeDefined();
  expect(await storedRecord(message)).toMatchObject({ name: "Jane Tester", email: "jane@example.com", serviceType: "tree-trimming", message });
}

/** The toast region (src/components/toast.tsx); its label names the F8 hotkey. */
const toastRegion = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** Sends the filled form with the contact function's answer given by the test, and waits for the toast to finish sliding in. */
async function showToast(page: Page, outcome: "sent" | "failed") {
  await page.route("**/api/contact", (route) =>
    outcome === "sent"
      ? route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true,"id":"x"}' })
      : route.fulfill({ status: 500, body: "" }),
  );
  // After a failure the form keeps what was typed: sent again as it is.
  if (!(await field(page, "name").inputValue())) await fillValid(page, uniqueMessage(outcome));
  await page.locator('form button[type="submit"]').click();
  // This outcome's toast, not the one it replaces: the earlier toast may still be open, or closing, when the answer comes.
  const toast = toastRegion(page)
    .locator("li")
    .filter({ hasText: outcome === "sent" ? "Message Sent!" : "Failed to send message" });
  await expect.poll(() => toast.getAttribute("data-state")).toBe("open");
  // Only once the 200 ms slide-in has ended: mid-animation the box is still off to the right.
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  const box = await toast.boundingBox();
  if (!box) throw new Error("the toast has no box");
  return { toast, box };
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the site's CSP refuses inline scripts (functions/http/security-headers.ts).
  await page.evaluate(await readFile(resolve("node_modules/axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async () => {
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
}

declare const axe: typeof import("axe-core");

describe("contact page", () => {
  it("shows the spec's static parts and a form whose fields are all marked required", async () => {
    const { page, problems, close } = await openPage(browser);
    await openContact(page);
    expect(await page.locator("h1").textContent()).toBe("Contact Cedar Ridge Tree Service");
    const main = page.locator("main");
    await expect.poll(() => main.textContent()).toContain("Get a free estimate or schedule emergency tree services");
    expect(await main.locator('a[href="tel:+18035550142"]').count()).toBeGreaterThan(0);
    expect(await main.locator('a[href="mailto:office@cedarridgetree.example"]').count()).toBeGreaterThan(0);
    expect(await main.textContent()).toContain("Chapin, SC 29036");
    expect(await main.textContent()).toContain("Mon");
    const areas = main.locator('section[aria-labelledby="contact-areas"] a');
    expect(await areas.count()).toBe(12);
    expect(await areas.first().getAttribute("href")).toBe("/locations/chapin-sc");

    const form = page.locator('form[action="/api/contact"][method="post"]');
    expect(await form.count()).toBe(1);
    for (const name of ["name", "email", "phone", "serviceType", "message"]) {
      const control = field(page, name);
      expect(await control.getAttribute("aria-required"), name).toBe("true");
      expect(await control.getAttribute("required"), name).not.toBeNull();
    }
    expect(await field(page, "email").getAttribute("type")).toBe("email");
    const options = await field(page, "serviceType").locator("option").evaluateAll((els) =>
      els.map((el) => [el.getAttribute("value"), el.textContent]),
    );
    expect(options[0]).toEqual(["", "Select a service"]);
    expect(options.slice(1).map(([value]) => value)).toEqual([
      "emergency-removal",
      "tree-removal",
      "tree-trimming",
      "cabling-bracing",
      "stump-removal",
      "tree-doctor",
      "other",
    ]);
    expect(options.every(([, label]) => label && label.length > 3)).toBe(true);

    // Anti-spam extras: a honeypot no person reaches, and the time the form was shown (set after hydration).
    const honeypot = field(page, "website");
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    expect(await page.getByLabel("Leave this field empty").count()).toBe(1);
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect(Number(await field(page, "formShownAt").inputValue())).toBeGreaterThan(Date.now() - 60_000);

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => t.includes('"BreadcrumbList"'))).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows every validation message under its field, linked by aria-describedby", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    const expectError = async (name: string, message: string) => {
      const control = field(page, name);
      await expect.poll(() => control.getAttribute("aria-invalid"), { message: name }).toBe("true");
      const id = await control.getAttribute("aria-describedby");
      expect(id, name).toBeTruthy();
      expect(await page.locator(`[id="${id}"]`).textContent(), name).toBe(message);
    };

    await page.getByRole("button", { name: "Send Message" }).click();
    await expectError("name", messages.nameRequired);
    await expectError("email", messages.emailRequired);
    await expectError("phone", messages.phoneRequired);
    await expectError("serviceType", messages.serviceRequired);
    await expectError("message", messages.messageRequired);
    // react-hook-form puts the cursor in the first field with a problem.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");

    await field(page, "name").fill("J");
    await field(page, "email").fill("not-an-email");
    await field(page, "phone").pressSequentially("80355");
    await field(page, "message").fill("Too short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectError("name", messages.nameShort);
    await expectError("email", messages.emailInvalid);
    await expectError("phone", messages.phoneShort);
    await expectError("message", messages.messageShort);

    // Fixed fields lose their message and their invalid state.
    await field(page, "name").fill("Jane");
    await expect.poll(() => field(page, "name").getAttribute("aria-invalid")).toBeNull();
    expect(await field(page, "name").getAttribute("aria-describedby")).toBeNull();
    await close();
  });

  it("formats the phone number as it is typed", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    const phone = field(page, "phone");
    const steps: [string, string][] = [
      ["8", "8"],
      ["0", "80"],
      ["3", "803"],
      ["5", "(803) 5"],
      ["x", "(803) 5"],
      ["5", "(803) 55"],
      ["5", "(803) 555"],
      ["0", "(803) 555-0"],
      ["-", "(803) 555-0"],
      ["1", "(803) 555-01"],
      ["4", "(803) 555-014"],
      ["2", "(803) 555-0142"],
      ["9", "(803) 555-0142"],
    ];
    for (const [key, expected] of steps) {
      await phone.press(key);
      expect(await phone.inputValue(), `after typing ${key}`).toBe(expected);
    }
    // A leading country code is dropped (area codes never start with 1), typed or pasted.
    await phone.fill("");
    await phone.pressSequentially("+1 (803) 555");
    expect(await phone.inputValue()).toBe("(803) 555");
    await phone.fill("");
    await phone.pressSequentially("18035550142");
    expect(await phone.inputValue()).toBe("(803) 555-0142");
    await close();
  });

  it("keeps the caret where it was when the phone number is edited in the middle", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    const phone = field(page, "phone");
    await phone.pressSequentially("8035550142");
    const caretAt = (i: number) => phone.evaluate((el: HTMLInputElement, at) => el.setSelectionRange(at, at), i);
    const caret = () => phone.evaluate((el: HTMLInputElement) => el.selectionStart);

    // "(80|3) 555-0142": a 9 typed there lands there, and the caret stays after it.
    await caretAt(3);
    await phone.press("9");
    expect(await phone.inputValue()).toBe("(809) 355-5014");
    expect(await caret()).toBe(4);
    // Backspace removes the 9 again and the caret stays put.
    await phone.press("Backspace");
    expect(await phone.inputValue()).toBe("(803) 555-014");
    expect(await caret()).toBe(3);
    // Backspace just after the hyphen deletes the digit before it, not nothing.
    await caretAt(10);
    await phone.press("Backspace");
    expect(await phone.inputValue()).toBe("(803) 550-14");
    expect(await caret()).toBe(8);
    await close();
  });

  it("tells a visitor who asked for an emergency removal to call now, and nobody else", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true,"id":"x"}' }));
    await fillValid(page, uniqueMessage("emergency"));
    await field(page, "serviceType").selectOption("emergency-removal");
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count()).toBe(1);
    const main = page.locator("main");
    expect(await main.textContent()).toContain("We've received your message and will contact you within 24 hours.");
    expect(await main.textContent()).toContain("For an emergency, call (803) 555-0142 now for the fastest response.");
    expect(await main.getByRole("link", { name: "(803) 555-0142" }).last().getAttribute("href")).toBe("tel:+18035550142");

    await page.getByRole("button", { name: "Send Another Message" }).click();
    await fillValid(page, uniqueMessage("not urgent"));
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count()).toBe(1);
    expect(await main.textContent()).not.toContain("now for the fastest response");
    await close();
  });

  it("sends JSON with cookies, shows 'Sending...' while waiting, then the toast and the Thank You panel", async () => {
    const { page, close } = await openPage(browser);
    await page.context().addCookies([{ name: "visit", value: "1", url: inject("baseUrl") }]);
    await openContact(page);
    const message = uniqueMessage("js");
    await fillValid(page, message);
    await waitPastSpamRule(page);

    let release: () => void = () => {};
    const held = new Promise<void>((ok) => (release = ok));
    let seen: { contentType?: string; cookie?: string; body: unknown } | undefined;
    await page.route("**/api/contact", async (route: Route) => {
      const request = route.request();
      seen = { contentType: request.headers()["content-type"], cookie: await request.headerValue("cookie") ?? undefined, body: request.postDataJSON() };
      await held;
      await route.continue();
    });

    const submit = page.locator('form button[type="submit"]');
    await submit.click();
    await expect.poll(() => submit.textContent()).toBe("Sending...");
    expect(await submit.isDisabled()).toBe(true);
    // "Sending..." shows while the form's rules load (first submit), before the request leaves.
    await expect.poll(() => seen).toBeDefined();
    expect(seen?.contentType).toMatch(/^application\/json/);
    expect(seen?.cookie).toContain("visit=1");
    expect(seen?.body).toMatchObject({ name: "Jane Tester", phone: "(803) 555-0199", message, website: "" });
    expect(seen?.body).toHaveProperty("formShownAt", expect.any(Number));
    release();

    await expect.poll(() => toastRegion(page).textContent()).toContain("Message Sent!");
    expect(await toastRegion(page).textContent()).toContain("We'll get back to you within 24 hours.");
    const thanks = page.getByRole("heading", { name: "Thank You!" });
    await expect.poll(() => thanks.count()).toBe(1);
    expect(await page.locator("main").textContent()).toContain("We've received your message and will contact you within 24 hours.");
    expect(await page.locator("form").count()).toBe(0);
    expect(await thanks.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectStored(message);

    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expect.poll(() => page.locator("form").count()).toBe(1);
    for (const name of ["name", "email", "phone", "message"]) expect(await field(page, name).inputValue(), name).toBe("");
    expect(await field(page, "serviceType").inputValue()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await close();
  });

  it("keeps the entries and shows the destructive 'Error' toast when the server fails", async () => {
    const { page, problems, close } = await openPage(browser);
    await openContact(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"ok":false}' }));
    const message = uniqueMessage("fail");
    await fillValid(page, message);
    await page.locator('form button[type="submit"]').click();

    await expect.poll(() => toastRegion(page).textContent()).toContain("Error");
    expect(await toastRegion(page).textContent()).toContain("Failed to send message. Please call us directly.");
    // The toast offers the call itself.
    const call = toastRegion(page).getByRole("link", { name: "Call (803) 555-0142" });
    expect(await call.getAttribute("href")).toBe("tel:+18035550142");
    expect(await field(page, "name").inputValue()).toBe("Jane Tester");
    expect(await field(page, "phone").inputValue()).toBe("(803) 555-0199");
    expect(await field(page, "serviceType").inputValue()).toBe("tree-trimming");
    expect(await field(page, "message").inputValue()).toBe(message);
    expect(await page.locator('form button[type="submit"]').textContent()).toBe("Send Message");
    // The request helper's error text is "status: body text" (spec section 8).
    expect(problems.some((p) => p.includes('500: {"ok":false}'))).toBe(true);

    // A network error is a failure too.
    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator('[data-state="open"]').count()).toBe(1);
    expect(await toastRegion(page).textContent()).toContain("Failed to send message. Please call us directly.");
    expect(await field(page, "message").inputValue()).toBe(message);
    expect(await storedRecord(message)).toBeUndefined();
    await close();
  });

  it("moves focus to the toast region with F8", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    await field(page, "name").focus();
    await page.keyboard.press("F8");
    expect(await toastRegion(page).evaluate((region) => region.contains(document.activeElement))).toBe(true);
    await close();
  });

  it("dismisses the toast with a swipe to the right", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await openContact(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
    await fillValid(page, uniqueMessage("swipe"));
    await page.locator('form button[type="submit"]').click();
    const toast = toastRegion(page).locator("li");
    await expect.poll(() => toast.getAttribute("data-state")).toBe("open");
    // Measure only once the 200 ms slide-in has ended: mid-animation the box is still off to the right.
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 20 + dx, y);
    await page.mouse.up();
    // Well under the toast's 5 s duration, so only the swipe can have closed it.
    await expect.poll(() => toast.count(), { timeout: 2_000 }).toBe(0);
    await close();
  });

  it("snaps back from a short swipe; a touch swipe dismisses; a drag from the call link does not dial", async () => {
    const { page, close } = await openPage(browser, { hasTouch: true });
    await openContact(page);
    const { toast, box } = await showToast(page, "failed");
    // A click that reaches the call link un-prevented would dial. The toast follows the pointer through
    // element.style, which the CSP (style-src 'self') allows; a style attribute would be refused.
    await page.evaluate(() => {
      document.addEventListener("click", (event) => {
        if (event.target instanceof Element && event.target.closest('a[href^="tel:"]') && !event.defaultPrevented) document.body.dataset.dialled = "yes";
      });
      document.addEventListener("securitypolicyviolation", (event) => (document.body.dataset.refused = event.violatedDirective));
    });
    const link = await toastRegion(page).getByRole("link", { name: "Call (803) 555-0142" }).boundingBox();
    if (!link) throw new Error("the call link has no box");
    const y = link.y + link.height / 2;

    // With the mouse, 40 px from the link: under the threshold, so back into place, and the release is no click on the link.
    await page.mouse.move(link.x + 20, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 40; dx += 10) await page.mouse.move(link.x + 20 + dx, y);
    await page.mouse.up();
    expect(await page.evaluate(() => document.body.dataset.dialled)).toBeUndefined();
    expect(await toast.getAttribute("data-state")).toBe("open");
    expect(await toast.getAttribute("data-swipe")).toBe("cancel");
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    expect((await toast.boundingBox())?.x).toBeCloseTo(box.x, 0);

    // With a finger, from the link, past the threshold.
    const touch = await page.context().newCDPSession(page);
    const at = (dx: number) => [{ x: link.x + 20 + dx, y }];
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
    for (let dx = 10; dx <= 120; dx += 10) await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(dx) });
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => toast.count(), { timeout: 2_000 }).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.dialled)).toBeUndefined();
    expect(await page.evaluate(() => document.body.dataset.refused)).toBeUndefined();
    await close();
  });

  it("keeps the toast while the pointer is over it and closes it about 5 s after it appeared otherwise", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await openContact(page);
    const { toast, box } = await showToast(page, "sent");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2);
    await page.waitForTimeout(6_000);
    expect(await toast.getAttribute("data-state")).toBe("open");
    // Away from it, the time left runs on: under 5 s, but not at once.
    await page.mouse.move(5, 5);
    await page.waitForTimeout(1_000);
    expect(await toast.count()).toBe(1);
    await expect.poll(() => toast.count(), { timeout: 8_000 }).toBe(0);

    await page.getByRole("button", { name: "Send Another Message" }).click();
    const again = await showToast(page, "sent");
    await page.waitForTimeout(3_500);
    expect(await again.toast.count()).toBe(1);
    await expect.poll(() => again.toast.count(), { timeout: 5_000 }).toBe(0);
    await close();
  });

  it("keeps the toast while focus is inside it; Escape closes it and focus goes back where it was", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    const { toast } = await showToast(page, "failed");
    await field(page, "message").focus();
    await page.keyboard.press("F8");
    expect(await toast.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Call (803) 555-0142");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close notification");
    await page.waitForTimeout(6_000);
    expect(await toast.getAttribute("data-state")).toBe("open");
    await page.keyboard.press("Escape");
    await expect.poll(() => toast.count(), { timeout: 2_000 }).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("message");
    await close();
  });

  it("announces a failure assertively and a success politely", async () => {
    const { page, close } = await openPage(browser);
    await openContact(page);
    // Every text a live region is given, as it is given: each announcement lasts only a second.
    await page.evaluate(() => {
      const heard: string[] = [];
      Object.assign(window, { heard });
      new MutationObserver(() => {
        for (const region of document.querySelectorAll('[role="alert"], [role="status"]')) {
          const text = `${region.getAttribute("role")}: ${region.textContent}`;
          if (region.textContent && !heard.includes(text)) heard.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const heard = () => page.evaluate(() => ("heard" in window && Array.isArray(window.heard) ? window.heard.join("\n") : ""));
    await showToast(page, "failed");
    const failure = "Error. Failed to send message. Please call us directly. Call (803) 555-0142.";
    await expect.poll(heard).toContain(`alert: ${failure}`);
    await page.unroute("**/api/contact");
    await showToast(page, "sent");
    const success = "Message Sent! We'll get back to you within 24 hours.";
    await expect.poll(heard).toContain(`status: ${success}`);
    expect(await heard()).not.toContain(`status: ${failure}`);
    expect(await heard()).not.toContain(`alert: ${success}`);
    // Gone again after a second, so reading the page later does not meet the words twice.
    await expect.poll(() => page.locator('[role="alert"], [role="status"]').filter({ hasText: /./ }).count()).toBe(0);
    await close();
  });

  it("has no axe violations when idle, showing errors, and after a success", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await openContact(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(5);
    expect(await axeViolations(page)).toEqual([]);

    // The success state without storing anything: the answer comes from the test.
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true,"id":"x"}' }));
    await fillValid(page, uniqueMessage("axe"));
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank You!" }).count()).toBe(1);
    await expect.poll(() => toastRegion(page).textContent()).toContain("Message Sent!");
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it("keeps the form's libraries out of the other pages' scripts", async () => {
    // Markers that survive minification: the toast's close label and a react-hook-form option.
    const markers = ["Close notification", "shouldUnregister"];
    const scriptsOf = async (path: string) => {
      const { page, close } = await openPage(browser);
      const bodies: Promise<string>[] = [];
      page.on("response", (res) => {
        if (res.url().endsWith(".js")) bodies.push(res.text());
      });
      await page.goto(path, { waitUntil: "networkidle" });
      await pageReady(page);
      // Every body read before the page closes (a busy machine read some too late, and the marker went missing).
      const text = (await Promise.all(bodies)).join("\n");
      await close();
      return text;
    };
    const home = await scriptsOf("/");
    const contact = await scriptsOf("/contact");
    for (const marker of markers) {
      expect(home.includes(marker), marker).toBe(false);
      expect(contact.includes(marker), marker).toBe(true);
    }
    // The rules (and zod) come with the first submit, not with the page.
    expect(home.includes("Invalid email address")).toBe(false);
    expect(contact.includes("Invalid email address")).toBe(false);
  });
});

describe("contact form before it hydrates", () => {
  it("keeps what was typed before the form hydrated, and sends it with the time the page showed the form", async () => {
    const { page, problems, close } = await openPage(browser);
    // React's chunk is held, so everything below is typed into the build's plain HTML form.
    let release: () => void = () => {};
    const held = new Promise<void>((ok) => (release = ok));
    await page.route("**/assets/hydrate-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact", { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-nav"));
    const asked = page.waitForRequest((req) => req.url().includes("/assets/hydrate-"));
    const message = uniqueMessage("before hydration");
    // The first tap into the form wakes it (src/client/islands.ts); typing goes on meanwhile.
    await field(page, "name").click();
    await asked;
    await fillValid(page, message);
    const island = page.locator("[data-island]");
    expect(await island.getAttribute("data-hydrated")).toBeNull();
    await waitPastSpamRule(page);
    const releasedAt = Date.now();
    release();
    await expect.poll(() => island.getAttribute("data-hydrated")).toBe("");

    // Each value kept, the phone number shown as the form shows one (tests/first-second.test.ts has it throttled).
    const typed = { name: "Jane Tester", email: "jane@example.com", phone: "(803) 555-0199", serviceType: "tree-trimming", message };
    for (const [name, value] of Object.entries(typed)) expect(await field(page, name).inputValue(), name).toBe(value);
    // The form is React's now: a keystroke keeps the phone number formatted.
    await field(page, "phone").press("End");
    await field(page, "phone").press("Backspace");
    await expect.poll(() => field(page, "phone").inputValue()).toBe("(803) 555-019");
    await field(page, "phone").press("9");

    const sent = page.waitForRequest((req) => req.url().endsWith("/api/contact") && req.method() === "POST");
    await page.locator('form button[type="submit"]').click();
    const body: unknown = (await sent).postDataJSON();
    expect(body).toMatchObject({ name: "Jane Tester", phone: "(803) 555-0199", serviceType: "tree-trimming", message });
    // Anti-spam: shown when the page was, not when React took over.
    expect(body).toHaveProperty("formShownAt", expect.any(Number));
    const shownAt = (body as { formShownAt: number }).formShownAt;
    expect(shownAt).toBeLessThan(releasedAt - MIN_FILL_MS);
    await expect.poll(() => toastRegion(page).textContent()).toContain("Message Sent!");
    await expectStored(message);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("contact form without JavaScript", () => {
  it("posts a valid message, lands on /contact/thank-you/ and stores it", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/contact");
    const message = uniqueMessage("no-js");
    await field(page, "name").fill("Jane Tester");
    await field(page, "email").fill("jane@example.com");
    await field(page, "phone").fill("803 555 0199");
    await field(page, "serviceType").selectOption("tree-trimming");
    await field(page, "message").fill(message);
    const post = page.waitForResponse((res) => res.url().endsWith("/api/contact") && res.request().method() === "POST");
    await page.locator('form button[type="submit"]').click();
    expect((await post).status()).toBe(303);
    await page.waitForURL("**/contact/thank-you/");
    expect(await page.locator("h1").textContent()).toBe("Thank You!");
    expect(await page.locator("main").textContent()).toContain("We've received your message and will contact you within 24 hours.");
    expect(await page.getByRole("link", { name: "Send Another Message" }).getAttribute("href")).toBe("/contact");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectStored(message);
    await close();
  });

  it("answers an invalid post with the contact page showing the messages and keeping what was typed", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/contact");
    const typed = 'A long message about the <b>"big"</b> pine & the shed, which must not be lost.';
    await field(page, "name").fill("J");
    await field(page, "email").fill("jane@");
    await field(page, "message").fill(typed);
    const post = page.waitForResponse((res) => res.url().endsWith("/api/contact") && res.request().method() === "POST");
    await page.locator('form button[type="submit"]').click();
    const res = await post;
    expect(res.status()).toBe(400);
    await page.waitForLoadState();

    // The real contact page, rendered by the same React components...
    expect(await page.locator("h1").textContent()).toBe("Contact Cedar Ridge Tree Service");
    expect(await page.title()).toMatch(/^Error: Contact/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    // ...a whole page of the site, which names its own address for the site script (tests/first-second.test.ts has it with JavaScript).
    expect(await res.text()).toMatch(/<html lang="en" data-address="\/contact">.*<script type="module" src="\/assets\/site-/);

    const expectError = async (name: string, message: string) => {
      const control = field(page, name);
      expect(await control.getAttribute("aria-invalid"), name).toBe("true");
      const id = await control.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${id}"]`).textContent(), name).toBe(message);
    };
    await expectError("name", messages.nameShort);
    await expectError("email", messages.emailInvalid);
    await expectError("phone", messages.phoneRequired);
    await expectError("serviceType", messages.serviceRequired);
    expect(await field(page, "message").getAttribute("aria-invalid")).toBeNull();
    const summary = page.getByRole("alert");
    expect(await summary.textContent()).toContain(messages.phoneRequired);
    expect(await summary.locator("a").first().getAttribute("href")).toBe("#contact-name");

    expect(await field(page, "name").inputValue()).toBe("J");
    expect(await field(page, "email").inputValue()).toBe("jane@");
    expect(await field(page, "message").inputValue()).toBe(typed);

    // Fixing the problems on that page and sending again works too.
    await field(page, "name").fill("Jane Tester");
    await field(page, "email").fill("jane@example.com");
    await field(page, "phone").fill("(803) 555-0199");
    await field(page, "serviceType").selectOption("tree-trimming");
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL("**/contact/thank-you/");
    await expectStored(typed);
    await close();
  });

  it("passes axe on the refused-post page", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/contact");
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL("**/api/contact");
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(5);
    await close();
    // axe needs JavaScript; the same HTML, fetched and loaded as a page with scripts allowed.
    const html = await fetch(`${inject("baseUrl")}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=&email=&phone=&serviceType=&message=",
    }).then((r) => r.text());
    const withJs = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await withJs.page.route("**/refused", (route) => route.fulfill({ status: 400, contentType: "text/html", body: html }));
    await withJs.page.goto("/refused");
    expect(await axeViolations(withJs.page)).toEqual([]);
    await withJs.close();
  });
});
