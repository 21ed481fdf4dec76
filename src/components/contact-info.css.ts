import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const cards = style({
  display: "grid",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { "(min-width: 768px)": { gridTemplateColumns: "repeat(3, 1fr)" } },
});

export const card = style({
  display: "grid",
  justifyItems: "center",
  gap: vars.space.xs,
  padding: vars.space.lg,
  textAlign: "center",
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const cardIcon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brandLight,
  color: vars.color.brand,
});

export const cardTitle = style({ fontSize: "1.2rem", margin: 0 });

export const cardText = style({ margin: 0, color: vars.color.muted });

export const cardLink = style({ fontWeight: 700, fontSize: "1.1rem", minHeight: "44px", display: "inline-flex", alignItems: "center" });

export const box = style({ padding: vars.space.lg, background: vars.color.surface, borderRadius: vars.radius.md, boxShadow: vars.shadow.card });

export const boxTitle = style({ fontSize: "1.25rem", display: "flex", alignItems: "center", gap: vars.space.sm });

export const hours = style({ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space.xs} ${vars.space.md}` });

/** dl > div groups each day with its hours; the grid lays out the dt and dd. */
export const hoursRow = style({ display: "contents" });

export const hoursDay = style({ fontWeight: 600, whiteSpace: "nowrap" });

/** "7:00 AM - 6:00 PM" stays on one line: a time split from its AM/PM misreads. */
export const hoursTime = style({ margin: 0, textAlign: "right", whiteSpace: "nowrap" });

export const emergency = style({ margin: `${vars.space.md} 0 0`, fontWeight: 700, color: vars.color.accentDark });

export const areas = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "grid",
  gridTemplateColumns: "repeat(2, 1fr)",
  gap: vars.space.xs,
});

export const areaLink = style({ display: "inline-flex", minHeight: "32px", alignItems: "center" });
