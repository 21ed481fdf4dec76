import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** Inbox | Spam: two big links, the current one filled. */
export const tabs = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.sm, margin: `0 0 ${vars.space.md}` });

export const tab = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "48px",
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.brand}`,
  color: vars.color.brand,
  background: vars.color.surface,
  fontWeight: 700,
  textDecoration: "none",
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.brand, color: vars.color.onBrand },
    "&:hover": { background: vars.color.brandLight, color: vars.color.brandDark },
    '&[aria-selected="true"]:hover': { background: vars.color.brandDark, color: vars.color.onBrand },
  },
});

export const search = style({ display: "grid", gridTemplateColumns: "1fr auto", gap: vars.space.sm, alignItems: "end", margin: `0 0 ${vars.space.sm}` });

export const filters = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: `0 0 ${vars.space.md}`, padding: 0, listStyle: "none" });

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.muted}`,
  color: vars.color.text,
  background: vars.color.surface,
  textDecoration: "none",
  selectors: {
    '&[aria-current="true"]': { background: vars.color.brandDark, borderColor: vars.color.brandDark, color: vars.color.onBrand, fontWeight: 700 },
    "&:hover": { borderColor: vars.color.brand },
  },
});

/** A message in the list: the whole card is the link to it. */
export const item = style({
  display: "grid",
  gap: "0.15rem",
  minHeight: "4.5rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `6px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.text } },
});

/** A handled message steps back: no coloured edge. */
export const handledItem = style({ borderLeftColor: vars.color.border });

export const itemTop = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: `0 ${vars.space.sm}`, alignItems: "baseline" });
export const itemName = style({ fontWeight: 700, fontSize: "1.1rem", color: vars.color.brandDark, overflowWrap: "anywhere" });
export const itemWhen = style({ fontSize: "0.9rem", color: vars.color.muted });
export const itemAbout = style({ fontSize: "0.95rem", color: vars.color.text });
export const itemLine = style({ color: vars.color.muted, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const badges = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const badge = styleVariants({
  new: { fontSize: "0.8rem", fontWeight: 700, padding: "0.1rem 0.5rem", borderRadius: vars.radius.pill, background: vars.color.accentLight, color: vars.color.accentDark },
  quiet: { fontSize: "0.8rem", fontWeight: 700, padding: "0.1rem 0.5rem", borderRadius: vars.radius.pill, background: vars.color.brandLight, color: vars.color.brandDark },
  problem: { fontSize: "0.8rem", fontWeight: 700, padding: "0.1rem 0.5rem", borderRadius: vars.radius.pill, background: "#fdecea", color: vars.color.danger },
});

/** A held post in the Spam tab: its text, and "Not spam" beside it. */
export const spamItem = style({
  display: "grid",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const more = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, justifyContent: "space-between", margin: `${vars.space.md} 0` });

/** The reply buttons of one message: side by side, thumb-sized. */
export const reply = style({
  display: "grid",
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  "@media": { "(min-width: 640px)": { display: "flex", flexWrap: "wrap" } },
});

/** "Answered by text, 9:42 AM": said once a reply was tapped (empty until then, read out when it changes). */
export const answered = style({ fontWeight: 600, color: vars.color.brandDark, margin: `0 0 ${vars.space.md}`, selectors: { "&:empty": { display: "none" } } });

export const text = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0, fontSize: "1.05rem" });

/** Name above value on a phone (an email address keeps the whole width), side by side on a wide screen. */
export const facts = style({
  display: "grid",
  gap: vars.space.xs,
  margin: 0,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}` } },
});
export const factName = style({ fontWeight: 600, fontSize: "0.9rem", color: vars.color.muted });
export const factValue = style({ margin: `0 0 ${vars.space.sm}`, overflowWrap: "anywhere", "@media": { "(min-width: 640px)": { marginBottom: 0 } } });

export const back = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", fontWeight: 600 });
