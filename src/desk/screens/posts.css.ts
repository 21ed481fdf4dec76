import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

// The Posts screens: the list, the editor with its preview beside it on a wide screen (a view
// of its own on a phone), and the history.

/** Above the desk's bottom navigation on a phone (src/desk/desk-frame.css.ts). */
const aboveNav = "calc(4.25rem + env(safe-area-inset-bottom))";

export const listTop = style({ display: "grid", gap: vars.space.md, margin: `0 0 ${vars.space.lg}` });
export const newForm = style({ margin: 0 });
export const search = style({ display: "grid", gap: vars.space.xs, margin: 0 });
export const searchRow = style({ display: "flex", gap: vars.space.sm });

export const status = styleVariants({
  published: { color: vars.color.brand },
  scheduled: { color: vars.color.accentDark },
  draft: { color: vars.color.muted },
  problem: { color: vars.color.danger, fontWeight: 700 },
});

export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
  padding: vars.space.md,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandLight,
});
export const bannerText = style({ margin: 0, flex: "1 1 12rem", fontWeight: 600 });

export const inlineForm = style({ margin: 0 });
export const goneList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });
export const goneItem = style({ display: "grid", gap: vars.space.sm, "@media": { "(min-width: 640px)": { gridTemplateColumns: "1fr auto", alignItems: "center" } } });

export const history = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const historyItem = style([
  goneItem,
  { padding: vars.space.md, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md },
]);

// ---------------------------------------------------------------- the editor

export const editorColumn = style({ minWidth: 0 });
export const editorForm = style({ display: "grid", gap: vars.space.lg, margin: 0 });

