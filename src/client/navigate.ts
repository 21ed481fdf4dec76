import { pageHeadMarker } from "../app/head";
import { matchRoute } from "../routes";
import { drawAllAttribute, visuallyHidden } from "../styles/layout.css";
import { releaseIslands, startIslands } from "./islands";
import { showSkeleton } from "./skeletons";

// Client-side navigation without a framework: a same-origin link click fetches
// the next page's HTML (the build's own file), swaps <head>'s page tags and
// #root, and pushes history. Any failure falls back to a normal page load, so
// the worst case is what a browser does without this script.

/**
 * Paths that are files, functions or the owner's desk (an app of its own, never entered from
 * the public script), not pages: the browser loads them itself.
 */
const notAPage = /^\/(?:api|assets|__dev|owner)(?:\/|$)|\.[a-z0-9]+$/i;

interface Page {
  html: string;
  /** Where the answer came from (after redirects): what the address bar shows. */
  url: string;
}

/** Pages fetched ahead (hover, touch, focus) or in flight; each is used once, so a later visit fetches afresh. */
const ahead = new Map<string, { page: Promise<Page>; ready: boolean }>();
const AHEAD_MAX = 24;
/**
 * The first page when a function answered it (a problem page after a form post, a review link's
 * page): fetching its address again would not give it back, so back and forward come to this copy.
 */
const kept = new Map<string, Page>();

async function fetchPage(url: string, cache: RequestCache = "default"): Promise<Page> {
  const res = await fetch(url, { headers: { accept: "text/html" }, credentials: "same-origin", cache });
  // 404 brings the site's not-found page, which is shown like any page; anything else unusual loads normally.
  if ((!res.ok && res.status !== 404) || !res.headers.get("content-type")?.includes("text/html")) throw new Error(`${res.status}: ${url}`);
  return { html: await res.text(), url: res.url || url };
}

function fetchAhead(url: string) {
  let entry = ahead.get(url);
  if (!entry) {
    const page = fetchPage(url);
    const made = { page, ready: false };
    entry = made;
    page.then(() => (made.ready = true), () => ahead.delete(url));
    ahead.set(url, entry);
    if (ahead.size > AHEAD_MAX) ahead.delete(ahead.keys().next().value ?? "");
  }
  return entry;
}

function takePage(url: string) {
  const copy = kept.get(url);
  if (copy) return { page: Promise.resolve(copy), ready: true };
  const entry = fetchAhead(url);
  ahead.delete(url);
  return entry;
}

/** The page URL a click or hover on `target` leads to, when this script should handle it. */
function pageLink(target: EventTarget | null): URL | null {
  // HTML and SVG links alike (the service-area map's towns are SVG <a>, whose href and target
  // are not strings), from anything inside them; read as attributes, resolved as the browser would.
  const anchor = target instanceof Element ? target.closest("a") : null;
  const href = anchor?.getAttribute("href");
  const opens = anchor?.getAttribute("target");
  if (!anchor || !href || anchor.hasAttribute("download") || (opens && opens !== "_self")) return null;
  let url: URL;
  try {
    url = new URL(href, document.baseURI);
  } catch {
    return null;
  }
  return url.origin === location.origin && !notAPage.test(url.pathname) ? url : null;
}

/** The path and query of the page on screen (the address bar moves first on back and forward). */
let onScreen = "";
const samePage = (url: URL) => url.pathname + url.search === onScreen;

let announcer: HTMLElement | undefined;
let latest = 0;
/**
 * A page is on its way: what is on screen (the page left, or a skeleton) is not the current
 * history entry's page, so its scroll is not that entry's to keep (rememberScroll).
 */
let arriving = false;

/** Swaps this document's page for the fetched one: page head tags, the not-found mark, #root. */
function swap(next: Document): void {
  const between = (head: HTMLHeadElement) => {
    const nodes = [...head.childNodes];
    const isMarker = (n: Node, text: string) => n.nodeType === Node.COMMENT_NODE && n.nodeValue === text;
    const start = nodes.findIndex((n) => isMarker(n, pageHeadMarker));
    const end = nodes.findIndex((n) => isMarker(n, `/${pageHeadMarker}`));
    return start < 0 || end < start ? null : { tags: nodes.slice(start + 1, end), end: nodes[end] };
  };
  const mine = between(document.head);
  const theirs = between(next.head);
  const root = document.getElementById("root");
  const nextRoot = next.getElementById("root");
  if (!mine || !theirs || !root || !nextRoot) throw new Error("page without head markers or #root");
  for (const node of mine.tags) node.remove();
  for (const node of theirs.tags) document.head.insertBefore(document.importNode(node, true), mine.end ?? null);
  document.documentElement.toggleAttribute("data-not-found", next.documentElement.hasAttribute("data-not-found"));
  root.replaceWith(document.importNode(nextRoot, true));
  releaseIslands();
}

