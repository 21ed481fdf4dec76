import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** The delete step's two answers: one above the other on a phone (each a whole-width target), side by side wider. */
export const decide = style({
  display: "grid",
  gap: vars.space.md,
  margin: `${vars.space.md} 0 0`,
  "@media": { "(min-width: 640px)": { display: "flex", flexWrap: "wrap" } },
});
