import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Every button's shape; also given to the buttons of the functions' pages (notice.css.ts), which carry no class. */
export const buttonShape = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: "0.6rem 1.25rem",
  borderRadius: vars.radius.pill,
  border: "2px solid transparent",
  fontWeight: 700,
  fontSize: "1rem",
  fontFamily: vars.font.body,
  textDecoration: "none",
  cursor: "pointer",
  transition: "background-color 150ms, color 150ms, border-color 150ms",
} as const;

const base = style({ ...buttonShape, selectors: { "&:disabled": { opacity: 0.7, cursor: "not-allowed" } } });

/** Link or button looks; every call to action uses one of these. */
export const button = styleVariants({
  primary: [base, { background: vars.color.accent, color: "#fff", selectors: { "&:hover": { background: vars.color.accentDark, color: "#fff" } } }],
  brand: [base, { background: vars.color.brand, color: "#fff", selectors: { "&:hover": { background: vars.color.brandDark, color: "#fff" } } }],
  outline: [base, { background: "transparent", color: vars.color.brand, borderColor: vars.color.brand, selectors: { "&:hover": { background: vars.color.brandLight } } }],
  light: [base, { background: "#fff", color: vars.color.brandDark, selectors: { "&:hover": { background: vars.color.brandLight, color: vars.color.brandDark } } }],
  ghostLight: [base, { background: "transparent", color: "#fff", borderColor: "#fff", selectors: { "&:hover": { background: "rgb(255 255 255 / 12%)", color: "#fff" } } }],
});
