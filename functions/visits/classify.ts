// What a beacon's request says about its sender, read from headers only: is it a
// crawler, a prefetch, a browser asking not to be counted, and what kind of device.
// Nothing here is stored; functions/visits/visit-counter.ts keeps only the results.
import { isbot } from "isbot";
import type { DeviceClass } from "../store/visits-store";

/** User agents are sent by the client, any length: patterns only ever see this much of one. */
const USER_AGENT_READ = 512;

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
};

/** A known crawler, a headless or testing browser, or no user agent at all (isbot's list, kept up to date upstream). */
export function isCrawler(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? "").slice(0, USER_AGENT_READ);
  return ua.trim() === "" || isbot(ua);
}

/**
 * Phone, tablet or desktop, from the user agent. iPads since iPadOS 13 say they are a Mac
 * and count as desktops, as in every analytics tool that reads only the user agent.
 */
export function deviceOf(userAgent: string | undefined): DeviceClass {
  const ua = (userAgent ?? "").slice(0, USER_AGENT_READ);
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)\b/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "phone";
  // Android phones say "Mobile"; Android tablets do not.
  if (/Android/i.test(ua)) return "tablet";
  return "desktop";
}

/** A request made ahead of time, not by a person opening the page (Chromium's Sec-Purpose, Firefox's X-Moz, Safari's X-Purpose). */
export function isPrefetch(headers: Headers): boolean {
  return ["sec-purpose", "purpose", "x-purpose", "x-moz"].some((name) => /\b(?:prefetch|preview|prerender)\b/i.test(header(headers, name)));
}

/** Global Privacy Control (Sec-GPC: 1) or Do Not Track (DNT: 1): the visitor asked not to be counted. */
export function refusesCounting(headers: Headers): boolean {
  return header(headers, "sec-gpc") === "1" || header(headers, "dnt") === "1";
}

/** Where visits came from when the referrer was none or the site itself. */
export const DIRECT = "direct";
/** Anything that is not a readable web address. */
export const OTHER_SOURCE = "other";

/** Sites known under many host names, by the name the owner knows them by. */
const SOURCE_GROUPS: ReadonlyArray<[RegExp, string]> = [
  [/(?:^|\.)google\.[a-z]{2,3}(?:\.[a-z]{2})?$/, "google.com"],
  [/(?:^|\.)bing\.com$/, "bing.com"],
  [/(?:^|\.)duckduckgo\.com$/, "duckduckgo.com"],
  [/(?:^|\.)yahoo\.com$/, "yahoo.com"],
  [/(?:^|\.)(?:facebook\.com|fb\.me|fb\.com)$/, "facebook.com"],
  [/(?:^|\.)instagram\.com$/, "instagram.com"],
  [/(?:^|\.)nextdoor\.com$/, "nextdoor.com"],
  [/(?:^|\.)(?:t\.co|twitter\.com|x\.com)$/, "x.com"],
  [/(?:^|\.)(?:linkedin\.com|lnkd\.in)$/, "linkedin.com"],
  [/(?:^|\.)(?:youtube\.com|youtu\.be)$/, "youtube.com"],
];

/**
 * Sources shown whatever their count: no visit, one site standing for many, and the sites of
 * SOURCE_GROUPS, which a spammer cannot advertise by naming. Any other referring site is
 * listed only once three different visitors came from it in a day (week-summary.ts).
 */
export function isNamedSource(source: string): boolean {
  return source === "" || source === DIRECT || source === OTHER_SOURCE || SOURCE_GROUPS.some(([, name]) => name === source);
}

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z]{2,63}$/;

/**
 * The referring site's domain as the owner reads it: "google.com" (any Google search
 * domain), "facebook.com", "nextdoor.com", another site's host without "www.", or
 * "direct" (no referrer, or this site itself). Only the domain is ever kept: never the
 * path or query of the page the visitor came from.
 */
export function sourceOf(referrer: string | undefined, ownHosts: ReadonlySet<string>): string {
  if (!referrer?.trim()) return DIRECT;
  let url: URL;
  try {
    url = new URL(referrer.trim());
  } catch {
    return OTHER_SOURCE;
  }
  // Android apps refer as android-app://com.google.android.googlequicksearchbox/...
  if (url.protocol === "android-app:") return /^com\.google\./.test(url.hostname) ? "google.com" : OTHER_SOURCE;
  if (url.protocol !== "https:" && url.protocol !== "http:") return OTHER_SOURCE;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (ownHosts.has(host) || ownHosts.has(host.replace(/^www\./, ""))) return DIRECT;
  for (const [pattern, name] of SOURCE_GROUPS) if (pattern.test(host)) return name;
  const bare = host.replace(/^(?:www|m|mobile)\./, "");
  return HOST.test(bare) && bare.length <= 100 ? bare : OTHER_SOURCE;
}
