import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { deskPath } from "../desk-routes";
import { hasChallenge, runCeremony } from "./passkey-ceremony";

const isCreationOptions = (value: unknown): value is PublicKeyCredentialCreationOptionsJSON => hasChallenge(value);

/** The account screen's "Add a passkey" (src/desk/screens/account-screen.tsx): shown where the browser can make one. */
export function start(block: HTMLElement): void {
  if (!browserSupportsWebAuthn()) return;
  const button = block.querySelector("button");
  const message = block.querySelector<HTMLElement>("[data-desk-message]");
  const fallback = block.querySelector<HTMLElement>("[data-desk-fallback]");
  if (!button || !message) return;
  if (fallback) fallback.hidden = true;
  button.hidden = false;
  button.addEventListener("click", () =>
    runCeremony(button, message, {
      challenge: deskPath.passkeyAddChallenge,
      isOptions: isCreationOptions,
      run: (optionsJSON) => startRegistration({ optionsJSON }),
      failed: (error) =>
        error instanceof Error && error.name === "InvalidStateError" ? "This device has a passkey for the desk already." : "No passkey was added. Please try again.",
      finish: deskPath.passkeyAdd,
      next: deskPath.account,
    }),
  );
}
