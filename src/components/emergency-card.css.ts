import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Light card on the dark hero: the one block of dark text there, so it reads as the place to act. */
export const card = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  padding: vars.space.lg,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  borderTop: `6px solid ${vars.color.accent}`,
  boxShadow: vars.shadow.raised,
});

export const kicker = style({ margin: 0, fontWeight: 800, fontSize: "0.85rem", letterSpacing: "0.06em", textTransform: "uppercase", color: vars.color.accentDark });

export const title = style({ margin: 0, fontSize: "1.6rem", color: vars.color.brandDark });

export const text = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.muted });

export const points = style({ listStyle: "none", margin: `${vars.space.sm} 0 0`, padding: `${vars.space.md} 0 0`, borderTop: `1px solid ${vars.color.border}`, display: "grid", gap: vars.space.xs, width: "100%" });

export const point = style({ display: "flex", gap: vars.space.sm, alignItems: "center", fontWeight: 600 });

export const check = style({ color: vars.color.brand, flexShrink: 0 });

export const rating = style({ margin: 0, display: "flex", alignItems: "center", gap: vars.space.xs, color: vars.color.text });

export const star = style({ color: vars.color.star });
