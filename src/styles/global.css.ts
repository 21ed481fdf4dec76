import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { scrollPaddingTop: "5rem", WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: "1.0625rem",
  lineHeight: 1.6,
  color: vars.color.text,
  background: vars.color.surface,
});
globalStyle("h1, h2, h3, h4", { fontFamily: vars.font.heading, lineHeight: 1.2, color: vars.color.brandDark, margin: "0 0 0.5em" });
globalStyle("p", { margin: "0 0 1em" });
globalStyle("a", { color: vars.color.brand, textUnderlineOffset: "0.15em" });
globalStyle("a:hover", { color: vars.color.brandDark });
globalStyle("img, svg", { maxWidth: "100%" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("*", {
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "0.01ms", transitionDuration: "0.01ms", scrollBehavior: "auto" } },
});
