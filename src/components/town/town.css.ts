import { style } from "@vanilla-extract/css";
import { surfaceCard } from "../../styles/layout.css";
import { vars } from "../../styles/theme.css";

export const alt = style({ background: vars.color.surfaceAlt });

export const intro = style({ maxWidth: vars.width.text, fontSize: "1.1rem" });

export const columns = style({
  display: "grid",
  gap: vars.space.xl,
  // Each box as tall as its own content: a short list of tags must not leave a tall empty card.
  alignItems: "start",
  "@media": { "(min-width: 860px)": { gridTemplateColumns: "repeat(2, 1fr)" } },
});

export const box = style(surfaceCard);

export const boxTitle = style({ fontSize: "1.4rem" });

export const serviceList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", columnGap: vars.space.xl });

export const serviceListWide = style({ "@media": { "(min-width: 760px)": { gridTemplateColumns: "repeat(2, 1fr)" } } });

/** A full-width row per service: a big tap target with an arrow, so it reads as a link, not a bullet. */
export const serviceLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: "3rem",
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.brandDark,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.brand, textDecoration: "underline" } },
});

export const serviceLine = style({ display: "flex", alignItems: "center", minHeight: "3rem", borderBottom: `1px solid ${vars.color.border}` });

export const serviceArrow = style({ flexShrink: 0, color: vars.color.brand });

/** Neighbourhood names: plain text tags, with no border, shadow or hover that would make them look pressable. */
export const tags = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.sm}` });

export const tag = style({
  padding: "0.15rem 0.6rem",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: "0.95rem",
});

/** Intro text beside the town's place on the map (one column on phones). */
export const introGrid = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1.15fr) minmax(0, 1fr)" } },
});

export const mapCard = style({ ...surfaceCard, padding: vars.space.md, margin: 0 });

export const mapCaption = style({ marginTop: vars.space.sm, color: vars.color.muted, fontSize: "0.95rem" });
