import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

// The preview beside an editor (src/desk/preview-column.tsx): a post's, a service's, a town's,
// the home page's. Beside the form on a wide screen; on a phone, the whole screen while
// "Preview" is open. The width is the desk script's too (src/desk/client/preview-column.ts).

export const wide = "(min-width: 1100px)";

/** The form and the preview: one column on a phone, two on a wide screen. */
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { [wide]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 26rem)", alignItems: "start" } },
});

/** On a wide screen the preview is always beside the form: the button is not needed there (with the desk script). */
export const previewButton = style({ "@media": { [wide]: { selectors: { "[data-scripted] &": { display: "none" } } } } });

export const previewColumn = style({
  display: "grid",
  gridTemplateRows: "auto auto 1fr",
  gap: vars.space.sm,
  minWidth: 0,
  selectors: {
    "&[hidden]": { display: "none" },
    "[data-previewing] &": { position: "fixed", inset: 0, zIndex: 20, padding: vars.space.sm, background: vars.color.surfaceAlt },
  },
  "@media": { [wide]: { position: "sticky", top: vars.space.md, height: "calc(100vh - 2 * 1rem)" } },
});
export const previewBar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
export const previewTitle = style({ fontSize: "1.15rem", margin: 0, flex: "1 1 auto" });
export const widths = style({ display: "flex", gap: vars.space.xs });
export const widthButton = style({
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  font: "inherit",
  fontWeight: 600,
  color: vars.color.brandDark,
  background: vars.color.surface,
  borderRadius: vars.radius.pill,
  cursor: "pointer",
  border: `1px solid ${vars.color.brand}`,
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brand, color: vars.color.onBrand } },
});
export const backToEdit = style({ width: "auto", "@media": { [wide]: { display: "none" } } });
export const previewNote = style({ margin: 0, color: vars.color.danger, fontWeight: 600, selectors: { "&:empty": { display: "none" } } });
export const frameBox = style({ minHeight: 0, overflow: "auto", display: "flex", justifyContent: "center", background: vars.color.border, borderRadius: vars.radius.sm });
export const frame = style({
  display: "block",
  width: "390px",
  maxWidth: "100%",
  height: "100%",
  minHeight: "70vh",
  border: "none",
  background: "#fff",
  // Its own width in the box (which scrolls): shrunk as a flex item, "Desktop" was a phone's width on a phone.
  flexShrink: 0,
  selectors: { "[data-preview-width=desktop] &": { width: "1280px", maxWidth: "none", transformOrigin: "top left" } },
});
