import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Bottom right on wide screens, full width at the bottom on phones; above the header and everything else. */
export const viewport = style({
  position: "fixed",
  bottom: 0,
  right: 0,
  zIndex: 1000,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  width: "100%",
  maxWidth: "26rem",
  margin: 0,
  padding: vars.space.md,
  listStyle: "none",
  outline: "none",
});

const slideIn = keyframes({ from: { transform: "translateX(calc(100% + 1rem))" }, to: { transform: "translateX(0)" } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const swipeOut = keyframes({
  from: { transform: "translateX(var(--radix-toast-swipe-end-x))" },
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
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} 200ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 150ms ease-in` },
    // Radix sets these while the visitor drags the toast to the right (the spec's swipe to dismiss).
    '&[data-swipe="move"]': { transform: "translateX(var(--radix-toast-swipe-move-x))" },
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
