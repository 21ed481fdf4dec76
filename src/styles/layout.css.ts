import { style, type StyleRule } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** Page-width container shared by every section. */
export const container = style({
  width: "100%",
  maxWidth: vars.width.page,
  marginInline: "auto",
  paddingInline: vars.space.md,
  "@media": { "(min-width: 768px)": { paddingInline: vars.space.lg } },
});

export const section = style({
  paddingBlock: vars.space.xl,
  "@media": { "(min-width: 768px)": { paddingBlock: vars.space.xxl } },
});

/** Read by screen readers, not shown. */
export const visuallyHiddenRules = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

export const visuallyHidden = style(visuallyHiddenRules);

/** A brand-green disc with centred white text: testimonial initials, process step numbers. */
export const brandDisc = {
  display: "grid",
  placeItems: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: "50%",
  background: vars.color.brand,
  color: "#fff",
  fontWeight: 700,
} satisfies StyleRule;

/** A white bordered card with a soft shadow: feature cards, town boxes. */
export const surfaceCard = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
} satisfies StyleRule;

/**
 * While <html> has this attribute, every `drawnNearViewport` section is drawn: src/client/navigate.ts
 * sets it for one scroll back to where a page was left, so that the scroll lands on the same words.
 */
export const drawAllAttribute = "data-draw-all";

/** Set by src/client/drawn-sections.ts on a `drawnNearViewport` section once the browser has drawn it. */
export const drawnAttribute = "data-drawn";

/**
 * A section well below the first screen (the home page's lower four, issue 12): the browser skips
 * its style, layout and paint until it comes near the viewport (Chromium: within 1.5 screens), so
 * the page's first layout is about half as much work. Give it a height to count as until then,
 * `containIntrinsicBlockSize: "auto <its content's height>"` (home.css.ts: untilDrawn); once drawn,
 * it counts as high as it was (`auto`). While `auto`, the browser also contains its paint, which
 * puts its contents at a whole pixel's offset (text a device pixel off), so once drawn the site
 * script (src/client/drawn-sections.ts) marks it, and it stays drawn as plain content.
 */
export const drawnNearViewport = style({
  contentVisibility: "auto",
  selectors: { [`:root[${drawAllAttribute}] &, &[${drawnAttribute}]`]: { contentVisibility: "visible" } },
});
