import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const footer = style({ background: vars.color.brandDark, color: "#e6eee8", paddingBlock: vars.space.xl, marginTop: "auto" });

export const grid = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "1fr",
  "@media": {
    "(min-width: 640px)": { gridTemplateColumns: "repeat(2, 1fr)" },
    "(min-width: 1024px)": { gridTemplateColumns: "repeat(5, 1fr)" },
  },
});

export const heading = style({ fontFamily: vars.font.body, fontSize: "1rem", textTransform: "uppercase", letterSpacing: "0.06em", color: "#fff", marginBottom: vars.space.md });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const link = style({ color: "#e6eee8", selectors: { "&:hover": { color: "#fff" } } });

export const areas = style({ maxHeight: "12rem", overflowY: "auto", paddingRight: vars.space.sm });

export const social = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, marginTop: vars.space.md });

export const bottom = style({
  borderTop: "1px solid rgb(255 255 255 / 18%)",
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  fontSize: "0.9rem",
  color: "#cfdcd3",
});
