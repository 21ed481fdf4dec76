import type { Request } from "express";

// What the desk learns about a request from its headers. req.protocol, req.secure and req.ip
// believe X-Forwarded-* only from the proxy TRUST_PROXY names (functions/http/trust-proxy.ts).

/** The origin the browser used for this request: "https://cedarridgetree.com", "http://127.0.0.1:3000". */
export const requestOrigin = (req: Request): string => `${req.protocol}://${req.get("host") ?? "localhost"}`;

/** The request's cookies by name (the first of a repeated name). */
export function cookies(req: Request): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!found.has(name)) found.set(name, part.slice(eq + 1).trim());
  }
  return found;
}

/** The device in a few words, from its User-Agent: "Chrome on Android", "Safari on iPhone". For the owner's eyes only. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /CrOS/.test(ua)
              ? "Chromebook"
              : /Linux/.test(ua)
                ? "Linux"
                : "";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\/|CriOS\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "";
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || "A browser";
}

/** Where a request came from, for the audit log: the client's address and its device. */
export const requestFrom = (req: Request): string => `${req.ip ?? "unknown address"} (${deviceName(req.get("user-agent"))})`;
