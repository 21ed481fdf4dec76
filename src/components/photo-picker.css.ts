import { style } from "@vanilla-extract/css";
import { thumbnailStrip } from "../styles/thumbnail-strip";
import { vars } from "../styles/theme.css";

/** Three or four across a phone, each with its Remove button under it. */
export const strip = style({ ...thumbnailStrip, margin: `${vars.space.xs} 0 0` });

export const item = style({ display: "grid", gap: vars.space.xs });

export const thumb = style({
  display: "block",
  width: "100%",
  aspectRatio: "1",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

/** A photo this browser cannot show (an iPhone's HEIC on another phone): its name in the thumbnail's place. */
export const unshown = style([
  thumb,
  { display: "flex", alignItems: "center", justifyContent: "center", padding: vars.space.xs, fontSize: "0.8rem", overflowWrap: "anywhere", textAlign: "center", color: vars.color.muted },
]);

export const remove = style({
  minHeight: "44px",
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: "0.9rem",
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.danger, color: vars.color.danger } },
});
