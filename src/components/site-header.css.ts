import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  background: "rgb(255 255 255 / 96%)",
  borderBottom: `1px solid ${vars.color.border}`,
  backdropFilter: "saturate(1.4) blur(6px)",
});

export const bar = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.md, minHeight: "4rem" });

export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontFamily: vars.font.heading,
  fontWeight: 700,
  fontSize: "1.15rem",
  color: vars.color.brandDark,
  textDecoration: "none",
  lineHeight: 1.1,
});

export const brandMark = style({
  display: "grid",
  placeItems: "center",
  width: "2.4rem",
  height: "2.4rem",
  borderRadius: "50%",
  background: vars.color.brand,
  color: "#fff",
  flexShrink: 0,
});

export const nav = style({ display: "none", gap: vars.space.lg, "@media": { "(min-width: 900px)": { display: "flex" } } });

export const navLink = style({
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  paddingBlock: vars.space.sm,
  selectors: { "&:hover, &[aria-current='page']": { color: vars.color.brand, textDecoration: "underline" } },
});

export const phoneLabel = style({ "@media": { "(max-width: 420px)": { display: "none" } } });
