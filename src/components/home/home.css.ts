import { style } from "@vanilla-extract/css";
import { brandDisc } from "../../styles/layout.css";
import { vars } from "../../styles/theme.css";

export const alt = style({ background: vars.color.surfaceAlt });

export const aboutText = style({ maxWidth: vars.width.text, marginBottom: vars.space.xl, fontSize: "1.1rem" });

const wide = "(min-width: 640px)";

export const cardGrid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 19rem), 1fr))",
});

export const card = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  // Tighter on phones, where six cards stack.
  padding: vars.space.md,
  "@media": { [wide]: { padding: vars.space.lg } },
  transition: "box-shadow 150ms, transform 150ms",
  selectors: { "&:hover": { boxShadow: vars.shadow.raised } },
});

export const cardTop = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, marginBottom: vars.space.sm, "@media": { [wide]: { marginBottom: vars.space.md } } });

export const iconBubble = style({
  display: "grid",
  placeItems: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: vars.radius.md,
  background: vars.color.brandLight,
  color: vars.color.brand,
});

export const pill = style({
  display: "inline-block",
  padding: "0.2rem 0.7rem",
  borderRadius: vars.radius.pill,
  background: vars.color.accentLight,
  color: vars.color.accentDark,
  fontWeight: 700,
  fontSize: "0.85rem",
});

export const cardTitle = style({ fontSize: "1.25rem", marginBottom: vars.space.xs, "@media": { [wide]: { fontSize: "1.3rem", marginBottom: vars.space.sm } } });

/** The title link covers the whole card, so the card is one big tap target with one accessible name. */
export const stretchedLink = style({
  color: vars.color.brandDark,
  textDecoration: "none",
  selectors: {
    "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: vars.radius.md },
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: "none" },
    "&:focus-visible::after": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const cardText = style({ color: vars.color.muted, flex: 1, margin: 0 });

/** "Learn more": the whole card is the link, so phones, short of room, leave the words out. */
export const more = style({ display: "none", "@media": { [wide]: { display: "inline-flex" } }, marginTop: vars.space.md, alignItems: "center", gap: vars.space.xs, fontWeight: 700, color: vars.color.brand });

export const quoteGrid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const quote = style({ margin: 0, height: "100%", display: "flex", flexDirection: "column", gap: vars.space.md });
export const stars = style({ display: "flex", gap: "2px", color: vars.color.star });
export const quoteText = style({ margin: 0, fontSize: "1.1rem", flex: 1 });
export const person = style({ display: "flex", alignItems: "center", gap: vars.space.md });

export const avatar = style({ ...brandDisc, flexShrink: 0 });

export const personName = style({ fontWeight: 700, display: "block", color: vars.color.text });
export const personPlace = style({ color: vars.color.muted, fontSize: "0.95rem" });

export const scientific = style({ color: vars.color.muted, margin: `-0.25rem 0 ${vars.space.sm}` });

export const height = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  fontWeight: 700,
  color: vars.color.brand,
});

/** Map and town list side by side on wide screens; the list is the bigger tap target on phones. */
export const areasLayout = style({
  display: "grid",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});

export const mapCaption = style({ padding: `${vars.space.sm} ${vars.space.sm} 0`, color: vars.color.muted, fontSize: "0.95rem" });

export const mapFrame = style({
  margin: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.sm,
});

/**
 * What each lower section (styles/layout.css.ts: drawnNearViewport) counts as until first drawn:
 * its content's height (padding aside) on a phone, from 640 px and from 1024 px, as measured with
 * the content of issue 12. Close guesses keep the page still when a jump (the End key, a link to a
 * section) draws sections it skipped over.
 */
const heightUntilDrawn = (phone: number, tablet: number, desktop: number) =>
  style({
    containIntrinsicBlockSize: `auto ${phone}px`,
    "@media": { "(min-width: 640px)": { containIntrinsicBlockSize: `auto ${tablet}px` }, "(min-width: 1024px)": { containIntrinsicBlockSize: `auto ${desktop}px` } },
  });

export const untilDrawn = {
  services: heightUntilDrawn(1500, 1050, 780),
  testimonials: heightUntilDrawn(950, 650, 530),
  nativeTrees: heightUntilDrawn(1600, 1000, 700),
  serviceAreas: heightUntilDrawn(1100, 1000, 740),
};
