import { style } from "@vanilla-extract/css";
import { surfaceCard } from "../styles/layout.css";
import { vars } from "../styles/theme.css";

const wide = "(min-width: 640px)";

export const grid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 17rem), 1fr))",
  "@media": { [wide]: { gap: vars.space.lg } },
});

/** On phones the icon sits beside the title, so six cards do not take six screens. */
export const card = style({
  ...surfaceCard,
  padding: vars.space.md,
  borderTop: `4px solid ${vars.color.brand}`,
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignItems: "center",
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  "@media": { [wide]: { display: "block", padding: vars.space.lg } },
});

export const icon = style({
  display: "grid",
  placeItems: "center",
  width: "2.75rem",
  height: "2.75rem",
  borderRadius: "50%",
  background: vars.color.brandLight,
  color: vars.color.brand,
  "@media": { [wide]: { marginBottom: vars.space.md } },
});

export const title = style({ fontSize: "1.25rem", margin: 0, "@media": { [wide]: { marginBottom: vars.space.sm } } });
export const text = style({ margin: 0, color: vars.color.muted, gridColumn: "1 / -1" });
