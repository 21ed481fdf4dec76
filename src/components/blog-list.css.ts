import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const intro = style({ marginBottom: vars.space.lg });
export const lead = style({ color: vars.color.muted, maxWidth: vars.width.text });
export const count = style({ color: vars.color.muted, fontSize: "0.95rem" });
export const empty = style({ padding: `${vars.space.xl} 0`, textAlign: "center", fontSize: "1.15rem", color: vars.color.muted });
