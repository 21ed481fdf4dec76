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
