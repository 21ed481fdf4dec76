import { canPush, deviceIdOf, registerWorker, sendSubscription, sentEndpoint, subscription } from "./push-device";

type State = "on" | "off" | "ios" | "blocked" | "unsupported";

/** An iPhone or iPad (an iPad says "Macintosh" but has touch) in Safari's tab, not the Home Screen app: Apple shows notifications only for the app. */
function iosInBrowser(): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes("Macintosh") && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia("(display-mode: standalone)").matches || ("standalone" in navigator && navigator.standalone === true);
  return ios && !standalone;
}

/**
 * Account's "Turn on notifications" (src/desk/screens/account-screen.tsx): shows what this phone can do,
 * asks the phone's permission on the tap (a browser asks only on a tap), subscribes with the site's key,
 * gives the desk the subscription, and shows the list again with this phone on it.
 */
export function start(block: HTMLElement): void {
  const key = block.dataset.publicKey ?? "";
  const message = block.querySelector<HTMLElement>("[data-desk-message]");
  const fallback = block.querySelector<HTMLElement>("[data-desk-fallback]");
  const button = block.querySelector<HTMLButtonElement>('button[data-push-state="off"]');
  const show = (state: State) => {
    if (fallback) fallback.hidden = true;
    for (const part of block.querySelectorAll<HTMLElement>("[data-push-state]")) part.hidden = part.dataset.pushState !== state;
  };

  if (iosInBrowser()) return show("ios");
  if (!canPush()) return show("unsupported");
  if (Notification.permission === "denied") return show("blocked");
  show("off");
  void markThisDevice().then((listed) => listed && Notification.permission === "granted" && show("on"));

  button?.addEventListener("click", async () => {
    if (message) message.textContent = "";
    button.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return show(permission === "denied" ? "blocked" : "off");
      const answer = await sendSubscription(await subscription(key));
      if (!answer.ok) throw new Error(answer.message);
      // The list again, from the desk: this phone is on it now.
      window.location.reload();
    } catch (error) {
      if (message) message.textContent = error instanceof Error && error.message ? `Notifications could not be turned on: ${error.message}` : "Notifications could not be turned on. Please try again.";
    } finally {
      button.disabled = false;
    }
  });
}

/** Marks this phone in the list of devices, when it is on it (and this browser turned it on); whether it is. */
async function markThisDevice(): Promise<boolean> {
  const endpoint = sentEndpoint();
  if (!endpoint) return false;
  const registration = await registerWorker().catch(() => undefined);
  const current = await registration?.pushManager.getSubscription();
  if (!current || current.endpoint !== endpoint) return false;
  const row = document.querySelector<HTMLElement>(`[data-device="${await deviceIdOf(endpoint)}"]`);
  const label = row?.querySelector<HTMLElement>("[data-this-device]");
  if (label) label.hidden = false;
  return row !== null;
}
