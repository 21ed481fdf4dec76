// A browser's push subscription as the desk takes it (POST /owner/push/subscriptions, shared/CONTRACT.md):
// checked before anything is kept, and named for the Account screen.
import { createHash, createPublicKey } from "node:crypto";
import { isIP } from "node:net";
import type { PushDevice } from "../store/records";

/** A device's id: made from its endpoint, so the same browser subscribing again is the same device. */
export const deviceId = (endpoint: string): string => createHash("sha256").update(endpoint).digest("hex").slice(0, 24);

/**
 * Where the server may send a notification: a push service over HTTPS; over plain HTTP only to this
 * machine (a loopback address, as the Secure Contexts rules count it "potentially trustworthy"), where
 * a push service of one's own runs (the tests', a development one). Any other address a browser could
 * never have been given, so one that arrives is refused, and the server never posts to it.
 */
export function endpointProblem(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "the endpoint is not an address";
  }
  if (endpoint.length > 2048) return "the endpoint is longer than 2048 characters";
  if (url.username || url.password) return "the endpoint carries a user name or password";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopback(url.hostname)) return undefined;
  return "the endpoint is not an https: address";
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

const base64url = (value: unknown, bytes: number): Buffer | undefined => {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  const decoded = Buffer.from(value, "base64url");
  return decoded.length === bytes ? decoded : undefined;
};

/** Whether 65 bytes are an uncompressed point on P-256 (a key a browser made, never garbage the encryption would choke on). */
function isP256Point(point: Buffer): boolean {
  if (point[0] !== 4) return false;
  try {
    createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") }, format: "jwk" });
    return true;
  } catch {
    return false;
  }
}

export type SubscriptionCheck = { ok: true; subscription: Pick<PushDevice, "endpoint" | "keys"> } | { ok: false; problem: string };

/** A PushSubscription's JSON (`{ endpoint, keys: { p256dh, auth } }`), checked: RFC 8291's key sizes, a real point, an endpoint we may post to. */
export function checkSubscription(body: unknown): SubscriptionCheck {
  if (typeof body !== "object" || body === null) return { ok: false, problem: "Send the browser's push subscription as JSON." };
  const { endpoint, keys } = body as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== "string") return { ok: false, problem: "The subscription has no endpoint." };
  const problem = endpointProblem(endpoint);
  if (problem) return { ok: false, problem: `The subscription cannot be used: ${problem}.` };
  const p256dh = base64url(keys?.p256dh, 65);
  const auth = base64url(keys?.auth, 16);
  if (!p256dh || !isP256Point(p256dh)) return { ok: false, problem: "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url)." };
  if (!auth) return { ok: false, problem: "The subscription's auth secret is not 16 bytes (base64url)." };
  return { ok: true, subscription: { endpoint, keys: { p256dh: p256dh.toString("base64url"), auth: auth.toString("base64url") } } };
}

/** What a device is, in the owner's words, from its browser's user agent ("iPhone", "Android phone", "Windows computer"). */
export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? "").slice(0, 512);
  if (/iPhone/.test(ua)) return "iPhone";
  if (/iPad/.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua))) return "iPad";
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? "Android phone" : "Android tablet";
  if (/Macintosh|Mac OS X/.test(ua)) return "Mac";
  if (/Windows/.test(ua)) return "Windows computer";
  if (/CrOS/.test(ua)) return "Chromebook";
  if (/Linux/.test(ua)) return "Linux computer";
  return "Phone or computer";
}
