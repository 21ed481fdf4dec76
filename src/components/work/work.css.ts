import { globalStyle, style } from "@vanilla-extract/css";
import { surfaceCard } from "../../styles/layout.css";
import { vars } from "../../styles/theme.css";

// The jobs of "Our work": the gallery (/our-work) and the newest ones on the home, service and town pages.

const wide = "(min-width: 640px)";

/** /our-work: one job under the other, its photos large. */
export const gallery = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  maxWidth: "62rem",
  display: "grid",
  gap: vars.space.xl,
});

/** The newest few: cards side by side where there is room. */
export const grid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 20rem), 1fr))",
});

export const card = style({
  ...surfaceCard,
  padding: vars.space.md,
  height: "100%",
  // Below the sticky header when reached by its #anchor.
  scrollMarginTop: "7rem",
  "@media": { [wide]: { padding: vars.space.lg } },
});

/** Before above after on a phone in the gallery (each as wide as the screen), side by side from 640 px. */
export const pair = style({
  display: "grid",
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: "none",
  "@media": { [wide]: { gridTemplateColumns: "1fr 1fr" } },
});

/** In a card: always side by side. */
export const pairSmall = style({ gridTemplateColumns: "1fr 1fr" });

export const shot = style({ position: "relative", margin: 0 });

/** One shape for both photos, so the pair lines up whatever the camera's shape; width and height keep the layout still. */
globalStyle(`${shot} img`, {
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.brandLight,
});

export const label = style({
  position: "absolute",
  top: vars.space.sm,
  left: vars.space.sm,
  padding: "0.15rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: "rgb(16 32 22 / 88%)",
  color: "#fff",
  fontWeight: 700,
  fontSize: "0.8rem",
  letterSpacing: "0.03em",
  textTransform: "uppercase",
});

/** On the small photos of a card the label takes less of the picture. */
globalStyle(`${pairSmall} ${label}`, { top: "0.35rem", left: "0.35rem", padding: "0.05rem 0.45rem", fontSize: "0.7rem" });

export const title = style({ fontSize: "1.35rem", margin: `0 0 ${vars.space.xs}` });
export const titleSmall = style({ fontSize: "1.15rem" });

export const titleLink = style({ color: "inherit", textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.sm}`,
  margin: `0 0 ${vars.space.sm}`,
  color: vars.color.muted,
  fontSize: "0.9rem",
});

export const text = style({ margin: 0 });
globalStyle(`${text} p`, { margin: `0 0 ${vars.space.sm}` });
globalStyle(`${text} p:last-child`, { marginBottom: 0 });

/** A card's line of what was done: three lines at most, the gallery has the rest. */
export const summary = style({
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 3,
  lineClamp: 3,
  overflow: "hidden",
  margin: 0,
  color: vars.color.muted,
});

export const more = style({ margin: `${vars.space.lg} 0 0`, textAlign: "center" });

export const empty = style({ maxWidth: vars.width.text, margin: "0 auto", fontSize: "1.1rem", textAlign: "center" });

export const intro = style({ maxWidth: vars.width.text, marginBlock: `${vars.space.lg} ${vars.space.xl}` });

export const lead = style({ fontSize: "1.15rem", color: vars.color.muted, margin: 0 });
