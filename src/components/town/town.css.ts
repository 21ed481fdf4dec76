import { style } from "@vanilla-extract/css";
import { surfaceCard } from "../../styles/layout.css";
import { vars } from "../../styles/theme.css";

export const alt = style({ background: vars.color.surfaceAlt });

export const intro = style({ maxWidth: vars.width.text, fontSize: "1.1rem" });

export const columns = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { "(min-width: 860px)": { gridTemplateColumns: "repeat(2, 1fr)" } },
});

export const box = style(surfaceCard);

export const boxTitle = style({ fontSize: "1.4rem" });

export const checklist = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.sm });

export const checkItem = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-start" });

export const checkMark = style({ color: vars.color.brand, flexShrink: 0, marginTop: "0.2rem" });

export const chips = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const chip = style({
  padding: "0.35rem 0.85rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brandLight,
  color: vars.color.brandDark,
  fontWeight: 600,
});
