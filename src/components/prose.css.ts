import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";

/** Long-form text rendered from Markdown: a readable measure and spacing. */
export const prose = style({ maxWidth: vars.width.text, fontSize: "1.1rem" });
globalStyle(`${prose} > :last-child`, { marginBottom: 0 });
globalStyle(`${prose} h2, ${prose} h3`, { marginTop: "1.5em" });
