import { globalStyle, style } from "@vanilla-extract/css";
import { surfaceCard, visuallyHiddenRules } from "../styles/layout.css";
import { vars } from "../styles/theme.css";

export const hero = style({ background: vars.color.brandLight, paddingBlock: vars.space.xl, textAlign: "center" });
export const intro = style({ margin: 0, fontSize: "1.15rem", color: vars.color.muted });

/** List beside the form on wide screens; the form first on phones would hide what others said. */
export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)", alignItems: "start" } },
});

export const list = style({ display: "grid", gap: vars.space.lg, listStyle: "none", padding: 0, margin: 0 });

export const card = style({ ...surfaceCard, display: "grid", gap: vars.space.sm });
export const cardTop = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
export const text = style({ margin: 0, fontSize: "1.05rem", whiteSpace: "pre-line", overflowWrap: "anywhere" });
export const byline = style({ margin: 0, color: vars.color.muted });
export const name = style({ fontWeight: 700, color: vars.color.text });
export const empty = style({ ...surfaceCard, margin: 0 });

export const stars = style({ display: "inline-flex", gap: "2px", color: vars.color.star });
/** Empty stars: the border colour, dark enough beside the filled ones to count them. */
export const starEmpty = style({ color: vars.color.muted, opacity: 0.35 });

export const formBox = style({
  ...surfaceCard,
  "@media": { "(min-width: 1024px)": { position: "sticky", top: "6rem" } },
});
export const formTitle = style({ marginTop: 0 });
export const hint = style({ margin: 0, fontSize: "0.9rem", color: vars.color.muted });

/** The rating: a real radio group (works without JavaScript); each label is a star. */
export const ratingGroup = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const ratingLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const ratingStars = style({ display: "flex", gap: "2px" });
export const ratingInput = style(visuallyHiddenRules);
export const ratingStar = style({
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  borderRadius: vars.radius.sm,
  color: vars.color.star,
  cursor: "pointer",
});

// Stars up to the chosen one are filled; later ones are outlines. :has() reads the
// checked radio with no script; the chosen star itself is marked without it too.
globalStyle(`${ratingStar} svg`, { fill: "currentColor", stroke: "currentColor", strokeWidth: 1.5 });
for (let n = 1; n <= 5; n++) {
  globalStyle(`${ratingStars}:has(${ratingInput}[value="${n}"]:checked) ${ratingInput}[value="${n}"] ~ ${ratingInput} + ${ratingStar} svg`, {
    fill: "transparent",
  });
}
globalStyle(`${ratingInput}:focus-visible + ${ratingStar}`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" });
globalStyle(`${ratingInput}:checked + ${ratingStar}`, { background: vars.color.accentLight });

export const ratingReadout = style({ margin: `${vars.space.xs} 0 0`, fontSize: "0.9rem", color: vars.color.muted });

export const sentPanel = style({ display: "grid", gap: vars.space.sm, justifyItems: "start" });
export const alert = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
