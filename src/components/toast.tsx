import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import * as css from "./toast.css";

/**
 * Toasts for the contact page (imported only from its module tree, so Radix
 * stays out of the shared entry chunk). One is visible at a time: a new toast
 * replaces the current one. Radix gives the 5 s timer (paused on hover and
 * focus), swipe right to dismiss and the F8 hotkey that focuses the viewport.
 */
export interface ToastMessage {
  title: string;
  description: string;
  variant?: "default" | "destructive";
  /** A link under the text (the failure toast's call button); also what a screen reader is told to use. */
  action?: { label: string; href: string };
}

interface ShownToast extends ToastMessage {
  /** A new id remounts the Radix root, so its timer starts again for the new message. */
  id: number;
  open: boolean;
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** The spec's toast timings: 5000 ms on screen, dismissed by a 50 px swipe to the right. */
const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const show = useCallback<ShowToast>((message) => {
    setCurrent((previous) => ({ ...message, id: (previous?.id ?? 0) + 1, open: true }));
  }, []);
  const variant = current?.variant ?? "default";

  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider duration={DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX} label="Notification">
        {children}
        {current ? (
          <RadixToast.Root
            key={current.id}
            className={css.toast[variant]}
            open={current.open}
            // A failure is announced at once (assertive); a success politely.
            type={variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(open) => setCurrent((shown) => (shown && shown.id === current.id ? { ...shown, open } : shown))}
          >
            <RadixToast.Title className={css.title}>{current.title}</RadixToast.Title>
            <RadixToast.Description className={css.description}>{current.description}</RadixToast.Description>
            {current.action ? (
              <RadixToast.Action asChild altText={current.action.label}>
                {/* Not draggable: a drag starting on the link must still swipe the toast away. */}
                <a className={css.action} href={current.action.href} draggable={false}>
                  {current.action.label}
                </a>
              </RadixToast.Action>
            ) : null}
            <RadixToast.Close className={css.close} aria-label="Close notification">
              <span aria-hidden="true">×</span>
            </RadixToast.Close>
          </RadixToast.Root>
        ) : null}
        {/* After hydration only: Radix gives the empty viewport a style attribute, which the CSP
            (functions/http/security-headers.ts) refuses in server HTML; React sets it through the DOM. */}
        {hydrated ? <RadixToast.Viewport className={css.viewport} /> : null}
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a toast; must be used inside <ToastProvider>. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}
