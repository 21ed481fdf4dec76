import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const fab = style({
  position: "fixed",
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 30,
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "3.5rem",
  padding: "0 1.25rem",
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: "#fff",
  fontWeight: 700,
  textDecoration: "none",
  boxShadow: vars.shadow.raised,
  transition: "opacity 200ms, transform 200ms, visibility 200ms",
  selectors: {
    "&:hover": { background: vars.color.accentDark, color: "#fff" },
    // Hidden means hidden for everyone: visibility also takes it out of the tab order and the accessibility tree.
    '&[data-visible="false"]': { opacity: 0, visibility: "hidden", transform: "translateY(1rem)" },
  },
});
