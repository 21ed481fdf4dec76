import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const page = style({ maxWidth: vars.width.text, marginTop: vars.space.lg });

export const lead = style({ fontSize: "1.15rem" });