export const statusLine = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.md}`, margin: `0 0 ${vars.space.md}` });
export const statusBadge = style({ padding: `0.15rem ${vars.space.sm}`, borderRadius: vars.radius.pill, border: "1px solid currentColor", fontWeight: 700, fontSize: "0.9rem" });
export const autosave = style({ color: vars.color.muted, fontSize: "0.9rem" });
export const localOffer = style({ margin: `0 0 ${vars.space.md}`, padding: vars.space.md, border: `2px solid ${vars.color.accent}`, borderRadius: vars.radius.md, background: vars.color.accentLight });

export const titleInput = style({ fontSize: "1.25rem", fontWeight: 700 });

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  position: "sticky",
  top: 0,
  zIndex: 2,
  padding: `${vars.space.xs} 0`,
  background: vars.color.surfaceAlt,
});
/** A round-ended button that switches something on and off (aria-pressed). */
function pillButton() {
  return {
    minHeight: "44px",
    padding: `0 ${vars.space.md}`,
    font: "inherit",
    fontWeight: 600,
    color: vars.color.brandDark,
    background: vars.color.surface,
    borderRadius: vars.radius.pill,
    cursor: "pointer",
  } as const;
}

function toolButtonBase() {
  return {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minWidth: "44px",
    minHeight: "44px",
    padding: `0 ${vars.space.sm}`,
    font: "inherit",
    color: vars.color.brandDark,
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.sm,
    cursor: "pointer",
  } as const;
}
export const toolButton = style([toolButtonBase(), { fontWeight: 700, selectors: { "&:hover": { borderColor: vars.color.brand } } }]);
export const signBold = style({ fontWeight: 900 });
export const signItalic = style({ fontStyle: "italic", fontFamily: "Georgia, serif" });

/** Shown for a moment while the editor comes: then the editor, or this text again if it does not (a failed load, no JavaScript). */
const reveal = keyframes({ to: { visibility: "visible" } });
export const text = style({
  minHeight: "18rem",
  lineHeight: 1.5,
  resize: "vertical",
  fontSize: "1rem",
  // With the desk script the owner sees the post as it will read, not a flash of its Markdown first.
  "@media": { "(scripting: enabled)": { selectors: { "&:not([data-shown])": { visibility: "hidden", animation: `${reveal} 0s 6s forwards` } } } },
});

export const textHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
/** "Edit as text": a switch, as the preview's width buttons (widthButton), lighter when on. */
export const textModeButton = style([
  pillButton(),
  { border: `1px solid ${vars.color.border}`, selectors: { '&[aria-pressed="true"]': { background: vars.color.brandLight, borderColor: vars.color.brand } } },
]);
export const textNote = style({ margin: 0, padding: vars.space.sm, borderLeft: `4px solid ${vars.color.accent}`, background: vars.color.accentLight });

/** The post as it will read: the site's type, in a box like the other fields. */
export const richHost = style({ minWidth: 0 });
globalStyle(`${richHost} .ProseMirror`, {
  minHeight: "18rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  lineHeight: 1.6,
  fontSize: "1.0625rem",
  overflowWrap: "break-word",
  whiteSpace: "pre-wrap",
  outline: "none",
});
globalStyle(`${richHost} .ProseMirror:focus-visible, ${richHost} .ProseMirror:focus`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle(`${richHost} .ProseMirror :where(p, ul, ol, blockquote, h1, h2, h3, h4, h5, h6, table, pre, hr)`, { marginBlock: 0 });
globalStyle(`${richHost} .ProseMirror > * + *, ${richHost} .ProseMirror blockquote > * + *, ${richHost} .ProseMirror li > * + *`, { marginTop: vars.space.md });
globalStyle(`${richHost} .ProseMirror :is(h1, h2, h3, h4, h5, h6)`, { fontFamily: vars.font.heading, color: vars.color.brandDark, lineHeight: 1.25 });
globalStyle(`${richHost} .ProseMirror h2`, { fontSize: "1.5rem" });
globalStyle(`${richHost} .ProseMirror h3`, { fontSize: "1.2rem" });
globalStyle(`${richHost} .ProseMirror :is(ul, ol)`, { paddingLeft: vars.space.lg });
globalStyle(`${richHost} .ProseMirror li[data-item-type="task"]`, { listStyle: "none" });
globalStyle(`${richHost} .ProseMirror li[data-checked="true"]::before`, { content: '"☑ "' });
globalStyle(`${richHost} .ProseMirror li[data-checked="false"]::before`, { content: '"☐ "' });
globalStyle(`${richHost} .ProseMirror blockquote`, { paddingLeft: vars.space.md, borderLeft: `4px solid ${vars.color.brand}`, color: vars.color.muted });
globalStyle(`${richHost} .ProseMirror a`, { color: vars.color.brand, textDecoration: "underline" });
globalStyle(`${richHost} .ProseMirror table`, { borderCollapse: "collapse", display: "block", overflowX: "auto", maxWidth: "100%" });
globalStyle(`${richHost} .ProseMirror :is(td, th)`, { minWidth: "5rem", padding: vars.space.xs, border: `1px solid ${vars.color.border}`, verticalAlign: "top" });
globalStyle(`${richHost} .ProseMirror th`, { background: vars.color.surfaceAlt, textAlign: "left" });
globalStyle(`${richHost} .ProseMirror code`, { background: vars.color.surfaceAlt, padding: "0 0.2em", borderRadius: "3px" });
globalStyle(`${richHost} .ProseMirror hr`, { border: 0, borderTop: `2px solid ${vars.color.border}` });
globalStyle(`${richHost} .ProseMirror-selectednode`, { outline: `3px solid ${vars.color.focus}` });
globalStyle(`${richHost} .ProseMirror-hideselection *::selection`, { background: "transparent" });
globalStyle(`${richHost} .ProseMirror-gapcursor`, { display: "none" });
/** Code that is kept as written (an HTML comment): shown, not edited. */
globalStyle(`${richHost} [data-type="html"]`, { fontFamily: "ui-monospace, monospace", fontSize: "0.85rem", color: vars.color.muted, background: vars.color.surfaceAlt });

/** A photo in the text (rich-text.ts's photo view): the picture, what it shows, and buttons to move or remove it. */
export const photoInText = style({
  display: "inline-grid",
  gap: vars.space.xs,
  width: "100%",
  maxWidth: "28rem",
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  verticalAlign: "top",
  whiteSpace: "normal",
});
export const photoPicture = style({ display: "block", width: "100%", height: "auto", maxHeight: "16rem", objectFit: "contain", borderRadius: "4px", background: vars.color.surface });
globalStyle(`${photoPicture} canvas`, { display: "block", width: "100%", height: "auto", maxHeight: "16rem", objectFit: "contain" });
export const photoCaption = style({ fontSize: "0.95rem", color: vars.color.text });
export const photoWaiting = style({ fontSize: "0.9rem", color: vars.color.muted });
export const photoTools = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const photoTool = style([toolButtonBase(), { fontWeight: 600, fontSize: "0.9rem" }]);

export const uploadItem = style({ display: "grid", gridTemplateColumns: "96px minmax(0, 1fr)", gap: vars.space.md, alignItems: "start", padding: vars.space.sm, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm });
export const uploadName = style({ fontWeight: 600, overflowWrap: "anywhere" });

export const group = style({
  display: "grid",
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const legend = style({ fontFamily: vars.font.heading, fontSize: "1.15rem", fontWeight: 700, color: vars.color.brandDark, padding: `0 ${vars.space.xs}` });

export const fileInput = style({
  display: "block",
  width: "100%",
  minHeight: "48px",
  padding: vars.space.sm,
  border: `2px dashed ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandLight,
  font: "inherit",
});

