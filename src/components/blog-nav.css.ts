import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const filters = style({
  listStyle: "none",
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});

/** A link that looks like a toggle button; the current one (aria-current) looks pressed. */
export const toggle = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0.4rem 1rem",
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.brand}`,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: 600,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.brandLight, color: vars.color.brandDark },
    "&[aria-current]": { background: vars.color.brand, color: vars.color.onBrand },
  },
});

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  marginTop: vars.space.xl,
});

export const pagerList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const pageLink = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "44px",
  minHeight: "44px",
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.brand,
  textDecoration: "none",
  fontWeight: 600,
  selectors: {
    "&:hover": { background: vars.color.brandLight },
    "&[aria-current]": { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.onBrand },
  },
});

export const gap = style({ display: "inline-grid", placeItems: "center", minWidth: "2rem", color: vars.color.muted });
