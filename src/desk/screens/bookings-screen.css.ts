import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const day = style({ display: "grid", gap: vars.space.sm, margin: `0 0 ${vars.space.lg}` });
export const dayTitle = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space.sm, margin: 0, fontSize: "1.15rem" });
export const dayCount = style({ fontFamily: vars.font.body, fontSize: "0.95rem", fontWeight: 400, color: vars.color.muted });

export const visits = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const visit = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
});
export const cancelled = style({ borderLeftColor: vars.color.border, color: vars.color.muted });
export const visitTop = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.sm}`, alignItems: "baseline", margin: 0 });
export const visitTime = style({ fontWeight: 700, fontSize: "1.15rem", fontVariantNumeric: "tabular-nums" });
export const visitName = style({ fontWeight: 700, fontSize: "1.1rem", color: vars.color.brandDark, overflowWrap: "anywhere" });
export const visitAbout = style({ margin: 0, overflowWrap: "anywhere" });

/** Call and Text side by side, Directions and Cancel under them on a phone: four big targets. */
export const actions = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: vars.space.sm,
  "@media": { "(min-width: 640px)": { display: "flex", flexWrap: "wrap" } },
});
export const cancelForm = style({ display: "grid", margin: 0 });

/** What was said, each name above its value on a phone, side by side on a wider screen. */
export const facts = style({
  display: "grid",
  margin: 0,
  overflowWrap: "anywhere",
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "auto 1fr", gap: `${vars.space.xs} ${vars.space.md}` } },
});
export const factName = style({ fontWeight: 600, fontSize: "0.9rem", color: vars.color.muted });
export const factValue = style({ margin: `0 0 ${vars.space.sm}`, "@media": { "(min-width: 640px)": { marginBottom: 0 } } });
export const message = style([factValue, { whiteSpace: "pre-wrap" }]);

export const dayNav = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, margin: `0 0 ${vars.space.md}` });
export const back = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", fontWeight: 600 });


/** "Delete booking" below what was said, apart from the everyday buttons: a step of its own follows. */
export const deleteForm = style({ display: "grid", margin: `${vars.space.md} 0 0`, "@media": { "(min-width: 640px)": { display: "flex" } } });

/** The email address, a link the thumb can hit (44 px tall, the desk's rule) though it reads as text. */
export const factLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
