import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** The sky: dark enough at its lightest for white text (about 6:1). */
const base = style({
  position: "relative",
  overflow: "hidden",
  display: "flex",
  flexDirection: "column",
  background: `linear-gradient(${vars.color.heroSky}, ${vars.color.heroHorizon})`,
  color: "#fff",
});

/** "tall": town pages fill at least 60% of the viewport (spec); "home" a bit more; "compact" for service pages. */
export const hero = styleVariants({
  tall: [base, { minHeight: "60vh" }],
  // On phones the hero is as tall as its text: a visitor with a tree down needs the call button, not a backdrop.
  home: [base, { "@media": { "(min-width: 640px)": { minHeight: "min(82vh, 46rem)" } } }],
  compact: [base, { minHeight: "26rem" }],
});

/** The drawn ground, a band under the text. */
export const art = style({ display: "block", width: "100%", height: "clamp(7.5rem, 19vw, 15rem)", maxWidth: "none", flexShrink: 0 });

/** An owner photo in the scenery's place: a band a little taller, cropped to fill it. */
export const photo = style({ display: "block", width: "100%", flexShrink: 0 });
globalStyle(`${photo} img`, { display: "block", width: "100%", height: "clamp(10rem, 28vw, 22rem)", objectFit: "cover" });

/** Text alone, or text and the emergency card side by side from 1024 px (the right 40% was empty). */
export const single = style({ flex: 1, display: "flex" });

export const split = style({
  flex: 1,
  display: "grid",
  alignItems: "center",
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "minmax(0, 1.5fr) minmax(18rem, 1fr)", columnGap: vars.space.xxl } },
});

/** Phones already have the call button in the text column and in the header: the card would only push the page down. */
export const aside = style({ display: "none", paddingBlock: vars.space.xl, "@media": { "(min-width: 1024px)": { display: "block" } } });

export const content = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  alignItems: "flex-start",
  paddingTop: vars.space.xl,
  paddingBottom: vars.space.md,
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

export const subtitle = style({ fontSize: "clamp(1.05rem, 1rem + 0.4vw, 1.25rem)", maxWidth: "40rem", color: vars.color.heroText, marginBottom: vars.space.lg });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md });

export const trust = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  padding: 0,
  margin: `${vars.space.lg} 0 0`,
  fontWeight: 600,
  fontSize: "0.95rem",
  color: vars.color.heroText,
});

export const trustItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });
