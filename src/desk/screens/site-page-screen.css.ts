import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

// The site's pages in the desk: big targets for a thumb, one group of fields open at a time.
import { saveBar as businessSaveBar } from "./business-screen.css";
export { compare, problems, problemsTitle, whole } from "./business-screen.css";

/** Preview and Save side by side (Preview only without the desk script on a wide screen, where the preview is beside the form). */
export const saveBar = style([businessSaveBar, { display: "flex", flexWrap: "wrap", gap: vars.space.sm }]);

export const orderList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const orderItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const itemLink = style({ flex: 1, minHeight: "52px", display: "flex", alignItems: "center", fontWeight: 700, color: vars.color.brandDark, textDecoration: "none" });

export const moveForm = style({ display: "flex", gap: vars.space.xs, margin: 0 });

/** An arrow: 52 px square, well over the 44 px a thumb needs. */
export const moveButton = style({
  width: "52px",
  height: "52px",
  fontSize: "1.5rem",
  lineHeight: 1,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brand,
  cursor: "pointer",
  selectors: { "&:disabled": { borderColor: vars.color.border, color: vars.color.border, cursor: "default" }, "&:hover:not(:disabled)": { background: vars.color.brandLight } },
});

export const addForm = style({ margin: `0 0 ${vars.space.lg}` });

export const links = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.lg}`, margin: `0 0 ${vars.space.md}` });
globalStyle(`${links} a`, { display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const group = style({ minWidth: 0, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });

export const summary = style({
  display: "flex",
  alignItems: "center",
  minHeight: "52px",
  padding: `0 ${vars.space.md}`,
  fontFamily: vars.font.heading,
  fontSize: "1.15rem",
  fontWeight: 700,
  color: vars.color.brandDark,
  cursor: "pointer",
});

export const groupFields = style({ display: "grid", gap: vars.space.md, minWidth: 0, padding: `0 ${vars.space.md} ${vars.space.md}` });
// A file's path in a hint ("content/services/stump-removal.md: hero.heading") breaks where it must on a phone.
globalStyle(`${groupFields} p`, { overflowWrap: "anywhere" });
globalStyle(`${groupFields} > div`, { minWidth: 0 });
globalStyle(`${groupFields} label`, { maxWidth: "100%" });

export const thumb = style({ display: "block", width: "100%", maxWidth: "20rem", height: "auto", aspectRatio: "16 / 9", objectFit: "cover", borderRadius: vars.radius.sm });

// Chromium gives a file input a width of its own (368 px here), wider than a phone's field.
export const file = style({ minHeight: "48px", font: "inherit", width: "100%", minWidth: 0, maxWidth: "100%", boxSizing: "border-box" });
/** The hero photo's field: its column as wide as the screen allows, not as wide as the file input would like (which made a service's editor 418 px wide at 390). */
export const heroField = style({ gridTemplateColumns: "minmax(0, 1fr)" });

/** A photo's card in the library: its path and notes break on a phone rather than widen the screen. */
export const photoCard = style({ overflowWrap: "anywhere", minWidth: 0 });

export const progress = style({ width: "100%", height: "12px" });

export const historyItem = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const pick = style({ display: "grid", gap: vars.space.xs });
export const pickMap = style({ width: "100%", height: "auto", background: "#eef4ea", border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, cursor: "crosshair", touchAction: "manipulation" });
export const lake = style({ fill: "#b9d7ea", stroke: "#7fb0cf", strokeWidth: 1 });
export const dot = style({ fill: vars.color.brand });
export const homeDot = style({ fill: vars.color.brandDark });
export const townName = style({ fontSize: "19px", fill: vars.color.text, paintOrder: "stroke", stroke: "#eef4ea", strokeWidth: 4 });
export const pickDot = style({ fill: "#d9480f", stroke: "#fff", strokeWidth: 3 });
export const editorColumn = style({ minWidth: 0 });
