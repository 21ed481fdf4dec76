import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { deskPath } from "../desk-routes";
import { hasChallenge, runCeremony } from "./passkey-ceremony";

const isRequestOptions = (value: unknown): value is PublicKeyCredentialRequestOptionsJSON => hasChallenge(value);

/** The sign-in screen's "Sign in with a passkey" (src/desk/screens/sign-in-screen.tsx): shown where the browser has passkeys. */
export function start(block: HTMLElement): void {
  if (!browserSupportsWebAuthn()) return;
  const button = block.querySelector("button");
  const message = block.querySelector<HTMLElement>("[data-desk-message]");
  if (!button || !message) return;
  block.hidden = false;
  button.addEventListener("click", () =>
    runCeremony(button, message, {
      challenge: deskPath.passkeyChallenge,
      isOptions: isRequestOptions,
      run: (optionsJSON) => startAuthentication({ optionsJSON }),
      failed: () => "No passkey was used. Sign in with a code from your email instead, or try again.",
      finish: deskPath.passkeySignIn,
      next: deskPath.home,
    }),
  );
}
