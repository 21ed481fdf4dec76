import type { Root } from "react-dom/client";
import { SHOWN_AT_FIELD } from "../content/anti-spam-fields";

// The browser's half of src/app/island.tsx: finds the islands a page holds and
// hydrates each with its module from src/islands/ once the visitor comes to it.
// Pages without islands never load React (the import()s below are separate chunks,
// fetched only when an island wakes).
//
// Why wait for the visitor: an island's HTML already works (its form posts without
// JavaScript), and React DOM costs a phone 100 ms and more of main thread to compile
// and hydrate. Spent while the page loads, that holds up the visitor's first taps and
// is what Lighthouse's Total Blocking Time counted on /contact. So an island hydrates
// when the visitor points at, touches or focuses into it, or, once they have scrolled,
// when it comes within a screen of the viewport (Astro's client:visible with a
// rootMargin). Until the first scroll the viewport is not watched: a form a screen or
// less below the top (on /contact it starts 1,030 px down on a 412 x 823 phone) would
// otherwise hydrate during the load on some screens and not on others.
// What the visitor does before React takes over counts as done after (issue 27,
// tests/first-second.test.ts): React leaves a field's value and a box's check alone when it
// hydrates, and react-hook-form keeps a field edited before it was ready; the form shows
// them as it would have (the phone number formatted, src/components/contact-form.tsx). A
// form sent before is not sent the no-JavaScript way: the submit is held here, the island
// woken, and the form submitted again once React owns it, so the island sends it (its
// checks, "Sending...", its answer) exactly once. Holding it costs a listener; having the
// island ready before a tap can come would mean loading React with every form page, which
// is what this file avoids (figures in docs/performance.md).

const roots = new Map<Element, Root>();

/** Islands on the page not yet woken: when each was shown, and how to stop waiting for it. */
const waiting = new Map<HTMLElement, { shownAt: number; stop: () => void }>();

/** Forms sent before their island was React's, by island: the form and the button that sent it. */
const heldSubmits = new Map<HTMLElement, { form: HTMLFormElement; submitter: HTMLElement | null }>();

/** Islands whose code could not be had (a dropped connection): they stay as the build made them, their forms post the plain way. */
const plain = new WeakSet<HTMLElement>();

/** What the visitor does to an island that wakes it: a mouse on its way, a touch, keyboard or tap focus, autofill. */
const wakeEvents = ["pointerover", "pointerdown", "focusin", "input"] as const;

let scrolled = false;
let viewport: IntersectionObserver | undefined;

function watchViewport(): IntersectionObserver {
  viewport ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting && entry.target instanceof HTMLElement) wake(entry.target);
    },
    { rootMargin: "100% 0px" },
  );
  return viewport;
}

function onFirstScroll(): void {
  scrolled = true;
  for (const element of waiting.keys()) watchViewport().observe(element);
}

const isComponent = (value: unknown): value is React.ComponentType<object> => typeof value === "function";

async function hydrateOne(element: HTMLElement, shownAt: number): Promise<void> {
  const name = element.dataset.island ?? "";
  // First, so Zod is set up for the CSP before any island's schema exists (zod-jitless.ts).
  const { hydrateIsland } = await import("./hydrate");
  // esbuild makes one chunk per file of src/islands/; an unknown name rejects.
  const mod: unknown = await import(`../islands/${name}.tsx`);
  const component = typeof mod === "object" && mod !== null && "Component" in mod ? mod.Component : undefined;
  if (!isComponent(component)) throw new Error(`src/islands/${name}.tsx exports no Component`);
  const props: unknown = JSON.parse(element.dataset.props ?? "{}");
  if (typeof props !== "object" || props === null) throw new Error(`island ${name}: props are not an object`);
  if (!element.isConnected || roots.has(element)) return;
  const onHydrated = () => {
    element.setAttribute("data-hydrated", "");
    // In a task of its own: React's event handlers are in place once its effects have run.
    setTimeout(() => sendHeld(element, (form, submitter) => form.requestSubmit(submitter)));
  };
  roots.set(element, hydrateIsland(element, component, props, { id: element.dataset.islandId ?? name, shownAt, onHydrated }));
}

