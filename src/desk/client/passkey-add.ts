import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { deskPath } from "../desk-routes";
import { isRecord, postJson } from "./post-json";

const isCreationOptions = (value: unknown): value is PublicKeyCredentialCreationOptionsJSON => isRecord(value) && typeof value.challenge === "string";

/** The account screen's "Add a passkey" (src/desk/screens/account-screen.tsx): shown where the browser can make one. */
export function start(block: HTMLElement): void {
  if (!browserSupportsWebAuthn()) return;
  const button = block.querySelector("button");
  const message = block.querySelector<HTMLElement>("[data-desk-message]");
  const fallback = block.querySelector<HTMLElement>("[data-desk-fallback]");
  if (!button || !message) return;
  if (fallback) fallback.hidden = true;
  button.hidden = false;
  button.addEventListener("click", async () => {
    message.textContent = "";
    button.disabled = true;
    try {
      const challenge = await postJson(deskPath.passkeyAddChallenge);
      if (!challenge.ok) return void (message.textContent = challenge.message);
      if (!isCreationOptions(challenge.body.options)) return void (message.textContent = "The site sent no passkey request. Please try again.");
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({ optionsJSON: challenge.body.options });
      } catch (error) {
        const already = error instanceof Error && error.name === "InvalidStateError";
        message.textContent = already ? "This device has a passkey for the desk already." : "No passkey was added. Please try again.";
        return;
      }
      const result = await postJson(deskPath.passkeyAdd, { response });
      if (!result.ok) return void (message.textContent = result.message);
      window.location.assign(typeof result.body.next === "string" ? result.body.next : deskPath.account);
    } finally {
      button.disabled = false;
    }
  });
}
