import { deskPath } from "../desk-routes";
import { canPush, registerWorker, sentEndpoint } from "./push-sent";

/**
 * On every desk page: the desk's service worker is registered (it shows notifications and opens
 * the message tapped; src/desk/service-worker.ts), and, signed in on a phone turned on for
 * notifications, its subscription is checked: a browser that dropped or replaced it (it expired,
 * the push service said it was gone) subscribes again and the desk gets the new one (push-check.ts).
 */
export function startApp(): void {
  if (!("serviceWorker" in navigator)) return;
  void registerWorker().catch(() => undefined);
  const signedIn = document.querySelector(`form[action="${deskPath.signOut}"]`) !== null;
  if (signedIn && canPush() && Notification.permission === "granted" && sentEndpoint()) void import("./push-check").then((check) => check.run());
}
