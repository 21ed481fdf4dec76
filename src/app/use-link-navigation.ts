import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";

/** Paths that are files or functions, not pages: the browser loads them itself. */
const notAPage = /^\/(?:api|_data|assets)\/|\.[a-z0-9]+$/i;

/**
 * One click handler for the whole page: a plain same-origin <a href="/..."> then
 * navigates through the router (no reload), like react-router's <Link>. Plain
 * anchors render much faster than <Link> at build time (the header and footer
 * hold about 40 links on every page) and links inside post bodies work too.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target;
      const anchor = target instanceof Element ? target.closest("a") : null;
      if (!anchor || !anchor.href || anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || notAPage.test(url.pathname)) return;
      // In-page jumps (the skip link, "#services" on the same page) keep the browser's own scroll and focus.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}
