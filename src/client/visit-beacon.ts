// Counting visits without cookies (issue 30): after a page has loaded, and after each
// client navigation, the site script tells POST /api/event which page is on screen; a tap
// on any phone link says which page and which button. Nothing is sent under Global Privacy
// Control or Do Not Track, nor from the owner's own browser (the desk leaves a mark in
// localStorage, NOT_COUNTED_KEY). Where this tab's visit started (its first page and the
// site it came from) is kept in sessionStorage, which the browser empties with the tab, and
// goes with each report and with the contact and review forms. Failures are ignored: a
// report never delays or breaks a page.
import { CALL_BUTTON, NOT_COUNTED_KEY, visitOriginFields, type VisitEvent, type VisitOrigin } from "../content/visit-event";
import { apiPath } from "../routes";

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

/** The visit as this page knows it, for a browser that refuses sessionStorage: it lasts while client navigation keeps the page. */
let remembered: StartedVisit | undefined;

function readVisit(): StartedVisit | undefined {
  if (remembered) return remembered;
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
    // Storage refused (a private window's quota, a setting): each page loaded anew starts a visit of its own.
    remembered = visit;
  }
  return { visit, isNew: true };
}

/**
 * Writes where the visit started into a form's hidden fields as it is sent (the capture
 * phase: before the island's handler reads them through src/components/form-extras.ts, and
 * before the browser posts a form the plain way). Not earlier: hydration would reset them.
 */
function fillOriginFields(event: SubmitEvent): void {
  const visit = readVisit();
  if (!visit || !(event.target instanceof HTMLFormElement)) return;
  const origin: VisitOrigin = { landingPage: visit.landing, referrer: visit.referrer };
  for (const name of visitOriginFields) {
    const input = event.target.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
    if (input) input.value = origin[name] ?? "";
  }
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

/** The page on screen, seen: the first view of a visit carries no `landing` (it is the landing). */
function sendView(visit: StartedVisit, isNew: boolean): void {
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
  const first = currentVisit();
  // After the page has loaded, off its critical path; a page prerendered ahead of time counts when it is shown.
  const firstView = () => setTimeout(() => sendView(first.visit, first.isNew));
  const whenLoaded = () => {
    if (document.readyState === "complete") firstView();
    else window.addEventListener("load", firstView, { once: true });
  };
  if ("prerendering" in document && document.prerendering === true) document.addEventListener("prerenderingchange", whenLoaded, { once: true });
  else whenLoaded();
  // A client navigation shows another page (src/client/navigate.ts); its fetch ahead of time on hover is not a view.
  document.addEventListener("site:navigated", () => {
    const { visit, isNew } = currentVisit();
    sendView(visit, isNew);
  });
  document.addEventListener("click", onClick, { capture: true });
  document.addEventListener("submit", fillOriginFields, { capture: true });
}