/** Sends the form held for `element`, if any, the way `send` does. */
function sendHeld(element: HTMLElement, send: (form: HTMLFormElement, submitter: HTMLElement | null) => void): void {
  const held = heldSubmits.get(element);
  heldSubmits.delete(element);
  if (held?.form.isConnected) send(held.form, held.submitter?.isConnected ? held.submitter : null);
}

/**
 * Hydrates a waiting island now. One that fails stays as the build rendered it, and a
 * form held for it, or sent later, is sent as the build made it (a plain post: not lost).
 */
function wake(element: HTMLElement): void {
  const entry = waiting.get(element);
  if (!entry) return;
  waiting.delete(element);
  entry.stop();
  hydrateOne(element, entry.shownAt).catch((err: unknown) => {
    console.error("Island:", err);
    plain.add(element);
    sendHeld(element, (form) => form.submit());
  });
}

/**
 * Holds a form sent inside an island React does not own yet (see the top of this file) and
 * wakes the island. Called once, by src/client/site.ts, as soon as the script runs: no tap
 * may slip through. Listening on the document, this hears a submit after React (which
 * listens on the island's element) has had it.
 */
export function holdEarlySubmits(): void {
  document.addEventListener("submit", (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    const element = form?.closest<HTMLElement>("[data-island]");
    if (!form || !element || plain.has(element)) return;
    // React took this one (it owns the island, or hydrated that part at once to take it):
    // its handler sends the form, so one held before is not sent a second time.
    if (event.defaultPrevented || element.hasAttribute("data-hydrated")) {
      heldSubmits.delete(element);
      return;
    }
    event.preventDefault();
    heldSubmits.set(element, { form, submitter: event.submitter });
    wake(element);
  });
}

/**
 * Starts the islands under `scope` (a page just shown: the first load, or a client
 * navigation): each hydrates when the visitor comes to it (see the top of this file).
 */
export function startIslands(scope: ParentNode): void {
  for (const element of scope.querySelectorAll<HTMLElement>("[data-island]")) {
    if (roots.has(element) || waiting.has(element)) continue;
    const onVisit = () => wake(element);
    for (const type of wakeEvents) element.addEventListener(type, onVisit, { passive: true });
    const stop = () => {
      for (const type of wakeEvents) element.removeEventListener(type, onVisit);
      viewport?.unobserve(element);
    };
    const shownAt = Date.now();
    waiting.set(element, { shownAt, stop });
    // The anti-spam "shown at" time, in the form from now on: a form sent before the island
    // wakes carries it too (the island sets the same value, src/app/island-root.tsx).
    for (const input of element.querySelectorAll<HTMLInputElement>(`input[name="${SHOWN_AT_FIELD}"]`)) input.value ||= String(shownAt);
    if (scrolled) watchViewport().observe(element);
    // Focus already inside: the no-JavaScript answer's problem list takes it (autofocus), or a
    // quick Tab; or a form already sent (before this ran, after the first paint).
    if (element.contains(document.activeElement) || heldSubmits.has(element)) wake(element);
  }
  if (scrolled) return;
  // A page opened at an anchor or with its scroll restored counts as scrolled.
  if (window.scrollY > 0) onFirstScroll();
  else window.addEventListener("scroll", onFirstScroll, { passive: true, once: true });
}

/** Forgets the islands no longer in the document (the page was swapped by a client navigation): unmounts them or stops waiting. */
export function releaseIslands(): void {
  for (const element of heldSubmits.keys()) if (!element.isConnected) heldSubmits.delete(element);
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    root.unmount();
    roots.delete(element);
  }
  for (const [element, entry] of waiting) {
    if (element.isConnected) continue;
    entry.stop();
    waiting.delete(element);
  }
}
