import { globalStyle, style } from "@vanilla-extract/css";
import "../styles/global.css";
import { vars } from "../styles/theme.css";

/** Wide screens put the navigation beside the screen; phones keep it at the bottom, under the thumb. */
export const wide = "(min-width: 960px)";

const navHeight = "4.25rem";

export const body = style({
  minHeight: "100vh",
  background: vars.color.surfaceAlt,
  paddingBottom: `calc(${navHeight} + env(safe-area-inset-bottom))`,
  "@media": {
    [wide]: {
      paddingBottom: 0,
      display: "grid",
      gridTemplateColumns: "15rem 1fr",
      gridTemplateRows: "auto auto 1fr",
      gridTemplateAreas: '"header header" "bar main" "more main"',
    },
  },
});

/** No section bar (signed out, or the home screen, which is the sections): one column at every width. */
export const signedOut = style({ paddingBottom: 0, display: "block", "@media": { [wide]: { display: "block" } } });

export const header = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.brandDark,
  color: vars.color.onBrand,
  "@media": { [wide]: { gridArea: "header", padding: `${vars.space.sm} ${vars.space.lg}` } },
});

export const brand = style({
  flex: 1,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  color: vars.color.onBrand,
  textDecoration: "none",
  lineHeight: 1.2,
  selectors: { "&:hover": { color: vars.color.onBrand } },
});

export const brandName = style({ fontWeight: 700, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const brandSub = style({ fontSize: "0.85rem", opacity: 0.9 });

export const headerLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.sm}`,
  color: vars.color.onBrand,
  fontWeight: 600,
  borderRadius: vars.radius.sm,
  selectors: { "&:hover": { color: vars.color.onBrand, background: "rgb(255 255 255 / 12%)" } },
});

export const headerButton = style([
  headerLink,
  { font: "inherit", fontWeight: 600, background: "transparent", border: "2px solid rgb(255 255 255 / 70%)", cursor: "pointer", padding: `0 ${vars.space.md}` },
]);

export const headerForm = style({ margin: 0 });

export const nav = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBottom: "env(safe-area-inset-bottom)",
  "@media": {
    [wide]: { gridArea: "bar", position: "static", borderTop: "none", borderRight: `1px solid ${vars.color.border}`, paddingTop: vars.space.md },
  },
});

/** The leads and "All sections", side by side, as wide as each other. */
export const navList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "1fr",
  "@media": { [wide]: { gridAutoFlow: "row", gap: vars.space.xs, padding: `0 ${vars.space.sm}` } },
});

/** "All sections": on a phone it goes to the list under the screen; a wide screen shows that list beside the bar. */
export const moreItem = style({ "@media": { [wide]: { display: "none" } } });

export const navLink = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "2px",
  minHeight: navHeight,
  padding: `${vars.space.xs} 2px`,
  fontSize: "0.8rem",
  lineHeight: 1.15,
  fontWeight: 600,
  textAlign: "center",
  textDecoration: "none",
  color: vars.color.muted,
  selectors: {
    "&:hover": { color: vars.color.brandDark, background: vars.color.brandLight },
    '&[aria-current="page"]': { color: vars.color.brandDark, background: vars.color.brandLight, boxShadow: `inset 0 3px 0 ${vars.color.brand}` },
  },
  "@media": {
    [wide]: {
      flexDirection: "row",
      justifyContent: "flex-start",
      gap: vars.space.sm,
      minHeight: "48px",
      padding: `0 ${vars.space.md}`,
      fontSize: "1rem",
      textAlign: "left",
      borderRadius: vars.radius.sm,
      selectors: { '&[aria-current="page"]': { boxShadow: `inset 4px 0 0 ${vars.color.brand}` } },
    },
  },
});

/** The other sections: under the screen on a phone (one big row each), under the leads on a wide screen. */
export const more = style({
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  "@media": {
    [wide]: { gridArea: "more", borderTop: "none", borderRight: `1px solid ${vars.color.border}`, padding: `${vars.space.md} ${vars.space.sm}` },
  },
});

export const moreGroup = style({ maxWidth: "46rem", margin: `0 auto ${vars.space.md}` });

export const moreHeading = style({
  fontSize: "0.85rem",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: vars.color.muted,
  margin: `0 0 ${vars.space.xs}`,
  "@media": { [wide]: { padding: `0 ${vars.space.md}` } },
});

export const moreList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const moreLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "52px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  color: vars.color.brandDark,
  textDecoration: "none",
  border: `1px solid ${vars.color.border}`,
  selectors: {
    "&:hover": { background: vars.color.brandLight, color: vars.color.brandDark },
    '&[aria-current="page"]': { background: vars.color.brandLight, boxShadow: `inset 4px 0 0 ${vars.color.brand}` },
  },
  "@media": { [wide]: { minHeight: "48px", border: "none", color: vars.color.muted } },
});

export const main = style({
  width: "100%",
  maxWidth: "46rem",
  margin: "0 auto",
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
  "@media": { [wide]: { gridArea: "main", padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const narrow = style({ maxWidth: "28rem" });

/** A screen with a second column on a wide screen (the post editor and its preview). */
export const spacious = style({ maxWidth: "92rem" });

export const heading = style({ fontSize: "1.75rem", margin: `0 0 ${vars.space.md}` });

export const notice = style({
  margin: `0 0 ${vars.space.lg}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  borderLeft: "6px solid",
  background: vars.color.surface,
  fontWeight: 600,
});

export const noticeTone = {
  done: style({ borderColor: vars.color.brand, background: vars.color.brandLight }),
  info: style({ borderColor: vars.color.focus }),
  problem: style({ borderColor: vars.color.danger, background: "#fff5f4", color: vars.color.danger }),
};

// A control the desk script shows when the browser can use it (src/desk/client/): hidden must win over display.
globalStyle("[hidden]", { display: "none !important" });
