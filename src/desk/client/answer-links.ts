import { csrfField } from "../desk-page";
import { pageCsrf } from "./post-json";

const words: Record<string, string> = { call: "by a call", text: "by text", email: "by email" };

/**
 * A message's Call, Text and Email back (src/desk/screens/messages-screen.tsx): a tap opens the
 * phone's dialer, Messages or mail as the link says, and notes the answer first. The note goes as a
 * beacon (a POST with the page's CSRF token that the browser sends even when the page is left for
 * the dialer or closed), started before the browser follows the link: a form that posts and then
 * redirects to tel: or sms: is something browsers refuse to follow. Without JavaScript the links
 * still open the apps; "Mark handled" then says the message was answered.
 */
export function start(block: HTMLElement): void {
  const path = block.dataset.answeredPath;
  const status = block.querySelector<HTMLElement>("[data-answer-status]");
  if (!path) return;
  for (const link of block.querySelectorAll<HTMLAnchorElement>("a[data-answer]")) {
    link.addEventListener("click", () => {
      const how = link.dataset.answer ?? "";
      const body = new URLSearchParams({ how, [csrfField]: pageCsrf() });
      // sendBeacon queues it at once and returns; where it is refused (a full queue), fetch with keepalive outlives the page too.
      if (!navigator.sendBeacon(path, body)) void fetch(path, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
      if (status && status.textContent === "") status.textContent = `Answered ${words[how] ?? ""}, just now.`;
    });
  }
}
