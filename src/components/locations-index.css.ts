import { style } from "@vanilla-extract/css";
import { surfaceCard } from "../styles/layout.css";
import { vars } from "../styles/theme.css";

export const intro = style({ maxWidth: vars.width.text, marginBlock: `${vars.space.lg} ${vars.space.xl}` });

export const lead = style({ fontSize: "1.15rem", color: vars.color.muted, margin: 0 });

/** The map takes the wider column; the list beside it on desktops, under it on phones. */
export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});

export const mapCard = style({ ...surfaceCard, padding: vars.space.sm, margin: 0 });

export const caption = style({ padding: `${vars.space.sm} ${vars.space.sm} 0`, color: vars.color.muted, fontSize: "0.95rem" });

export const listTitle = style({ fontSize: "1.4rem" });
