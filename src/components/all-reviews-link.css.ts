import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const row = style({ display: "flex", justifyContent: "center", textAlign: "center", margin: `${vars.space.lg} 0 0` });