/**
 * The script and stylesheets a page loads (hashed names): when a deploy changed them, the next
 * page must load in full to get the new ones (new markup with old class names would look broken).
 */
const pageAssets = (doc: Document) =>
  [doc.querySelector<HTMLScriptElement>("script[type=module][src]")?.src, ...[...doc.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet][href^='/assets/']")].map((l) => l.href)].join(" ");

/** After a swap or a first load: focus the page's heading, say where we are, start its islands. */
function settle(url: URL, scroll: Scroll | undefined): void {
  showNotFoundKind();
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target || scroll?.scrollY) drawAllForOneScroll();
  if (target) target.scrollIntoView();
  else window.scrollTo(0, scroll ? scrollTarget(scroll) : 0);
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
  if (announcer) announcer.textContent = document.title;
  const root = document.getElementById("root");
  if (root) startIslands(root);
  document.dispatchEvent(new CustomEvent("site:navigated"));
}

/**
 * Sections drawn only near the viewport (styles/layout.css.ts: drawnNearViewport) count at a
 * guessed height until drawn, so a scroll back to where a page was left would land elsewhere.
 * For that one scroll they are all drawn; they keep their real heights after (contain-intrinsic-size:
 * auto, recorded in the next frame), and the frame after that those far from view are skipped again.
 */
function drawAllForOneScroll(): void {
  const html = document.documentElement;
  html.setAttribute(drawAllAttribute, "");
  requestAnimationFrame(() => requestAnimationFrame(() => html.removeAttribute(drawAllAttribute)));
}

/**
 * 404.html answers every unknown URL, also on static hosts; under /blog/ the spec
 * wants "Post Not Found". The not-found page holds both texts (src/pages/not-found-page.tsx).
 */
function showNotFoundKind(): void {
  if (!document.documentElement.hasAttribute("data-not-found") || matchRoute(location.pathname).page !== "blog-post-page") return;
  const general = document.querySelector("[data-not-found-for=page]");
  const post = document.querySelector("template[data-not-found-for=post]");
  if (general && post instanceof HTMLTemplateElement) general.replaceChildren(post.content.cloneNode(true));
}

async function go(url: URL, how: "push" | "pop", scroll?: Scroll): Promise<void> {
  const token = ++latest;
  arriving = true;
  const { page, ready } = takePage(url.pathname + url.search);
  const skeleton = matchRoute(url.pathname).skeleton;
  if (skeleton && !ready) showSkeleton(skeleton);
  try {
    const loaded = await page;
    if (token !== latest) return;
    const next = new DOMParser().parseFromString(loaded.html, "text/html");
    if (pageAssets(next) !== pageAssets(document)) return location.assign(url);
    const shown = new URL(loaded.url);
    shown.hash = url.hash;
    if (how === "push") history.pushState({ scrollY: 0 }, "", shown);
    swap(next);
    onScreen = shown.pathname + shown.search;
    arriving = false;
    settle(shown, scroll);
  } catch (err) {
    console.error("Navigation:", err);
    location.assign(url);
  }
}

/**
 * Where a page is scrolled, as its history entry keeps it: the pixels, and the section the top of
 * the screen is in with how far into it. Sections far from view count at a guessed height until
 * drawn (styles/layout.css.ts: drawnNearViewport), and a jump (a link to #services, the map's
 * section) leaves those passed over undrawn: the same pixels, once all are drawn, are other
 * words (about 90 px lower on the home page's map); the section's own offset is the same words.
 */
interface Scroll {
  scrollY: number;
  anchor?: { id: string; offset: number };
}

function scrollNow(): Scroll {
  let anchor: Scroll["anchor"];
  for (const section of document.querySelectorAll<HTMLElement>("#root section[id]")) {
    const top = section.getBoundingClientRect().top;
    if (top > 0) break;
    anchor = { id: section.id, offset: -top };
  }
  return { scrollY: window.scrollY, anchor };
}

