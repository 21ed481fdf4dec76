import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

export const article = style({ maxWidth: vars.width.text, marginInline: "auto" });

export const back = style({ display: "inline-block", marginBottom: vars.space.lg, fontWeight: 600 });

export const title = style({ fontSize: "clamp(1.9rem, 4vw, 2.6rem)" });

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.xl}`,
  padding: 0,
  listStyle: "none",
  color: vars.color.muted,
  fontSize: "0.95rem",
});

/** The cover photo under the title: full column width, its own height (width and height attributes keep the space). */
export const cover = style({ display: "block", marginBlock: `${vars.space.lg} ${vars.space.xl}` });
globalStyle(`${cover} img`, { display: "block", width: "100%", height: "auto", borderRadius: vars.radius.md });

/** A post's body: the shared Markdown styles (prose.css.ts) at a post's looser line height. */
export const body = style({ lineHeight: 1.75 });

export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const notFound = style({ textAlign: "center", paddingBlock: vars.space.xxl, display: "grid", justifyItems: "center", gap: vars.space.md });
