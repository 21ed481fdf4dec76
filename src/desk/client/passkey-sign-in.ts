import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { deskPath } from "../desk-routes";
import { isRecord, postJson } from "./post-json";

const isRequestOptions = (value: unknown): value is PublicKeyCredentialRequestOptionsJSON => isRecord(value) && typeof value.challenge === "string";

/** The sign-in screen's "Sign in with a passkey" (src/desk/screens/sign-in-screen.tsx): shown where the browser has passkeys. */
export function start(block: HTMLElement): void {
  if (!browserSupportsWebAuthn()) return;
  const button = block.querySelector("button");
  const message = block.querySelector<HTMLElement>("[data-desk-message]");
  if (!button || !message) return;
  block.hidden = false;
  button.addEventListener("click", async () => {
    message.textContent = "";
    button.disabled = true;
    try {
      const challenge = await postJson(deskPath.passkeyChallenge);
      if (!challenge.ok) return void (message.textContent = challenge.message);
      if (!isRequestOptions(challenge.body.options)) return void (message.textContent = "The site sent no passkey request. Please try again.");
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        response = await startAuthentication({ optionsJSON: challenge.body.options });
      } catch {
        message.textContent = "No passkey was used. Sign in with a code from your email instead, or try again.";
        return;
      }
      const result = await postJson(deskPath.passkeySignIn, { response });
      if (!result.ok) return void (message.textContent = result.message);
      window.location.assign(typeof result.body.next === "string" ? result.body.next : deskPath.home);
    } finally {
      button.disabled = false;
    }
  });
}
