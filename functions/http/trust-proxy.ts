// TRUST_PROXY (shared/CONTRACT.md): which proxy may tell us the visitor's address.
// Unset means nobody: the socket address is the client, so a visitor cannot pick
// their own rate-limit key with X-Forwarded-For. Read by every server that keys
// anything on the client address (functions/contact/app.ts, scripts/site-app.ts).

/** What Express's "trust proxy" setting accepts, minus `true` (trust anyone), which is never right. */
export type TrustProxy = false | number | string[];

const HOPS = /^\d{1,2}$/;
// proxy-addr's names, an IPv4 or IPv6 address, optionally with a /prefix.
const NAMED = new Set(["loopback", "linklocal", "uniquelocal"]);
const ADDRESS = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$/i;

/**
 * "1" (hops), "loopback", "10.0.0.5", "10.0.0.0/8, 127.0.0.1"; unset or empty: false.
 * Throws with the variable's name on anything else, so a typo stops the server
 * instead of silently trusting (or ignoring) the wrong proxy.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (HOPS.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  const bad = entries.filter((entry) => !NAMED.has(entry) && !ADDRESS.test(entry));
  if (text === "true" || bad.length > 0) {
    throw new Error(
      `TRUST_PROXY: expected the number of proxies in front (like 1) or their addresses (like 127.0.0.1 or 10.0.0.0/8, comma-separated), got "${value}"`,
    );
  }
  return entries;
}
