import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const wrap = style({ textAlign: "center", paddingBlock: vars.space.xxl, minHeight: "50vh", display: "grid", alignContent: "center", justifyItems: "center", gap: vars.space.md });
export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, justifyContent: "center" });
