import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

const list = style({ listStyle: "none", display: "flex", flexWrap: "wrap", gap: vars.space.xs, padding: 0, margin: `0 0 ${vars.space.md}`, fontSize: "0.9rem" });

/** "light" for a light page background, "onDark" over a hero. */
export const trail = styleVariants({
  light: [list, { color: vars.color.muted }],
  onDark: [list, { color: "#edf3ee" }],
});

export const item = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  selectors: { "&:not(:last-child)::after": { content: '"/"', opacity: 0.7, paddingInline: vars.space.xs } },
});

export const link = styleVariants({
  light: { color: vars.color.brand },
  onDark: { color: "#fff", selectors: { "&:hover": { color: "#fff" } } },
});
