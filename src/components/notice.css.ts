import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css";
import { buttonShape } from "./button.css";

/** A function's short page in the site's frame (notice.tsx): its HTML carries no classes, so its parts are styled from here. */
export const notice = style({ marginTop: vars.space.lg });
globalStyle(`${notice} button`, { ...buttonShape, background: vars.color.accent, color: "#fff" });
globalStyle(`${notice} button:hover`, { background: vars.color.accentDark });
globalStyle(`${notice} [role="alert"]`, { fontWeight: 600 });
