import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const panel = style({ textAlign: "center", paddingBlock: vars.space.xl, display: "grid", justifyItems: "center", gap: vars.space.sm });

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "4rem",
  height: "4rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brandLight,
  color: vars.color.brand,
});

export const heading = style({ margin: 0, selectors: { "&:focus": { outline: "none" } } });

export const text = style({ margin: 0, maxWidth: vars.width.text, color: vars.color.muted });

/** The emergency line: stronger than the reply promise above it, the number easy to tap. */
export const urgent = style({ margin: 0, maxWidth: vars.width.text, fontWeight: 700, fontSize: "1.1rem" });
