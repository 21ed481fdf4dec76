import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 20rem), 1fr))",
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  height: "100%",
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

/** The cover photo across the top of the card, cropped to one shape so the cards line up. */
export const thumbnail = style({ display: "block", margin: `calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg}) ${vars.space.md}` });
globalStyle(`${thumbnail} img`, {
  display: "block",
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
});

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
  fontSize: "0.875rem",
  color: vars.color.muted,
});

export const category = style({
  padding: "0.1rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brandLight,
  color: vars.color.brandDark,
  fontWeight: 600,
});

export const draft = style({
  padding: "0.1rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: "#fff4c2",
  color: "#4d3b00",
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  fontSize: "0.75rem",
});

export const title = style({ fontSize: "1.3rem", margin: `0 0 ${vars.space.sm}` });

export const titleLink = style({ color: "inherit", textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });

/** The spec's 3-line clamp; the standard property where supported, the -webkit- form everywhere else. */
export const description = style({
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 3,
  lineClamp: 3,
  overflow: "hidden",
  color: vars.color.muted,
  margin: `0 0 ${vars.space.md}`,
});

export const readMore = style({ marginTop: "auto", fontWeight: 700, alignSelf: "flex-start" });

/** A featured post spans the whole row, with more room for its title and summary. */
export const featuredItem = style({ gridColumn: "1 / -1" });

export const featured = style({
  padding: vars.space.xl,
  borderTop: `6px solid ${vars.color.accent}`,
  background: `linear-gradient(135deg, ${vars.color.surface} 60%, ${vars.color.accentLight})`,
  "@media": { "(max-width: 639px)": { padding: vars.space.lg } },
});

export const featuredTitle = style({ fontSize: "clamp(1.5rem, 1.2rem + 1.2vw, 2.1rem)", maxWidth: "30ch" });

export const featuredLabel = style({
  padding: "0.1rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: vars.color.accentDark,
  color: "#fff",
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  fontSize: "0.75rem",
});
