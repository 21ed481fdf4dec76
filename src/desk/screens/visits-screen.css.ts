import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** The week's big numbers: two across on a phone, four on a wider screen. */
export const totals = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});

export const total = style({ margin: 0, padding: vars.space.sm, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm });
export const totalName = style({ margin: 0, fontSize: "0.95rem", color: vars.color.muted });
export const totalNumber = style({ margin: 0, fontSize: "1.75rem", fontWeight: 700, lineHeight: 1.2, color: vars.color.text });
export const totalBefore = style({ margin: 0, fontSize: "0.9rem", color: vars.color.muted });

/** A ranked list: the name may wrap, the numbers stay on the right. */
export const ranked = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const rankedItem = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const rankedLabel = style({ minWidth: 0, overflowWrap: "anywhere" });
export const rankedCount = style({ flex: "none", textAlign: "right", fontVariantNumeric: "tabular-nums" });

export const days = style({ width: "100%", borderCollapse: "collapse", fontVariantNumeric: "tabular-nums" });
export const dayCell = style({ padding: `${vars.space.xs} ${vars.space.xs}`, textAlign: "right", borderBottom: `1px solid ${vars.color.border}` });
export const dayName = style([dayCell, { textAlign: "left" }]);

/** The week's median reply time, big, with its words beside it. */
export const speed = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: `0 ${vars.space.sm}`, margin: `0 0 ${vars.space.sm}` });

export const subheading = style({ fontSize: "1.05rem", margin: `${vars.space.md} 0 ${vars.space.sm}` });
