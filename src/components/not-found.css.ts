import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const wrap = style({ textAlign: "center", paddingBlock: vars.space.xxl, minHeight: "50vh", display: "grid", alignContent: "center", justifyItems: "center", gap: vars.space.md });
export const mark = style({ display: "grid", placeItems: "center", width: "6rem", height: "6rem", borderRadius: "50%", background: vars.color.brandLight, color: vars.color.brand });
export const help = style({ color: vars.color.muted, margin: 0 });
export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, justifyContent: "center" });
export const services = style({ marginTop: vars.space.lg });
export const serviceList = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", justifyContent: "center", gap: `${vars.space.sm} ${vars.space.lg}` });