export const upload = style({ display: "grid", gap: vars.space.sm, padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm });
export const progress = style({ width: "100%", height: "1rem", accentColor: vars.color.brand });

export const photoList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });
export const photoItem = style({ display: "grid", gridTemplateColumns: "96px 1fr", gap: vars.space.md, alignItems: "start" });
export const thumb = style({ display: "block", width: "96px", height: "72px", objectFit: "cover", borderRadius: vars.radius.sm, background: vars.color.surfaceAlt, overflow: "hidden" });
globalStyle(`${thumb} canvas`, { display: "block", width: "100%", height: "100%", objectFit: "cover" });

export const slugRow = style({ display: "flex", alignItems: "center", gap: vars.space.xs });
export const slugPrefix = style({ color: vars.color.muted, fontWeight: 600 });
export const pair = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" });
// A field takes the room its row leaves it, never more (the date and time inputs, the address after /blog/).
globalStyle(`${slugRow} > input, ${pair} input`, { minWidth: 0, width: "100%", boxSizing: "border-box" });

/** The buttons, kept in reach at the bottom of a phone's screen (above the navigation) while the form scrolls. */
export const actionBar = style({
  position: "sticky",
  bottom: aboveNav,
  zIndex: 3,
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "1fr",
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  background: vars.color.surfaceAlt,
  "@media": { "(min-width: 960px)": { bottom: 0, display: "flex", flexWrap: "wrap" } },
});
// Three to a row on a phone: less padding, so "Save draft" stays on one line.
globalStyle(`${actionBar} > button`, { paddingInline: vars.space.xs, whiteSpace: "nowrap" });
/** Beside the date and time it uses. */
export const scheduleButton = style({ justifySelf: "start" });
export const formEnd = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const afterForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: `${vars.space.lg} 0 0` });

export const problems = style({ margin: `0 0 ${vars.space.lg}`, padding: vars.space.md, border: `2px solid ${vars.color.danger}`, borderRadius: vars.radius.sm, background: "#fff5f4" });
export const problemsTitle = style({ fontSize: "1.1rem", margin: `0 0 ${vars.space.sm}`, color: vars.color.danger });
export const compare = style({ display: "grid", gap: vars.space.md, "@media": { "(min-width: 720px)": { gridTemplateColumns: "1fr 1fr" } } });
export const compareTitle = style({ fontSize: "1rem", margin: `0 0 ${vars.space.xs}` });
export const compareText = style({
  margin: 0,
  maxHeight: "20rem",
  overflow: "auto",
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  fontSize: "0.85rem",
});

