import { useRef, type MouseEvent, type PointerEvent, type RefObject } from "react";
import { swipeXProperty } from "./toast.css";

/** The spec's swipe threshold: released past 50 px to the right, the toast goes. */
const SWIPE_THRESHOLD_PX = 50;
/** How far the pointer moves before it counts as a swipe: a finger shakes more than a mouse. */
const SWIPE_START_PX = { touch: 10, other: 2 };

/**
 * Swipe right to dismiss, with touch or mouse: the toast follows the pointer,
 * and on release past the threshold slides out, otherwise springs back (the
 * data-swipe styles in toast.css.ts). The click that ends a drag is swallowed,
 * so a drag that starts on the call link does not dial.
 */
export function useSwipeDismiss(item: RefObject<HTMLLIElement | null>, dismiss: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef<number | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if (event.button === 0) start.current = { x: event.clientX, y: event.clientY };
  };

  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const element = item.current;
    if (!start.current || !element) return;
    const x = event.clientX - start.current.x;
    const y = event.clientY - start.current.y;
    if (dragged.current === null) {
      const buffer = event.pointerType === "touch" ? SWIPE_START_PX.touch : SWIPE_START_PX.other;
      if (x > buffer && x > Math.abs(y)) {
        element.setPointerCapture(event.pointerId);
      } else {
        // Up, down or to the left: not a swipe, and no later move makes it one.
        if (Math.abs(x) > buffer || Math.abs(y) > buffer) start.current = null;
        return;
      }
    }
    dragged.current = Math.max(0, x);
    element.dataset.swipe = "move";
    element.style.setProperty(swipeXProperty, `${dragged.current}px`);
  };

  /** `released`: the pointer was lifted; otherwise the browser took it over (pointercancel) and the toast stays. */
  const finish = (released: boolean) => {
    const element = item.current;
    const distance = dragged.current;
    start.current = null;
    dragged.current = null;
    if (distance === null || !element) return;
    // Chromium sends the click that ends a drag to the toast (the pointer is captured), but a browser that sent it
    // to the link would dial. It comes in the same task as the pointerup, if at all; a later one (Enter on the link) is the visitor's.
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false));
    if (released && distance > SWIPE_THRESHOLD_PX) {
      element.dataset.swipe = "end";
      dismiss();
    } else {
      element.dataset.swipe = "cancel";
      element.style.removeProperty(swipeXProperty);
    }
  };

  const onClickCapture = (event: MouseEvent) => {
    if (!swallowClick.current) return;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: () => finish(true),
    onPointerCancel: () => finish(false),
    onClickCapture,
  };
}

