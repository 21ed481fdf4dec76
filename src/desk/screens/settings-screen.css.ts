import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

// The form's parts look like Business details' (business-screen.css.ts): one look for the desk's forms.
export { fieldset, legend, row, rowLegend, pair, problems, problemsTitle, saveBar } from "./business-screen.css";
export { days as weekdays, daysLegend as weekdaysLegend } from "./business-screen.css";

export const numbers = style({ display: "grid", gap: vars.space.md, "@media": { "(min-width: 640px)": { gridTemplateColumns: "1fr 1fr" } } });
export const daysOff = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const towns = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** The hours offered: fieldsets of their own under a heading, as on Business details (no card around them: room for the fields). */
export const settings = style({ display: "grid", gap: vars.space.md, margin: 0 });
export const settingsTitle = style({ fontSize: "1.5rem", margin: 0 });
