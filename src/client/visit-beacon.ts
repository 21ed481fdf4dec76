// Counting visits without cookies (issue 30): after a page has loaded, and after each
// client navigation, the site script tells POST /api/event which page is on screen; a tap
// on any phone link says which page and which button. Nothing is sent under Global Privacy
// Control or Do Not Track, nor from the owner's own browser (the desk leaves a mark in
// localStorage, NOT_COUNTED_KEY). Where this tab's visit started (its first page and the
// site it came from) is kept in sessionStorage, which the browser empties with the tab, and
// goes with each report and with the contact and review forms. Failures are ignored: a
// report never delays or breaks a page.
import { CALL_BUTTON, type VisitEvent, type VisitOrigin } from "../content/visit-event";
import { apiPath } from "../routes";

/**
 * Set by the owner's desk in the owner's browser: "this browser is not counted". A fixed
 * word, the same for everyone, in localStorage (read here, never sent anywhere): not a cookie.
 */
export const NOT_COUNTED_KEY = "site:not-counted";

/** This tab's visit: sessionStorage, so it ends when the tab is closed. */
const VISIT_KEY = "site:visit";

interface StartedVisit {
  landing: string;
  /** The origin of the page the visit came from ("https://www.google.com"), or "". */
  referrer: string;
}

function refusesCounting(): boolean {
  // Global Privacy Control is not in TypeScript's DOM types yet.
  if (("globalPrivacyControl" in navigator && navigator.globalPrivacyControl === true) || navigator.doNotTrack === "1") return true;
  try {
    return localStorage.getItem(NOT_COUNTED_KEY) !== null;
  } catch {
    return false;
  }
}

/** The origin only: the address of the page a visitor came from is none of our business. */
function referrerOrigin(): string {
  try {
    return document.referrer ? new URL(document.referrer).origin : "";
  } catch {
    return "";
  }
}

function readVisit(): StartedVisit | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? "null");
    if (typeof stored !== "object" || stored === null || !("landing" in stored) || !("referrer" in stored)) return undefined;
    const { landing, referrer } = stored;
    return typeof landing === "string" && typeof referrer === "string" ? { landing, referrer } : undefined;
  } catch {
    return undefined;
  }
}

/** The visit this tab is on; on its first page, a new one (`isNew`). */
function currentVisit(): { visit: StartedVisit; isNew: boolean } {
  const known = readVisit();
  if (known) return { visit: known, isNew: false };
  const visit = { landing: location.pathname, referrer: referrerOrigin() };
  try {
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (a private window's quota, a setting): every page then counts as a visit of its own.
  }
  return { visit, isNew: true };
}

/** Where this tab's visit started, for the forms' hidden fields. */
export function visitOrigin(): VisitOrigin {
  const visit = readVisit();
  return visit ? { landingPage: visit.landing, ...(visit.referrer ? { referrer: visit.referrer } : {}) } : {};
}

function send(event: VisitEvent): void {
  const body = JSON.stringify(event);
  try {
    // A string goes as text/plain: no preflight, and the browser sends it even as the page closes.
    if (navigator.sendBeacon(apiPath.event, body)) return;
  } catch {
    // No sendBeacon (or it refused): fetch below.
  }
  fetch(apiPath.event, { method: "POST", body, keepalive: true, credentials: "omit", headers: { "content-type": "text/plain" } }).catch(() => undefined);
}

function sendView(): void {
  const { visit, isNew } = currentVisit();
  send({ kind: "view", path: location.pathname, referrer: visit.referrer, ...(isNew ? {} : { landing: visit.landing }) });
}

/**
 * Which call link: its `data-call` (src/components/cta-links.tsx and others), else the
 * floating button, or the part of the page it is in.
 */
function callButton(link: Element): string {
  const named = link.getAttribute("data-call");
  if (named && CALL_BUTTON.test(named)) return named;
  if (link.hasAttribute("data-floating-call")) return "floating";
  if (link.closest("main")) return "page";
  if (link.closest("header")) return "header";
  if (link.closest("footer")) return "footer";
  return "page";
}

function onClick(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[href^="tel:"]') : null;
  if (!link) return;
  const { visit } = currentVisit();
  send({ kind: "call", path: location.pathname, button: callButton(link), referrer: visit.referrer, landing: visit.landing });
}

/** Starts counting on this page; called once by src/client/site.ts. */
export function startVisitCounting(): void {
  if (refusesCounting()) return;
  // After the page has loaded, off its critical path; a page prerendered ahead of time counts when it is shown.
  const whenLoaded = () => {
    if (document.readyState === "complete") setTimeout(sendView);
    else window.addEventListener("load", () => setTimeout(sendView), { once: true });
  };
  if ("prerendering" in document && document.prerendering === true) document.addEventListener("prerenderingchange", whenLoaded, { once: true });
  else whenLoaded();
  // A client navigation shows another page (src/client/navigate.ts); its fetch ahead of time on hover is not a view.
  document.addEventListener("site:navigated", sendView);
  document.addEventListener("click", onClick, { capture: true });
}
