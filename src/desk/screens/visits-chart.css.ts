import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const chart = style({ margin: `0 0 ${vars.space.md}`, maxWidth: "32rem" });

export const caption = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: vars.space.xs, fontWeight: 600, marginBottom: vars.space.xs });

export const total = style({ fontWeight: 400, color: vars.color.muted });

export const svg = style({ display: "block", width: "100%", height: "auto", overflow: "visible" });

/** This week: the brand colour. The week before: muted, still 3:1 against the card (WCAG 1.4.11). */
export const week = style({ fill: vars.color.brand });
export const previous = style({ fill: "none", stroke: vars.color.muted, strokeWidth: 1.5, strokeDasharray: "3 2" });

export const value = style({ fill: vars.color.text, fontSize: "12px", fontWeight: 700, fontFamily: vars.font.body });
export const day = style({ fill: vars.color.muted, fontSize: "12px", fontFamily: vars.font.body });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });

export const legend = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, margin: `0 0 ${vars.space.md}`, padding: 0, listStyle: "none", color: vars.color.muted, fontSize: "0.9rem" });
export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });
export const swatchWeek = style({ display: "inline-block", width: "14px", height: "14px", background: vars.color.brand, borderRadius: "2px" });
export const swatchPrevious = style({ display: "inline-block", width: "14px", height: "14px", border: `1.5px dashed ${vars.color.muted}`, borderRadius: "2px" });
