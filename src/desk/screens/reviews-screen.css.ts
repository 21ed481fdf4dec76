import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const review = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const pending = style({ borderLeft: `6px solid ${vars.color.accent}` });

export const top = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: `0 ${vars.space.sm}`, alignItems: "baseline" });
export const who = style({ fontWeight: 700, fontSize: "1.1rem", color: vars.color.brandDark, margin: 0 });
export const stars = style({ color: vars.color.star, fontSize: "1.1rem", letterSpacing: "0.1em" });
export const text = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 });
export const when = style({ fontSize: "0.9rem", color: vars.color.muted, margin: 0 });

/** Approve and Reject side by side, each half the width on a phone. */
export const decide = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.sm, "@media": { "(min-width: 640px)": { display: "flex" } } });

export const group = style({ margin: `${vars.space.md} 0 0` });
export const summary = style({
  // A list item keeps the browser's open/closed triangle.
  display: "list-item",
  padding: `${vars.space.sm} 0`,
  minHeight: "48px",
  fontSize: "1.15rem",
  fontWeight: 700,
  cursor: "pointer",
  color: vars.color.brandDark,
});

/** "Showing the newest 20 of 140" and its button, on one line where they fit. */
export const more = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", justifyContent: "space-between", margin: `${vars.space.md} 0 0` });

/** "Delete review" on a line of its own below the decision: a step of its own follows. */
export const deleteForm = style({ display: "grid", margin: 0, "@media": { "(min-width: 640px)": { display: "flex" } } });
