import { isRecord, postJson } from "./post-json";

export interface Ceremony<Options> {
  /** Where the site hands out the challenge (JSON `{ options }`). */
  challenge: string;
  isOptions: (value: unknown) => value is Options;
  /** The browser's part (@simplewebauthn/browser's startRegistration or startAuthentication). */
  run: (options: Options) => Promise<unknown>;
  /** What to say when the browser's part did not happen (cancelled, no passkey). */
  failed: (error: unknown) => string;
  /** Where the answer goes; the site answers `{ next }`, the page to open. */
  finish: string;
  next: string;
}

/** A passkey ceremony from its button: the site's challenge, the browser's answer, the site's check; problems shown in `message`. */
export async function runCeremony<Options>(button: HTMLButtonElement, message: HTMLElement, ceremony: Ceremony<Options>): Promise<void> {
  message.textContent = "";
  button.disabled = true;
  try {
    const challenge = await postJson(ceremony.challenge);
    if (!challenge.ok) return void (message.textContent = challenge.message);
    const options = challenge.body.options;
    if (!ceremony.isOptions(options)) return void (message.textContent = "The site sent no passkey request. Please try again.");
    let response: unknown;
    try {
      response = await ceremony.run(options);
    } catch (error) {
      message.textContent = ceremony.failed(error);
      return;
    }
    const result = await postJson(ceremony.finish, { response });
    if (!result.ok) return void (message.textContent = result.message);
    window.location.assign(typeof result.body.next === "string" ? result.body.next : ceremony.next);
  } finally {
    button.disabled = false;
  }
}

/** Options with a challenge: what both ceremonies' options have (their full shape is the library's to check). */
export const hasChallenge = (value: unknown): boolean => isRecord(value) && typeof value.challenge === "string";
