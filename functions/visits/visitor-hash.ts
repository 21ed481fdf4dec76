import { createHmac } from "node:crypto";
import { clientKey } from "../http/client-key";

/**
 * The day's name for one visitor, as Plausible makes it: a keyed hash of the site, the
 * address and the browser's user agent, under a salt that exists for one business day.
 * The address is read as the rate limit reads it (IPv6 per /64, whose last half a phone
 * changes often) and never stored; once the salt is deleted at midnight, nobody, the
 * owner included, can tell whose hash it was or find the same visitor the next day.
 */
export function visitorHash(salt: Buffer, site: string, address: string | undefined, userAgent: string): string {
  return createHmac("sha256", salt).update(`${site}\n${clientKey(address)}\n${userAgent}`).digest("base64url").slice(0, 22);
}

/**
 * The day's name for one address coming from one referring site: a site is listed as a source
 * of visits once three different ones came from it in a day (week-summary.ts). The address
 * only, not the browser: one machine sending beacons under many user agents is one.
 */
export function referralHash(salt: Buffer, site: string, address: string | undefined, source: string): string {
  return createHmac("sha256", salt).update(`referral\n${site}\n${clientKey(address)}\n${source}`).digest("base64url").slice(0, 22);
}
