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

/** The Markdown body: sanitized HTML from src/content/markdown.ts, so only plain elements to style. */
export const body = style({ fontSize: "1.1rem", lineHeight: 1.75 });
globalStyle(`${body} h2`, { fontSize: "1.6rem", marginTop: vars.space.xl });
globalStyle(`${body} h3`, { fontSize: "1.25rem", marginTop: vars.space.lg });
globalStyle(`${body} ul, ${body} ol`, { paddingLeft: "1.4rem", margin: `0 0 ${vars.space.md}` });
globalStyle(`${body} li`, { marginBottom: vars.space.xs });
globalStyle(`${body} blockquote`, {
  margin: `${vars.space.lg} 0`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceAlt,
});
globalStyle(`${body} img`, { height: "auto", borderRadius: vars.radius.md });
globalStyle(`${body} pre`, { overflowX: "auto", padding: vars.space.md, background: vars.color.surfaceAlt, borderRadius: vars.radius.sm });
globalStyle(`${body} table`, { borderCollapse: "collapse", width: "100%", display: "block", overflowX: "auto" });
globalStyle(`${body} th, ${body} td`, { border: `1px solid ${vars.color.border}`, padding: vars.space.sm, textAlign: "left" });

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
