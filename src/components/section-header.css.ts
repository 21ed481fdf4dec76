import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const header = style({ maxWidth: vars.width.text, marginBottom: vars.space.xl });
export const centered = style({ marginInline: "auto", textAlign: "center" });
export const title = style({ fontSize: "clamp(1.75rem, 1.4rem + 1.5vw, 2.5rem)" });
export const intro = style({ color: vars.color.muted, fontSize: "1.1rem", margin: 0 });
