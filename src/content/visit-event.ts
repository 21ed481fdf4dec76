// What the site script reports about visits (POST /api/event, shared/CONTRACT.md), and
// where a visit started, which the contact and review forms send along. Browser-safe and
// free of zod: the site script every page loads imports it. The rules that check them
// are in visit-event-schema.ts.

/** A page seen, or a tap on a link that dials the business. */
export const visitEventKinds = ["view", "call"] as const;
export type VisitEventKind = (typeof visitEventKinds)[number];

export const visitLimits = {
  /** The whole beacon, as sent. */
  bodyBytes: 1024,
  path: 200,
  referrer: 500,
  button: 32,
} as const;

/** Which call link was tapped: a short name (`data-call` on the link, or the part of the page it is in). */
export const CALL_BUTTON = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * One beacon. `referrer`: the address the visit came from (document.referrer when it
 * started); `landing`: the page it started on, absent on that first view itself (so a
 * view without it starts a visit); `button`: which call link (calls only).
 */
export interface VisitEvent {
  kind: VisitEventKind;
  path: string;
  referrer?: string;
  landing?: string;
  button?: string;
}

/** Hidden fields of the contact and review forms: the page the visit started on and where it came from. */
export const visitOriginFields = ["landingPage", "referrer"] as const;
export type VisitOrigin = Partial<Record<(typeof visitOriginFields)[number], string>>;

/**
 * Set by the owner's desk in the owner's browser (src/desk/client/desk.ts): "this browser is
 * not counted". A fixed word, the same for everyone, in localStorage (read by the site
 * script, src/client/visit-beacon.ts, and never sent anywhere): not a cookie.
 */
export const NOT_COUNTED_KEY = "site:not-counted";
