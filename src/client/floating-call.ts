/** Spec: the floating call button shows only once the page is scrolled more than this many pixels. */
export const floatingCallThreshold = 300;

/** The attribute src/components/floating-call-button.tsx renders and this script keeps up to date. */
export const floatingCallAttribute = "data-floating-call";

/** Shows the home page's floating call button past the threshold; it is rendered hidden (the build knows no scroll position). */
export function startFloatingCall(): void {
  const update = () => {
    const visible = String(window.scrollY > floatingCallThreshold);
    for (const button of document.querySelectorAll(`[${floatingCallAttribute}]`)) {
      if (button.getAttribute("data-visible") !== visible) button.setAttribute("data-visible", visible);
    }
  };
  // No first call: reading scrollY while the page is still being laid out forces that
  // layout inside this script's task (Lighthouse counted it as blocking time on the home
  // page). A page opened scrolled (reload, back) gets a scroll event as the browser restores it.
  window.addEventListener("scroll", update, { passive: true });
  // A client navigation brings a new button (src/client/navigate.ts).
  document.addEventListener("site:navigated", update);
}
