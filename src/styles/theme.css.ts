import { createGlobalTheme } from "@vanilla-extract/css";
import { palette } from "./palette";

/** Design tokens: the one place for colours, spacing and type. Contrast pairs are checked by axe in tests/. */
/** The brand colour outside CSS too (the browser's theme-color meta). */
export const themeColor = palette.brand;

export const vars = createGlobalTheme(":root", {
  color: palette,
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'ui-serif, Georgia, Cambria, "Times New Roman", serif',
  },
  space: { xs: "0.25rem", sm: "0.5rem", md: "1rem", lg: "1.5rem", xl: "2.5rem", xxl: "4rem" },
  radius: { sm: "6px", md: "12px", lg: "20px", pill: "999px" },
  shadow: {
    card: "0 1px 2px rgb(20 40 28 / 8%), 0 4px 16px rgb(20 40 28 / 8%)",
    raised: "0 8px 28px rgb(20 40 28 / 18%)",
  },
  width: { page: "72rem", text: "44rem" },
});
