import { drawnAttribute, drawnNearViewport } from "../styles/layout.css";

/**
 * Marks each `drawnNearViewport` section (src/styles/layout.css.ts) once the browser first draws
 * it, as it comes near the viewport; marked, it stays drawn without content-visibility's paint
 * containment, so the visitor sees its text where the page draws it without the style. The
 * first layout is still spared the sections out of reach.
 */
export function startDrawnSections(): void {
  const keep = (section: Element) => section.setAttribute(drawnAttribute, "");
  // Fired at a section when the browser starts or stops drawing it; it does not bubble, so it is captured.
  document.addEventListener(
    "contentvisibilityautostatechange",
    (event) => {
      if ("skipped" in event && event.skipped === false && event.target instanceof Element) keep(event.target);
    },
    { capture: true },
  );
  // Those drawn before this script listened: a section skips its contents, not itself, so its first
  // child tells. In a frame, so the check forces no style work of its own (a browser without
  // checkVisibility has no content-visibility either: nothing to mark).
  requestAnimationFrame(() => {
    for (const section of document.getElementsByClassName(drawnNearViewport)) if (section.firstElementChild?.checkVisibility?.({ contentVisibilityAuto: true })) keep(section);
  });
}
