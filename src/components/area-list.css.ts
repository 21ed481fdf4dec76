import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const list = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 9.5rem), 1fr))",
});

/** The home town's tile is twice as wide: the first thing a Chapin visitor looks for. */
export const primaryItem = style({ gridColumn: "1 / -1", "@media": { "(min-width: 640px)": { gridColumn: "span 2" } } });

export const area = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: "100%",
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  lineHeight: 1.25,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brandDark,
  fontWeight: 600,
  fontSize: "0.98rem",
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand, background: vars.color.brandLight } },
});

export const primaryArea = style({
  background: vars.color.brand,
  borderColor: vars.color.brand,
  color: "#fff",
  selectors: { "&:hover": { background: vars.color.brandDark, color: "#fff" } },
});

export const pin = style({ flexShrink: 0 });

export const primaryTag = style({ whiteSpace: "nowrap", marginLeft: "auto", fontSize: "0.8rem", fontWeight: 700, textTransform: "uppercase", letterSpacing: "0.04em" });
