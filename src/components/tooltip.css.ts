import { style } from "@vanilla-extract/css";
import { OPEN_ATTRIBUTE, OPEN_DELAY_MS, STARTED_ATTRIBUTE } from "../client/tooltips";
import { vars } from "../styles/theme.css";

/*
 * Tooltips for icon-only links. Their timings (the spec's section 9: 700 ms
 * on hover, 300 ms skip delay, at once on keyboard focus, Escape closes) are
 * kept by src/client/tooltips.ts, which sets `data-tooltip-open` on the
 * trigger; this file only shows the tip from it.
 *
 * Without the script (not loaded yet, or off) a plain transition delay opens
 * the tip 700 ms after hover and keyboard focus opens it at once; no skip delay
 * and no Escape there. The script marks <html> with `data-tooltips` when it
 * starts, and these fallback rules stand down.
 */
const noScript = `html:not([${STARTED_ATTRIBUTE}])`;

/** On the link itself: the tooltip is placed from it. */
export const trigger = style({ position: "relative" });

export const tip = style({
  position: "absolute",
  bottom: "calc(100% + 8px)",
  left: "50%",
  transform: "translateX(-50%)",
  zIndex: 30,
  padding: "0.3rem 0.6rem",
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: "#fff",
  fontSize: "0.85rem",
  fontWeight: 600,
  lineHeight: 1.3,
  whiteSpace: "nowrap",
  pointerEvents: "none",
  opacity: 0,
  visibility: "hidden",
  // Closing is immediate.
  transition: "opacity 120ms ease, visibility 0s linear 120ms",
  selectors: {
    [`${trigger}[${OPEN_ATTRIBUTE}] &`]: { opacity: 1, visibility: "visible", transitionDelay: "0s" },
    [`${noScript} ${trigger}:hover &`]: { opacity: 1, visibility: "visible", transitionDelay: `${OPEN_DELAY_MS}ms` },
    [`${noScript} ${trigger}:focus-visible &`]: { opacity: 1, visibility: "visible", transitionDelay: "0s" },
  },
});

/** Under a control near the top of the screen (the sticky header), where above would be off-screen. */
export const below = style({ bottom: "auto", top: "calc(100% + 8px)" });

/** Right edges aligned, for a control at the right edge of the screen. */
export const end = style({ left: "auto", right: 0, transform: "none" });
