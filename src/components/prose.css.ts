import { globalStyle, style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "../styles/layout.css";
import { vars } from "../styles/theme.css";

/** Long-form text rendered from Markdown (posts, service pages): a readable measure, spacing, and every element Markdown makes. */
export const prose = style({ maxWidth: vars.width.text, fontSize: "1.1rem" });
globalStyle(`${prose} > :last-child`, { marginBottom: 0 });
globalStyle(`${prose} h2`, { fontSize: "1.6rem", marginTop: vars.space.xl });
globalStyle(`${prose} h3`, { fontSize: "1.25rem", marginTop: vars.space.lg });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: "1.4rem", margin: `0 0 ${vars.space.md}` });
globalStyle(`${prose} li`, { marginBottom: vars.space.xs });
globalStyle(`${prose} blockquote`, {
  margin: `${vars.space.lg} 0`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceAlt,
});
globalStyle(`${prose} img`, { height: "auto", maxWidth: "100%", borderRadius: vars.radius.md });
globalStyle(`${prose} pre`, { overflowX: "auto", padding: vars.space.md, background: vars.color.surfaceAlt, borderRadius: vars.radius.sm });

// GitHub-flavoured Markdown (src/content/markdown.ts): columns keep a readable width and
// the table's box scrolls sideways on a phone when they do not fit.
globalStyle(`${prose} .table-scroll`, { overflowX: "auto", margin: `${vars.space.lg} 0`, maxWidth: "100%" });
globalStyle(`${prose} .table-scroll:focus-visible`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 });
globalStyle(`${prose} table`, { borderCollapse: "collapse", minWidth: "100%", fontSize: "1rem" });
globalStyle(`${prose} th, ${prose} td`, { border: `1px solid ${vars.color.border}`, padding: `${vars.space.sm} ${vars.space.md}`, textAlign: "left", verticalAlign: "top", lineHeight: 1.45, minWidth: "7rem" });
globalStyle(`${prose} th`, { background: vars.color.surfaceAlt });
globalStyle(`${prose} th[align="right"], ${prose} td[align="right"]`, { textAlign: "right" });
globalStyle(`${prose} th[align="center"], ${prose} td[align="center"]`, { textAlign: "center" });
globalStyle(`${prose} .contains-task-list`, { listStyle: "none", paddingLeft: vars.space.md });
globalStyle(`${prose} .task-list-item input`, { marginRight: vars.space.sm, accentColor: vars.color.brand });
globalStyle(`${prose} .footnotes`, { marginTop: vars.space.xl, borderTop: `1px solid ${vars.color.border}`, fontSize: "0.95rem", color: vars.color.muted });
// The footnotes' heading is for screen readers (src/content/markdown.ts names it sr-only, as GitHub does).
globalStyle(`${prose} .sr-only`, visuallyHiddenRules);
