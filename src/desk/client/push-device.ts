import { deskBase, deskPath } from "../desk-routes";
import { isRecord, postJson, type JsonAnswer } from "./post-json";
import { registerWorker, SENT_KEY, sentEndpoint } from "./push-sent";

/**
 * This browser's side of the owner's notifications: its service worker's push subscription, and the
 * endpoint it last gave the desk (localStorage, a word of this browser, not a cookie). That endpoint is
 * there only while this phone is turned on here: "Turn off" (on this phone) forgets it, so a phone turned
 * off is never turned on again behind the owner's back, and one turned off from another device stays off.
 */
export { canPush, registerWorker, sentEndpoint } from "./push-sent";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * This browser's subscription for the site's key (`publicKey`, base64url): the one it has, or a new
 * one (a subscription made for another key, as after a move to a new server, is replaced).
 */
export async function subscription(publicKey: string): Promise<PushSubscription> {
  const registration = await registerWorker();
  await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const known = await registration.pushManager.getSubscription();
  if (known && sameBytes(known.options.applicationServerKey, key)) return known;
  await known?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Gives the desk this browser's subscription (shared/CONTRACT.md: POST /owner/push/subscriptions), in
 * place of the endpoint it had before. `again`: not the owner's tap but the desk's own check, which a
 * device turned off in Account refuses; this browser then lets go of it too.
 */
export async function sendSubscription(subscribed: PushSubscription, options: { again?: boolean } = {}): Promise<JsonAnswer> {
  const before = sentEndpoint();
  const answer = await postJson(deskPath.pushSubscriptions, {
    ...subscribed.toJSON(),
    ...(before && before !== subscribed.endpoint ? { replaces: before } : {}),
    ...(options.again ? { again: true } : {}),
  });
  if (answer.ok) localStorage.setItem(SENT_KEY, subscribed.endpoint);
  else if (options.again && /turned off/.test(answer.message)) await forgetThisDevice();
  return answer;
}

/** Turns this phone off here: no subscription, nothing remembered (the desk forgets the device by the form that called this). */
export async function forgetThisDevice(): Promise<void> {
  localStorage.removeItem(SENT_KEY);
  const registration = await navigator.serviceWorker.getRegistration(deskBase);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** The desk's id of a device (the desk server's push-devices.ts deviceId): the first 24 hex digits of its endpoint's SHA-256. */
export async function deviceIdOf(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 24);
}

/** The site's public VAPID key and the ids of this owner's devices, as the desk has them now. */
export async function pushState(): Promise<{ publicKey: string; devices: string[] } | undefined> {
  const answer = await fetch(deskPath.pushKey, { credentials: "same-origin", headers: { accept: "application/json" } }).catch(() => undefined);
  const body: unknown = answer?.ok ? await answer.json().catch(() => undefined) : undefined;
  if (!isRecord(body) || typeof body.publicKey !== "string" || !Array.isArray(body.devices)) return undefined;
  return { publicKey: body.publicKey, devices: body.devices.filter((id): id is string => typeof id === "string") };
}
