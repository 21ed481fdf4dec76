import { style, styleVariants } from "@vanilla-extract/css";
import { formControl, invalidControl } from "../styles/form-control";
import { vars } from "../styles/theme.css";

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
  "@media": { "(min-width: 640px)": { padding: vars.space.lg } },
});

export const cardTitle = style({ fontSize: "1.25rem", margin: `0 0 ${vars.space.sm}` });

export const stack = style({ display: "grid", gap: vars.space.md });

export const form = style({ display: "grid", gap: vars.space.md, margin: 0 });

export const field = style({ display: "grid", gap: vars.space.xs });

export const label = style({ fontWeight: 600 });

export const hint = style({ margin: 0, fontSize: "0.9rem", color: vars.color.muted });

export const control = style({
  ...formControl,
  minHeight: "48px",
  selectors: {
    '&[aria-invalid="true"]': invalidControl,
    "&:disabled": { background: vars.color.surfaceAlt, color: vars.color.muted },
  },
});

/** The sign-in code: big digits, easy to check against the email. */
export const codeControl = style([control, { fontSize: "1.6rem", letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums", textAlign: "center" }]);

export const textarea = style([control, { minHeight: "6rem", resize: "vertical" }]);

export const error = style({ margin: 0, color: vars.color.danger, fontSize: "0.95rem", fontWeight: 600 });

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  width: "100%",
  minHeight: "48px",
  padding: "0.6rem 1.25rem",
  borderRadius: vars.radius.sm,
  border: "2px solid transparent",
  font: "inherit",
  fontWeight: 700,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.7, cursor: "not-allowed" } },
  "@media": { "(min-width: 640px)": { width: "auto" } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: vars.color.onBrand, selectors: { "&:hover": { background: vars.color.brandDark, color: vars.color.onBrand } } }],
  quiet: [buttonBase, { background: vars.color.surface, color: vars.color.brand, borderColor: vars.color.brand, selectors: { "&:hover": { background: vars.color.brandLight } } }],
  danger: [buttonBase, { background: vars.color.surface, color: vars.color.danger, borderColor: vars.color.danger, selectors: { "&:hover": { background: "#fff5f4" } } }],
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const muted = style({ color: vars.color.muted });

/** A list whose items are big tappable rows. */
export const rowList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const linkRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  minHeight: "4rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.text } },
});

export const linkRowTitle = style({ display: "block", fontWeight: 700, color: vars.color.brandDark });
export const linkRowText = style({ display: "block", fontSize: "0.95rem", color: vars.color.muted });
export const linkRowIcon = style({ flex: "none", color: vars.color.brand });

/** A checkbox with its words in a pill: the whole pill is the target (a day of the week, "Featured"). */
export const check = style({
  justifySelf: "start",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "48px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  cursor: "pointer",
});
export const checkBox = style({ width: "1.25rem", height: "1.25rem", margin: 0, accentColor: vars.color.brand });
