import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/**
 * Bottom right on wide screens, full width at the bottom on phones; above the header and everything else.
 * The box lets clicks through to the page under it; only a toast itself takes the pointer.
 */
export const viewport = style({
  position: "fixed",
  bottom: 0,
  right: 0,
  zIndex: 1000,
  width: "100%",
  maxWidth: "26rem",
  padding: vars.space.md,
  pointerEvents: "none",
  outline: "none",
});

export const list = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/**
 * How far the visitor has dragged the toast to the right, set from script while
 * swiping (src/components/toast.tsx): a custom property set through element.style,
 * which the CSP's style-src 'self' allows, unlike a style attribute in the HTML.
 */
export const swipeXProperty = "--toast-swipe-x";

const slideIn = keyframes({ from: { transform: "translateX(calc(100% + 1rem))" }, to: { transform: "translateX(0)" } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const swipeOut = keyframes({
  from: { transform: `translateX(var(${swipeXProperty}))` },
  to: { transform: "translateX(calc(100% + 1rem))" },
});

const base = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: vars.space.xs,
  alignItems: "start",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: "1px solid",
  boxShadow: vars.shadow.raised,
  pointerEvents: "auto",
  // The toast follows the finger or mouse instead of scrolling the page or selecting its text.
  touchAction: "none",
  userSelect: "none",
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} 200ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 150ms ease-in` },
    // Set by toast.tsx while the visitor drags the toast to the right (the spec's swipe to dismiss).
    '&[data-swipe="move"]': { transform: `translateX(var(${swipeXProperty}))` },
    '&[data-swipe="cancel"]': { transform: "translateX(0)", transition: "transform 200ms ease-out" },
    '&[data-swipe="end"]': { animation: `${swipeOut} 150ms ease-out` },
  },
});

export const toast = styleVariants({
  default: [base, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  destructive: [base, { background: vars.color.danger, color: "#fff", borderColor: vars.color.danger }],
});

export const title = style({ gridColumn: 1, margin: 0, fontWeight: 700 });
export const description = style({ gridColumn: 1, margin: 0, fontSize: "0.95rem" });

/** A button-sized link in the toast's colours (white on the failure toast's red). */
export const action = style({
  gridColumn: 1,
  justifySelf: "start",
  marginTop: vars.space.xs,
  minHeight: "44px",
  display: "inline-flex",
  alignItems: "center",
  paddingInline: vars.space.md,
  border: "2px solid currentColor",
  borderRadius: vars.radius.pill,
  color: "inherit",
  fontWeight: 700,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const close = style({
  gridColumn: 2,
  gridRow: "1 / span 2",
  minWidth: "44px",
  minHeight: "44px",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: "inherit",
  fontSize: "1.5rem",
  lineHeight: 1,
  cursor: "pointer",
});
