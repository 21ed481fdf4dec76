import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

// The Our work screens: the list of jobs and a job's form.

export const listTop = style({ margin: `0 0 ${vars.space.lg}` });

/** A job's after photo beside its name in the list: the shape the site shows it in. */
export const thumb = style({ flex: "none", width: "6rem", height: "4.5rem", objectFit: "cover", borderRadius: vars.radius.sm, background: vars.color.brandLight });

export const photoBox = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const preview = style({ display: "block", width: "100%", maxWidth: "20rem", height: "auto", aspectRatio: "4 / 3", objectFit: "cover", borderRadius: vars.radius.sm });

/** A job's photo inputs look as a post's "Add photo" does: one home, posts.css.ts. */
export { fileInput } from "./posts.css";

export const select = style({ minHeight: "48px" });

export const removeForm = style({ margin: `${vars.space.xl} 0 0`, paddingTop: vars.space.lg, borderTop: `1px solid ${vars.color.border}` });
