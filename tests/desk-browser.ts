// The owner's desk in Chromium, as the owner uses it: signing in with the emailed code, and a
// passkey on the device (Chromium's virtual authenticator). The desk's browser tests drive it through these.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { codeIn, OWNER } from "./desk-harness";
import { waitFor, type SmtpPeer } from "./test-support";

/** Signs in on `page` with the code from the newest email to `email` that `mail` received, as the owner would type it (tapping, on a touch screen). */
export async function signInWithCode(page: Page, mail: SmtpPeer, { touch = true, email = OWNER }: { touch?: boolean; email?: string } = {}): Promise<void> {
  const press = (name: string) => (touch ? page.getByRole("button", { name }).tap() : page.getByRole("button", { name }).click());
  await page.goto("/owner");
  await page.getByLabel("Email", { exact: true }).fill(email);
  const before = mail.received.length;
  await press("Send sign-in code");
  await page.waitForURL("**/owner/sign-in/code");
  // Other mail (a message's or a review's notification) may come in between.
  const signInMail = () => mail.received.slice(before).filter((m) => m.to.includes(email)).at(-1);
  await waitFor(() => signInMail() !== undefined, 15_000, "the sign-in email");
  await page.getByLabel("Code", { exact: true }).fill(codeIn(signInMail()?.raw ?? ""));
  await press("Sign in");
  await expect.poll(() => page.url()).toBe(`${page.url().split("/owner")[0]}/owner`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
}

/** A phone's built-in passkey store for `page` (DevTools protocol WebAuthn): it makes and uses passkeys without asking. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** A photo as a camera makes one: a real JPEG or PNG with something in it. */
export async function photo(format: "jpeg" | "png", width: number, height: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 60 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c84"/></svg>`) },
  ]);
  return format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** Chooses a file in "Add photo", says what it shows and puts it in the post; resolves once it is in the list. */
export async function addPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, description: string): Promise<void> {
  const before = await page.locator("[data-photo-list] > li").count();
  await page.getByLabel("Add photo").setInputFiles(file);
  await page.locator("#post-new-photo-alt").fill(description);
  await page.getByRole("button", { name: "Put the photo in the post" }).tap();
  await expect.poll(() => page.locator("[data-photo-list] > li").count(), { timeout: 30_000 }).toBe(before + 1);
}
