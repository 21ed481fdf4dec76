import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Brand, the six links and the phone button fit in one row from here (with five links, 900 px was enough; six crushed the phone button up to 1,150 px). */
const oneRow = "(min-width: 1200px)";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  background: "rgb(255 255 255 / 96%)",
  borderBottom: `1px solid ${vars.color.border}`,
  backdropFilter: "saturate(1.4) blur(6px)",
});

export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  columnGap: vars.space.md,
  minHeight: "4rem",
  paddingTop: vars.space.sm,
  "@media": { [oneRow]: { flexWrap: "nowrap", paddingTop: 0 } },
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontFamily: vars.font.heading,
  fontWeight: 700,
  fontSize: "1.15rem",
  color: vars.color.brandDark,
  textDecoration: "none",
  lineHeight: 1.1,
});

export const brandMark = style({
  display: "grid",
  placeItems: "center",
  width: "2.4rem",
  height: "2.4rem",
  borderRadius: "50%",
  background: vars.color.brand,
  color: "#fff",
  flexShrink: 0,
});

/** On phones the links form a second row that scrolls sideways, so every page stays one tap away without a menu. */
export const nav = style({
  order: 3,
  display: "flex",
  gap: vars.space.md,
  width: "100%",
  overflowX: "auto",
  whiteSpace: "nowrap",
  "@media": { [oneRow]: { order: 0, width: "auto", overflowX: "visible", gap: vars.space.lg } },
});

/** The brand already links home; on phones the row needs the room. */
export const homeLink = style({ display: "none", "@media": { [oneRow]: { display: "inline" } } });

/** After Contact in a phone's sideways row, where all five do not fit (Contact stays in sight); in its place where they do. */
export const lastOnPhones = style({ "@media": { "(max-width: 559px)": { order: 1 } } });

export const navLink = style({
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  paddingBlock: vars.space.sm,
  fontSize: "0.95rem",
  selectors: { "&:hover, &[aria-current='page']": { color: vars.color.brand, textDecoration: "underline" } },
});

export const phoneLabel = style({ "@media": { "(max-width: 420px)": { display: "none" } } });

/** The tooltip is for the icon-only button: once the number shows, it would repeat it. */
export const phoneTip = style({ "@media": { "(min-width: 421px)": { display: "none" } } });
