// Where the visit that sent a contact message or a review started (shared/CONTRACT.md
// "Visits and leads"): the forms' hidden fields landingPage and referrer, which the site
// script fills (src/client/visit-beacon.ts, read by src/components/form-extras.ts).
// functions/contact/form-post.ts stores the result with the post.
import * as z from "zod/mini";
import { visitOriginSchema } from "../../src/content/visit-event-schema";
import type { LeadSource } from "../store/records";
import { sourceOf } from "./classify";

/**
 * The page the visit started on, and the referring site's domain only ("google.com",
 * "direct": as the visit counts keep it), from a post's body. A value that breaks the
 * rules is dropped, never refused: the visitor cannot see or fix these fields. `ownHost`:
 * the host the post came to, so a visit that came from this site itself is "direct".
 */
export function leadSourceOf(body: unknown, ownHost: string): LeadSource {
  const parsed = z.safeParse(visitOriginSchema, body);
  if (!parsed.success) return {};
  const { landingPage, referrer } = parsed.data;
  // Nothing known (a plain API client, a browser that keeps nothing): nothing stored.
  if (!landingPage && !referrer) return {};
  return { ...(landingPage ? { landingPage } : {}), referrer: sourceOf(referrer, new Set([ownHost])) };
}
