import { createContainer, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** One town's link (dot and name); its hover and focus looks are set on the dot and the name below. */
export const town = style({ cursor: "pointer", outline: "none" });

/*
 * The map is drawn 800 units wide and scaled to its box, so its type shrinks
 * with it: names set at 17 units are 7 px high on a phone. Two sets of names
 * are drawn (service-area-map.tsx): every town at 17 units where the map is
 * at least 560 px wide (12 px and more), else the names that fit at 30 units
 * (12 px on a 320 px map), set at 25 units from 400 px so they do not grow
 * past 17 px. The map's own width decides, not the screen's: a town page puts
 * it in a narrow column even on a desktop.
 */
const mapBox = createContainer("service-area-map");
const narrow = `${mapBox} (max-width: 559.98px)`;
const narrowest = `${mapBox} (max-width: 399.98px)`;

/** Around the SVG: the box whose width the names follow. */
export const frame = style({ containerName: mapBox, containerType: "inline-size" });

export const map = style({ display: "block", width: "100%", height: "auto", maxWidth: "100%" });

/** Which set of names shows (see above). */
export const names = styleVariants({
  all: { "@container": { [narrow]: { display: "none" } } },
  fitting: { display: "none", "@container": { [narrow]: { display: "inline" } } },
});

export const land = style({ fill: vars.color.mapLand, stroke: vars.color.border });

export const lake = style({ fill: vars.color.mapWater, stroke: vars.color.mapShore, strokeWidth: 2, strokeLinejoin: "round" });

export const ring = style({ fill: "none", stroke: vars.color.brand, strokeOpacity: 0.35, strokeWidth: 1.5, strokeDasharray: "6 6" });

/** Text on the map gets a halo of the land colour, so names stay legible across the lake's edge and the rings. */
const labelBase = style({
  fontFamily: vars.font.body,
  fontWeight: 600,
  fill: vars.color.text,
  paintOrder: "stroke",
  stroke: vars.color.mapLand,
  strokeWidth: 5,
  strokeLinejoin: "round",
  selectors: { [`${town}:hover &, ${town}:focus-visible &`]: { textDecoration: "underline" } },
});

/** Font sizes in the map's units: every name, then the names that fit on a narrow map (placed at the narrowest size). */
export const FONT = { town: 17, primary: 20 };
export const FONT_NARROW = { town: 30, primary: 32 };
const FONT_NARROW_WIDER = { town: 25, primary: 27 };

const sized = (kind: "town" | "primary") => ({
  fontSize: `${FONT[kind]}px`,
  "@container": {
    [narrow]: { fontSize: `${FONT_NARROW_WIDER[kind]}px`, strokeWidth: 7 },
    [narrowest]: { fontSize: `${FONT_NARROW[kind]}px`, strokeWidth: 8 },
  },
});

export const label = styleVariants({
  town: [labelBase, sized("town")],
  current: [labelBase, sized("town"), { fontWeight: 800, fill: vars.color.accentDark }],
  primary: [labelBase, sized("primary"), { fontWeight: 800, fill: vars.color.brandDark }],
});

/** Dot radii in the map's units; on a narrow map the dots grow with the names (CSS `r`, SVG 2). */
export const DOT = { town: 6, current: 8, primary: 9 };
export const DOT_NARROW = { town: 11, current: 13, primary: 14 };
/** The ring around the home town's dot, beyond the dot. */
export const HALO = 7;

const dotBase = style({
  stroke: "#fff",
  strokeWidth: 2,
  // The SVG link has no box of its own to outline, so focus shows on its dot.
  selectors: { [`${town}:focus-visible &`]: { stroke: vars.color.focus, strokeWidth: 4 } },
});

const radius = (kind: keyof typeof DOT) => ({ "@container": { [narrow]: { r: `${DOT_NARROW[kind]}px` } } });

export const dot = styleVariants({
  town: [dotBase, radius("town"), { fill: vars.color.brandDark }],
  current: [dotBase, radius("current"), { fill: vars.color.accentDark }],
  primary: [dotBase, radius("primary"), { fill: vars.color.brand, strokeWidth: 3 }],
});

export const halo = style({ fill: vars.color.brand, fillOpacity: 0.22, "@container": { [narrow]: { r: `${DOT_NARROW.primary + HALO}px` } } });