/** Where to scroll to for `scroll`, with every section drawn (drawAllForOneScroll). */
function scrollTarget({ scrollY, anchor }: Scroll): number {
  const section = anchor && document.getElementById(anchor.id);
  return anchor && section ? section.getBoundingClientRect().top + window.scrollY + anchor.offset : scrollY;
}

/** The scroll a history entry's state keeps, if it is one this script wrote. */
function scrollIn(state: unknown): Scroll | undefined {
  if (typeof state !== "object" || state === null || !("scrollY" in state) || typeof state.scrollY !== "number") return undefined;
  const anchor: unknown = "anchor" in state ? state.anchor : undefined;
  return {
    scrollY: state.scrollY,
    anchor:
      typeof anchor === "object" && anchor !== null && "id" in anchor && typeof anchor.id === "string" && "offset" in anchor && typeof anchor.offset === "number"
        ? { id: anchor.id, offset: anchor.offset }
        : undefined,
  };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** Each history entry keeps its scroll position, so back and forward return to it. */
function rememberScroll(): void {
  clearTimeout(saveTimer);
  // A skeleton shorter than the page left clamps the scroll: that is no entry's scroll.
  if (arriving) return;
  saveTimer = setTimeout(() => arriving || history.replaceState({ ...history.state, ...scrollNow() }, ""), 100);
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = pageLink(event.target);
  if (!url) return;
  // In-page jumps (the skip link, "#services" on the same page) keep the browser's own scroll and focus.
  if (url.hash && samePage(url)) return;
  event.preventDefault();
  clearTimeout(saveTimer);
  history.replaceState({ ...history.state, ...scrollNow() }, "");
  void go(url, "push");
}

function onPopState(event: PopStateEvent): void {
  // The address has moved on: a scroll still waiting to be noted belongs to the entry left,
  // and would be written into this one (which keeps what it had).
  clearTimeout(saveTimer);
  const state: unknown = event.state;
  const scroll = scrollIn(state);
  const url = new URL(location.href);
  // The page on screen is already this one (an in-page jump back or forward): only its scroll changes.
  if (samePage(url)) {
    if (scroll) window.scrollTo(0, scrollTarget(scroll));
    return;
  }
  void go(url, "pop", scroll);
}

function onHint(event: Event): void {
  const url = pageLink(event.target);
  if (url && !samePage(url)) fetchAhead(url.pathname + url.search);
}

/** Starts client navigation on this page; called once by src/client/site.ts. */
export function startNavigation(): void {
  // A page served at a function's address: a refused form post is answered with its form's page,
  // whose own address it names (src/app/document.ts); any other is kept for back and forward.
  const address = document.documentElement.dataset.address;
  if (address) history.replaceState(history.state, "", address);
  onScreen = location.pathname + location.search;
  if (notAPage.test(location.pathname)) kept.set(onScreen, { html: document.documentElement.outerHTML, url: location.href });
  history.scrollRestoration = "manual";
  announcer = document.createElement("p");
  announcer.className = visuallyHidden;
  announcer.setAttribute("aria-live", "assertive");
  announcer.setAttribute("aria-atomic", "true");
  document.body.append(announcer);
  document.addEventListener("click", onClick);
  window.addEventListener("popstate", onPopState);
  window.addEventListener("scroll", rememberScroll, { passive: true });
  document.addEventListener("pointerover", onHint, { passive: true });
  document.addEventListener("touchstart", onHint, { passive: true });
  document.addEventListener("focusin", onHint);
  // The page on screen again, fetched afresh, where it is scrolled: `npm run dev` asks for it after a
  // rebuild (scripts/dev-client/), faster than a reload since the script and styles stay.
  document.addEventListener("site:refresh", () => {
    const here = location.pathname + location.search;
    // "ready": no skeleton; the page on screen stays until the new one is in.
    ahead.set(here, { page: fetchPage(here, "no-cache"), ready: true });
    void go(new URL(location.href), "pop", scrollNow());
  });
  showNotFoundKind();
  // Islands start after the first paint (a frame, then a task): one that wakes at once
  // (focus or a scroll already in it) never competes with the stylesheet for that paint.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const root = document.getElementById("root");
      if (root) startIslands(root);
    }),
  );
  document.documentElement.setAttribute("data-nav", "");
}
