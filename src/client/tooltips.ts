/**
 * Opens the tooltips of icon-only controls (src/components/tooltip.tsx) with
 * the spec's timings (section 9): 700 ms after the pointer rests on a control;
 * at once if another tooltip closed less than 300 ms ago (moving along a row
 * of icons); at once on keyboard focus. Escape closes it (WCAG 1.4.13), and it
 * stays closed until the pointer leaves the control or focus moves.
 *
 * A script rather than CSS alone: the CSS-only delay (a transitioned custom
 * property) sometimes opened at once in Chromium. The CSS shows a tip from the
 * trigger's `data-tooltip-open` attribute set here (tooltip.css.ts).
 *
 * Listeners sit on the document, so tooltips keep working after client-side
 * navigation swaps the page's body; no React, so any page's script can start it.
 */
export const OPEN_DELAY_MS = 700;
export const SKIP_DELAY_MS = 300;

/** Set on the trigger while its tooltip shows; read by tooltip.css.ts. */
export const OPEN_ATTRIBUTE = "data-tooltip-open";
/** Set on <html> once started: the CSS-only fallback (no script) stands down, and a second start does nothing. */
export const STARTED_ATTRIBUTE = "data-tooltips";

/** The control (link or button) that holds a tooltip, from anything inside it. */
function triggerOf(node: EventTarget | null): Element | null {
  const control = node instanceof Element ? node.closest("a, button") : null;
  return control?.querySelector(":scope > [data-tooltip]") ? control : null;
}

export function startTooltips(): void {
  const root = document.documentElement;
  if (root.hasAttribute(STARTED_ATTRIBUTE)) return;
  root.setAttribute(STARTED_ATTRIBUTE, "");

  let open: Element | null = null;
  /** The control waiting out the open delay. */
  let pending: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closedAt = -Infinity;
  /** Closed with Escape: not reopened by the pointer still resting on it. */
  let dismissed: Element | null = null;

  const show = (trigger: Element) => {
    if (open !== trigger) hide();
    // The page may have been swapped while the timer ran.
    if (!trigger.isConnected) return;
    trigger.setAttribute(OPEN_ATTRIBUTE, "");
    open = trigger;
  };
  const hide = () => {
    clearTimeout(timer);
    pending = null;
    if (!open) return;
    open.removeAttribute(OPEN_ATTRIBUTE);
    open = null;
    closedAt = performance.now();
  };

  // One short name for five listeners: keeps the script under 1 KB minified.
  const on = <K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void) => document.addEventListener(type, listener);
  on("pointerover", (event) => {
    const trigger = triggerOf(event.target);
    // Touch has no hover: a tap follows the link (Radix ignores touch too).
    if (!trigger || event.pointerType === "touch" || trigger === open || trigger === pending || trigger === dismissed) return;
    const warm = open?.isConnected || performance.now() - closedAt < SKIP_DELAY_MS;
    hide();
    if (warm) return show(trigger);
    pending = trigger;
    timer = setTimeout(show, OPEN_DELAY_MS, trigger);
  });
  on("pointerout", (event) => {
    const trigger = triggerOf(event.target);
    if (!trigger || (event.relatedTarget instanceof Node && trigger.contains(event.relatedTarget))) return;
    if (dismissed === trigger) dismissed = null;
    if (open === trigger || pending === trigger) hide();
  });
  on("focusin", (event) => {
    const trigger = triggerOf(event.target);
    // A click focuses a link too; only keyboard focus (:focus-visible) opens, as with CSS before.
    if (trigger?.matches(":focus-visible")) show(trigger);
  });
  on("focusout", (event) => {
    const trigger = triggerOf(event.target);
    if (dismissed === trigger) dismissed = null;
    if (trigger && open === trigger) hide();
  });
  on("keydown", (event) => {
    if (event.key !== "Escape" || !(open || pending)) return;
    dismissed = open ?? pending;
    hide();
  });
}
