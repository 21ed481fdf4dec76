import { style } from "@vanilla-extract/css";
import { thumbnailStrip } from "../../styles/thumbnail-strip";
import { vars } from "../../styles/theme.css";

/** Three across a phone, more on a wide screen. */
export const strip = style({ ...thumbnailStrip, margin: `${vars.space.md} 0 0` });

export const link = style({
  display: "block",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  border: `1px solid ${vars.color.border}`,
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.brand } },
});

/** Square, cut to fit: the whole photo is a tap away. */
export const thumb = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1", objectFit: "cover", background: vars.color.border });
