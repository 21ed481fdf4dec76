import { vars } from "./theme.css";

/**
 * A text field's look, one for the site's forms and the owner's desk (each adds its own
 * height and states); the values are the theme's, so it is plain style data, not a class.
 */
export const formControl = {
  width: "100%",
  padding: "0.6rem 0.75rem",
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
} as const;

/** A field the form marks wrong (`aria-invalid`). */
export const invalidControl = { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` } as const;
