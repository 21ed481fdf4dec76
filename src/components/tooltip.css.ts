import { createVar, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/*
 * Tooltips for icon-only links, in CSS alone (no script: the site is moving to
 * islands, issue 12). The spec's timings (section 9): a tooltip opens 700 ms
 * after the pointer rests on its control, and once one has been open, another
 * in the same group opens at once until the pointer has been away for 300 ms
 * (the skip delay). Keyboard focus opens it at once, as Radix's tooltip does.
 *
 * How: `warm` is a registered number property, so it can transition. A group
 * warms (0 -> 1) 700 ms after the pointer enters it and cools 300 ms after the
 * pointer leaves; each tooltip waits (1 - warm) x 700 ms, so in a warm group
 * it waits nothing. tests/tooltips.test.ts measures both.
 */
export const OPEN_DELAY_MS = 700;
export const SKIP_DELAY_MS = 300;

const warm = createVar({ syntax: "<number>", inherits: true, initialValue: "0" });
/** `transition` names the property itself (--x), not its value (var(--x)). */
const warmProperty = warm.replace(/^var\((--[^),]+)\)$/, "$1");

/** Around a set of icon links (the footer's social row, the header's call button). */
export const group = style({
  vars: { [warm]: "0" },
  transition: `${warmProperty} 0s linear ${SKIP_DELAY_MS}ms`,
  selectors: {
    "&:hover": { vars: { [warm]: "1" }, transition: `${warmProperty} 0s linear ${OPEN_DELAY_MS}ms` },
  },
});

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
    [`${trigger}:hover &`]: {
      opacity: 1,
      visibility: "visible",
      transitionDelay: `calc((1 - ${warm}) * ${OPEN_DELAY_MS}ms)`,
    },
    [`${trigger}:focus-visible &`]: { opacity: 1, visibility: "visible", transitionDelay: "0s" },
  },
});

/** Under a control near the top of the screen (the sticky header), where above would be off-screen. */
export const below = style({ bottom: "auto", top: "calc(100% + 8px)" });

/** Right edges aligned, for a control at the right edge of the screen. */
export const end = style({ left: "auto", right: 0, transform: "none" });
