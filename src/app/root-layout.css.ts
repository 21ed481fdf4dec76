import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const shell = style({ display: "flex", flexDirection: "column", minHeight: "100vh" });
export const main = style({ flex: 1 });

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-4rem",
  zIndex: 100,
  padding: "0.75rem 1rem",
  background: vars.color.brandDark,
  color: "#fff",
  borderRadius: vars.radius.sm,
  fontWeight: 700,
  selectors: { "&:focus": { top: vars.space.md, color: "#fff" } },
});

export const devBanner = style({ background: "#fff4c2", color: "#4d3b00", textAlign: "center", padding: vars.space.xs, fontSize: "0.875rem" });
