// The colours as plain values, for what is drawn outside CSS too (the share image,
// scripts/build-engine/og-image.ts); theme.css.ts turns them into the CSS variables pages use.
export const palette = {
  brand: "#1f5130",
  brandDark: "#143821",
  brandLight: "#e8f1ea",
  accent: "#b4470f",
  accentDark: "#8f3709",
  accentLight: "#fdf0e6",
  text: "#1c2420",
  muted: "#4a564f",
  surface: "#ffffff",
  surfaceAlt: "#f5f7f4",
  border: "#d6ddd7",
  star: "#a15c00",
  focus: "#1d4ed8",
  danger: "#b42318",
  onBrand: "#ffffff",
  /** The hero sky, top to horizon, above the drawn scenery (src/components/scenery.tsx). */
  heroSky: "#0c2419",
  heroHorizon: "#3d6b50",
  /** Text on the hero sky (page-hero.css.ts subtitle, the share image). */
  heroText: "#edf3ee",
  /** The service-area map (src/components/map/): land, Lake Murray and its shore line. */
  mapLand: "#f3f1e7",
  mapWater: "#cfe3ee",
  mapShore: "#5b8fae",
} as const;
