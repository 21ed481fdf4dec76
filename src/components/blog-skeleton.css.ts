import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

const pulse = keyframes({ "0%, 100%": { opacity: 1 }, "50%": { opacity: 0.45 } });

/** A grey bar standing in for text; width and height are set per use. */
export const bar = style({
  display: "block",
  height: "1rem",
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  animation: `${pulse} 1.6s ease-in-out infinite`,
});

export const card = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const post = style({ maxWidth: vars.width.text, marginInline: "auto", display: "grid", gap: vars.space.md });
