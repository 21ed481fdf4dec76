import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const hero = style({ background: vars.color.brandLight, paddingBlock: vars.space.xl, textAlign: "center" });

export const intro = style({ margin: 0, fontSize: "1.15rem", color: vars.color.muted });

export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  marginTop: vars.space.xl,
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "2fr 1fr", alignItems: "start" } },
});

export const formBox = style({ padding: vars.space.lg, background: vars.color.surface, borderRadius: vars.radius.md, boxShadow: vars.shadow.card });

export const aside = style({ display: "grid", gap: vars.space.lg });

/** "Book a free estimate" under the intro (issue 40): pick a time instead of writing. */
export const booking = style({ margin: `${vars.space.md} 0 0` });
