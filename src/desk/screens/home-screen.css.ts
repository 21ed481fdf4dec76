import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";
import { linkRow } from "../desk-ui.css";

/**
 * A section's card: the whole card is the tap target, but the link inside it holds only the
 * section's name (its accessible name is exactly what it shows), stretched over the card.
 */
export const sectionCard = style([
  linkRow,
  {
    position: "relative",
    selectors: {
      "&:hover": { borderColor: vars.color.brand },
      "&:has(a:focus-visible)": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    },
  },
]);

export const sectionLink = style({
  display: "block",
  fontWeight: 700,
  color: vars.color.brandDark,
  textDecoration: "none",
  selectors: {
    "&::after": { content: "", position: "absolute", inset: 0, borderRadius: vars.radius.md },
    // The card shows the focus, so the name needs no ring of its own.
    "&:focus-visible": { outline: "none" },
  },
});

/** A group of sections (Leads, Your site, ...), its heading small above its cards. */
export const group = style({ margin: `0 0 ${vars.space.lg}` });

export const groupHeading = style({ fontSize: "0.9rem", textTransform: "uppercase", letterSpacing: "0.06em", color: vars.color.muted, margin: `0 0 ${vars.space.sm}` });
