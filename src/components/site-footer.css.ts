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

/** A time range never splits from its AM/PM. */
export const nowrap = style({ whiteSpace: "nowrap" });

export const link = style({ color: "#e6eee8", selectors: { "&:hover": { color: "#fff" } } });

/** One row of the areas list; the box below is a whole number of these tall, so no name is cut through. */
const AREA_ROW = "2.25rem";
const AREA_ROWS_SHOWN = 6;

export const areasAll = style({ margin: `0 0 ${vars.space.sm}` });

/*
 * The scrolling box. Its background draws a shadow at the bottom edge that is
 * covered by a footer-coloured strip scrolling with the content (the
 * "background-attachment: local" technique), so the shadow shows while more
 * follows and disappears once the last row is in view. No script needed.
 */
export const areasBox = style({
  height: `calc(${AREA_ROW} * ${AREA_ROWS_SHOWN})`,
  overflowY: "auto",
  overscrollBehavior: "contain",
  borderRadius: vars.radius.sm,
  background: [
    `linear-gradient(rgb(0 0 0 / 0), ${vars.color.brandDark} 60%) 0 100% / 100% 3.5rem no-repeat local`,
    `linear-gradient(rgb(255 255 255 / 0), rgb(255 255 255 / 16%)) 0 100% / 100% 3rem no-repeat scroll`,
  ].join(", "),
  selectors: { "&:focus-visible": { outline: "3px solid #fff", outlineOffset: "3px" } },
});

export const areasList = style({ listStyle: "none", margin: 0, padding: `0 0 ${vars.space.sm}` });

export const areaLink = style({ display: "flex", alignItems: "center", height: AREA_ROW });

export const social = style({ listStyle: "none", padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginTop: vars.space.lg, marginBottom: 0 });

export const socialLink = style({
  display: "grid",
  placeItems: "center",
  width: "2.75rem",
  height: "2.75rem",
  borderRadius: "50%",
  border: "1px solid rgb(255 255 255 / 35%)",
  color: "#fff",
  selectors: { "&:hover": { background: "rgb(255 255 255 / 12%)" } },
});

export const bottom = style({
  borderTop: "1px solid rgb(255 255 255 / 18%)",
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  fontSize: "0.9rem",
  color: "#cfdcd3",
});
