// The owner's desk in Chromium, as the owner uses it: signing in with the emailed code, and a
// passkey on the device (Chromium's virtual authenticator). The desk's browser tests drive it through these.
import type { Page } from "playwright-core";
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
