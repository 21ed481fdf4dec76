import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** One town's link (dot and name); its hover and focus looks are set on the dot and the name below. */
export const town = style({ cursor: "pointer", outline: "none" });

export const map = style({ display: "block", width: "100%", height: "auto", maxWidth: "100%" });

export const land = style({ fill: vars.color.mapLand, stroke: vars.color.border });

export const lake = style({ fill: vars.color.mapWater, stroke: vars.color.mapShore, strokeWidth: 2, strokeLinejoin: "round" });

export const ring = style({ fill: "none", stroke: vars.color.brand, strokeOpacity: 0.35, strokeWidth: 1.5, strokeDasharray: "6 6" });

/** Text on the map gets a halo of the land colour, so names stay legible across the lake's edge and the rings. */
const labelBase = style({
  fontFamily: vars.font.body,
  fontSize: "17px",
  fontWeight: 600,
  fill: vars.color.text,
  paintOrder: "stroke",
  stroke: vars.color.mapLand,
  strokeWidth: 5,
  strokeLinejoin: "round",
  selectors: { [`${town}:hover &, ${town}:focus-visible &`]: { textDecoration: "underline" } },
});

export const label = styleVariants({
  town: [labelBase],
  current: [labelBase, { fontWeight: 800, fill: vars.color.accentDark }],
  primary: [labelBase, { fontSize: "20px", fontWeight: 800, fill: vars.color.brandDark }],
});

const dotBase = style({
  stroke: "#fff",
  strokeWidth: 2,
  // The SVG link has no box of its own to outline, so focus shows on its dot.
  selectors: { [`${town}:focus-visible &`]: { stroke: vars.color.focus, strokeWidth: 4 } },
});

export const dot = styleVariants({
  town: [dotBase, { fill: vars.color.brandDark }],
  current: [dotBase, { fill: vars.color.accentDark }],
  primary: [dotBase, { fill: vars.color.brand, strokeWidth: 3 }],
});

export const halo = style({ fill: vars.color.brand, fillOpacity: 0.22 });

