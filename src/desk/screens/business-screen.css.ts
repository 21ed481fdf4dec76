import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** The form's outer fieldset (disabled where the server does not publish): no frame of its own. */
export const whole = style({ display: "grid", gap: vars.space.md, margin: 0, padding: 0, border: "none", minWidth: 0 });

export const fieldset = style({
  display: "grid",
  gap: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
  "@media": { "(min-width: 640px)": { padding: vars.space.lg } },
});

export const legend = style({ fontFamily: vars.font.heading, fontSize: "1.25rem", fontWeight: 700, color: vars.color.brandDark, padding: `0 ${vars.space.xs}` });

export const row = style({
  display: "grid",
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  minWidth: 0,
});

export const rowLegend = style({ fontWeight: 700, padding: `0 ${vars.space.xs}` });

export const pair = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "1fr 1fr" });

export const days = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: 0, padding: 0, border: "none", minWidth: 0 });

export const daysLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

// A checkbox with its words in a pill, a big target: the desk's (desk-ui.css.ts).
export { check, checkBox } from "../desk-ui.css";

export const checklist = style({ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: vars.space.sm });

export const checklistItem = style({
  display: "grid",
  gap: vars.space.xs,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } },
});


export const compare = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.95rem" });
export const compareCell = style({ textAlign: "left", verticalAlign: "top", padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}`, overflowWrap: "anywhere" });

export const problems = style({ margin: `0 0 ${vars.space.lg}`, padding: vars.space.md, border: `2px solid ${vars.color.danger}`, borderRadius: vars.radius.sm, background: "#fff5f4" });
export const problemsTitle = style({ fontSize: "1.1rem", margin: `0 0 ${vars.space.sm}`, color: vars.color.danger });

/** At the form's end; once something is changed (src/desk/client/unsaved.ts), kept in view above the navigation. */
export const saveBar = style({
  padding: `${vars.space.sm} 0`,
  background: vars.color.surfaceAlt,
  selectors: {
    "form[data-changed] &": { position: "sticky", bottom: "calc(4.25rem + env(safe-area-inset-bottom))" },
  },
  "@media": { "(min-width: 960px)": { selectors: { "form[data-changed] &": { bottom: 0 } } } },
});

/** The made-up facts, as links to their fields. */
export const inlineList = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0, padding: 0, listStyle: "none" });
