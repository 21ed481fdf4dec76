import { style } from "@vanilla-extract/css";
import { brandDisc } from "../../styles/layout.css";
import { vars } from "../../styles/theme.css";

export const alt = style({ background: vars.color.surfaceAlt });

export const aboutText = style({ maxWidth: vars.width.text, marginBottom: vars.space.xl, fontSize: "1.1rem" });

export const cardGrid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 19rem), 1fr))",
});

export const card = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  transition: "box-shadow 150ms, transform 150ms",
  selectors: { "&:hover": { boxShadow: vars.shadow.raised } },
});

export const cardTop = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, marginBottom: vars.space.md });

export const iconBubble = style({
  display: "grid",
  placeItems: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: vars.radius.md,
  background: vars.color.brandLight,
  color: vars.color.brand,
});

export const pill = style({
  display: "inline-block",
  padding: "0.2rem 0.7rem",
  borderRadius: vars.radius.pill,
  background: vars.color.accentLight,
  color: vars.color.accentDark,
  fontWeight: 700,
  fontSize: "0.85rem",
});

export const cardTitle = style({ fontSize: "1.3rem" });

/** The title link covers the whole card, so the card is one big tap target with one accessible name. */
export const stretchedLink = style({
  color: vars.color.brandDark,
  textDecoration: "none",
  selectors: {
    "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: vars.radius.md },
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: "none" },
    "&:focus-visible::after": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const cardText = style({ color: vars.color.muted, flex: 1 });

export const more = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, fontWeight: 700, color: vars.color.brand });

export const quoteGrid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const quote = style({ margin: 0, height: "100%", display: "flex", flexDirection: "column", gap: vars.space.md });
export const stars = style({ display: "flex", gap: "2px", color: vars.color.star });
export const quoteText = style({ margin: 0, fontSize: "1.1rem", flex: 1 });
export const person = style({ display: "flex", alignItems: "center", gap: vars.space.md });

export const avatar = style({ ...brandDisc, flexShrink: 0 });

export const personName = style({ fontWeight: 700, display: "block", color: vars.color.text });
export const personPlace = style({ color: vars.color.muted, fontSize: "0.95rem" });

export const scientific = style({ color: vars.color.muted, margin: `-0.25rem 0 ${vars.space.sm}` });

export const height = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  fontWeight: 700,
  color: vars.color.brand,
});

export const areaGrid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 10.5rem), 1fr))",
});

/** The home town's tile is twice as wide: the first thing a Chapin visitor looks for. */
export const primaryItem = style({ gridColumn: "1 / -1", "@media": { "(min-width: 640px)": { gridColumn: "span 2" } } });

export const area = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: "100%",
  minHeight: "3rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  lineHeight: 1.25,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brandDark,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand, background: vars.color.brandLight } },
});

export const primaryArea = style({
  background: vars.color.brand,
  borderColor: vars.color.brand,
  color: "#fff",
  selectors: { "&:hover": { background: vars.color.brandDark, color: "#fff" } },
});

export const pin = style({ flexShrink: 0 });

export const primaryTag = style({ whiteSpace: "nowrap", marginLeft: "auto", fontSize: "0.8rem", fontWeight: 700, textTransform: "uppercase", letterSpacing: "0.04em" });
