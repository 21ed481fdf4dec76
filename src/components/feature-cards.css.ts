import { style } from "@vanilla-extract/css";
import { surfaceCard } from "../styles/layout.css";
import { vars } from "../styles/theme.css";

export const grid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 17rem), 1fr))",
});

export const card = style({ ...surfaceCard, borderTop: `4px solid ${vars.color.brand}` });

export const icon = style({
  display: "grid",
  placeItems: "center",
  width: "2.75rem",
  height: "2.75rem",
  borderRadius: "50%",
  background: vars.color.brandLight,
  color: vars.color.brand,
  marginBottom: vars.space.md,
});

export const title = style({ fontSize: "1.25rem" });
export const text = style({ margin: 0, color: vars.color.muted });
