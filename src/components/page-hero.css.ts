import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

const base = style({
  position: "relative",
  overflow: "hidden",
  display: "grid",
  alignItems: "center",
  // The sky's top colour, so text stays readable before the SVG paints.
  background: vars.color.heroSky,
  color: "#fff",
});

/** "tall": town pages fill at least 60% of the viewport (spec); "home" a bit more; "compact" for service pages. */
export const hero = styleVariants({
  tall: [base, { minHeight: "60vh" }],
  home: [base, { minHeight: "min(82vh, 46rem)" }],
  compact: [base, { minHeight: "26rem" }],
});

export const art = style({ position: "absolute", inset: 0, width: "100%", height: "100%", maxWidth: "none" });

export const content = style({
  position: "relative",
  paddingTop: vars.space.xl,
  // Leaves the drawn ground (trees, water, fields) visible below the text.
  paddingBottom: "clamp(7rem, 20vw, 11rem)",
  textShadow: "0 1px 3px rgb(0 0 0 / 45%)",
});

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: "0.3rem 0.9rem",
  marginBottom: vars.space.md,
  borderRadius: vars.radius.pill,
  border: "1px solid rgb(255 255 255 / 40%)",
  background: "rgb(255 255 255 / 12%)",
  fontWeight: 700,
  fontSize: "0.9rem",
  letterSpacing: "0.02em",
});

export const title = style({
  color: "#fff",
  fontSize: "clamp(2rem, 1.3rem + 3.4vw, 3.5rem)",
  maxWidth: "22ch",
  margin: `0 0 ${vars.space.md}`,
});

export const subtitle = style({ fontSize: "clamp(1.05rem, 1rem + 0.4vw, 1.25rem)", maxWidth: "40rem", color: "#edf3ee", marginBottom: vars.space.lg });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, textShadow: "none" });

export const trust = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  padding: 0,
  margin: `${vars.space.lg} 0 0`,
  fontWeight: 600,
  fontSize: "0.95rem",
  color: "#edf3ee",
});

export const trustItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });
