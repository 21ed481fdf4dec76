import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { visuallyHidden } from "../styles/layout.css";
import { pausableTimer, type PausableTimer } from "./pausable-timer";
import * as css from "./toast.css";
import { useSwipeDismiss } from "./use-swipe-dismiss";

/**
 * Toasts for the contact page (imported only from its island). One is visible at
 * a time: a new toast replaces the current one. It stays 5 s (paused while the
 * pointer is over it or focus is inside it), a swipe to the right past 50 px or
 * Escape dismisses it, and F8 moves focus to it. Our own few lines rather than a
 * library: this is all the page needs, and the page's script has a size budget
 * (scripts/build-engine/budgets.ts).
 */
export interface ToastMessage {
  title: string;
  description: string;
  variant?: "default" | "destructive";
  /** A link under the text (the failure toast's call button); screen readers hear its label too. */
  action?: { label: string; href: string };
}

interface ShownToast extends ToastMessage {
  /** A new id remounts the toast, so its timer starts again for the new message. */
  id: number;
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** The spec's 5000 ms on screen (its 50 px swipe is in use-swipe-dismiss.ts). */
const DURATION_MS = 5000;
/** The announcement is removed after this, so reading the page later does not find the text twice. */
const ANNOUNCE_MS = 1000;
const HOTKEY = "F8";

/** What a screen reader is told: every part of the toast as a sentence. */
const spoken = (toast: ToastMessage) =>
  [toast.title, toast.description, toast.action?.label]
    .filter(Boolean)
    .map((part) => (/[.!?]$/.test(part ?? "") ? part : `${part}.`))
    .join(" ");

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [hydrated, setHydrated] = useState(false);
  // The id of the toast the live region is reading out; 0 when it is silent.
  const [announced, setAnnounced] = useState(0);
  const [focusInside, setFocusInside] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  // Where focus was before it came into the toasts (F8, Tab, a click): it goes back there when the toast closes.
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => setHydrated(true), []);
  const remove = useCallback((id: number) => setCurrent((shown) => (shown?.id === id ? null : shown)), []);

  /** Takes focus out of the toasts before one disappears, so it is not lost to the page's start. */
  const leave = useCallback(() => {
    const box = region.current;
    if (!box || !box.contains(document.activeElement)) return;
    const back = returnTo.current;
    if (back && back.isConnected && !box.contains(back)) back.focus();
    else box.focus();
  }, []);

  const show = useCallback<ShowToast>(
    (message) => {
      // The toast being replaced goes at once, so focus inside it leaves first.
      leave();
      setCurrent((previous) => ({ ...message, id: (previous?.id ?? 0) + 1 }));
    },
    [leave],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      const box = region.current;
      (box?.querySelector("li") ?? box)?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // A live region only speaks about text that changes inside it: it is emptied first, filled on the next frame.
  const id = current?.id ?? 0;
  useEffect(() => {
    if (!id) return;
    const frame = requestAnimationFrame(() => setAnnounced(id));
    const silence = setTimeout(() => setAnnounced(0), ANNOUNCE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(silence);
    };
  }, [id]);
  const speech = current && announced === current.id ? spoken(current) : "";
  const failure = current?.variant === "destructive";

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* After hydration only: without script there are no toasts, and F8 would do nothing. */}
      {hydrated ? (
        <>
          <div
            ref={region}
            role="region"
            aria-label={`Notifications (${HOTKEY})`}
            tabIndex={-1}
            className={css.viewport}
            onFocus={(event) => {
              if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
              returnTo.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
              setFocusInside(true);
            }}
            onBlur={(event) => {
              if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusInside(false);
            }}
          >
            <ol className={css.list}>
              {current ? (
                <Toast
                  key={current.id}
                  toast={current}
                  focusInside={focusInside}
                  leave={leave}
                  onGone={remove}
                />
              ) : null}
            </ol>
          </div>
          {/* A failure is announced at once (alert, assertive); a success politely (status). */}
          <div role="status" className={visuallyHidden}>
            {failure ? "" : speech}
          </div>
          <div role="alert" className={visuallyHidden}>
            {failure ? speech : ""}
          </div>
        </>
      ) : null}
    </ToastContext.Provider>
  );
}

interface ToastProps {
  toast: ShownToast;
  focusInside: boolean;
  leave: () => void;
  /** Called with the toast's id once its closing animation has ended. */
  onGone: (id: number) => void;
}

function Toast({ toast, focusInside, leave, onGone }: ToastProps) {
  const [open, setOpen] = useState(true);
  const [hovered, setHovered] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const timer = useRef<PausableTimer | null>(null);

  const close = useCallback(() => {
    leave();
    setOpen(false);
  }, [leave]);

  // The timer never ends with focus inside (focus pauses it), so it can close without moving focus.
  useEffect(() => {
    const own = pausableTimer(DURATION_MS, () => setOpen(false));
    timer.current = own;
    return own.pause;
  }, []);
  const paused = hovered || focusInside || !open;
  useEffect(() => {
    if (paused) timer.current?.pause();
    else timer.current?.resume();
  }, [paused]);

  // Removed once its closing animation (a fade, or the slide out after a swipe) has run.
  useEffect(() => {
    const element = item.current;
    if (open || !element) return;
    void Promise.allSettled(element.getAnimations().map((animation) => animation.finished)).then(() => onGone(toast.id));
  }, [open, onGone, toast.id]);

  const swipe = useSwipeDismiss(item, close);
  const variant = toast.variant ?? "default";

  return (
    <li
      ref={item}
      tabIndex={0}
      data-state={open ? "open" : "closed"}
      className={css.toast[variant]}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
      // Move, not enter: a toast that appears under a resting pointer still counts down.
      onPointerMove={(event) => {
        setHovered(true);
        swipe.onPointerMove(event);
      }}
      onPointerLeave={() => setHovered(false)}
      onPointerDown={swipe.onPointerDown}
      onPointerUp={swipe.onPointerUp}
      onPointerCancel={swipe.onPointerCancel}
      onClickCapture={swipe.onClickCapture}
    >
      <div className={css.title}>{toast.title}</div>
      <div className={css.description}>{toast.description}</div>
      {toast.action ? (
        // Not draggable: a drag starting on the link must still swipe the toast away.
        <a className={css.action} href={toast.action.href} draggable={false} onClick={close}>
          {toast.action.label}
        </a>
      ) : null}
      <button type="button" className={css.close} aria-label="Close notification" onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** Shows a toast; must be used inside <ToastProvider>. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}
