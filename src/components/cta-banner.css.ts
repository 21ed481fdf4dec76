import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const banner = style({
  background: `linear-gradient(135deg, ${vars.color.brandDark}, ${vars.color.brand})`,
  color: "#fff",
  textAlign: "center",
});

export const inner = style({ display: "grid", justifyItems: "center", gap: vars.space.md });
export const title = style({ color: "#fff", fontSize: "clamp(1.75rem, 1.4rem + 1.5vw, 2.5rem)", margin: 0 });
export const text = style({ color: "#edf3ee", fontSize: "1.15rem", maxWidth: vars.width.text, margin: 0 });
export const actions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space.md, marginTop: vars.space.sm });
