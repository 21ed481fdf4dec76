import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const form = style({ display: "grid", gap: vars.space.lg });

/** The booking page: the form, and beside it on wide screens the other ways to reach us. */
export const page = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { "(min-width: 1024px)": { gridTemplateColumns: "2fr 1fr", alignItems: "start" } },
});

/** One step (day, time, details): a fieldset that looks like a section. */
export const step = style({ display: "grid", gap: vars.space.md, margin: 0, padding: 0, border: 0, minWidth: 0 });

export const stepTitle = style({ display: "flex", alignItems: "center", gap: vars.space.sm, margin: 0, padding: 0, fontSize: "1.25rem", fontWeight: 700, fontFamily: vars.font.heading });

/** The days, above the form: as far from it as the form's steps are from each other. */
export const dayStep = style({ marginBottom: vars.space.lg });

export const stepNumber = style({
  display: "inline-grid",
  placeItems: "center",
  width: "2rem",
  height: "2rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: "#fff",
  fontFamily: vars.font.body,
  fontSize: "1rem",
  fontWeight: 700,
});

/** The days in a row a thumb scrolls through on a phone, wrapping on wider screens. */
export const days = style({
  display: "flex",
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xs} 0 ${vars.space.sm}`,
  listStyle: "none",
  overflowX: "auto",
  scrollSnapType: "x proximity",
  "@media": { "(min-width: 768px)": { flexWrap: "wrap", overflowX: "visible" } },
});

export const day = style({
  // The containing block of its visually hidden words: they stay inside the scrolling row.
  position: "relative",
  display: "grid",
  justifyItems: "center",
  minWidth: "4.75rem",
  minHeight: "48px",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  whiteSpace: "nowrap",
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  scrollSnapAlign: "start",
  selectors: {
    "&:hover": { borderColor: vars.color.brand },
    '&[aria-current="date"]': { borderColor: vars.color.brand, background: vars.color.brand, color: "#fff" },
  },
});

export const dayName = style({ fontWeight: 700 });
export const dayDate = style({ fontSize: "1.05rem" });
export const dayFree = style({ fontSize: "0.85rem" });

/** A day's free times: big targets, two or three to a row on a phone. */
export const times = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(6.75rem, 1fr))", gap: vars.space.sm });

export const time = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "48px",
  padding: `0 ${vars.space.sm}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontWeight: 700,
  whiteSpace: "nowrap",
  cursor: "pointer",
  selectors: {
    "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandLight },
    "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const timeInput = style({ flex: "none", width: "1.25rem", height: "1.25rem", margin: 0, accentColor: vars.color.brand });

/** "We don't come out to that town": told at once, with what to do instead. */
export const outside = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  padding: vars.space.md,
  border: `2px solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});

export const done = style({ display: "grid", gap: vars.space.sm, paddingBlock: vars.space.lg });
export const doneTitle = style({ margin: 0, selectors: { "&:focus": { outline: "none" } } });
export const doneWhen = style({ margin: 0, fontSize: "1.35rem", fontWeight: 700, color: vars.color.brandDark });

/** Where the times come when the page is the build's copy: a line, the button that fetches them, the phone. */
export const loading = style({ display: "grid", gap: vars.space.sm, justifyItems: "start" });
