import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** The notifications block: its one state the script shows, then the button or the steps. */
export const setup = style({ display: "grid", gap: vars.space.sm, margin: `0 0 ${vars.space.md}` });

export const steps = style({ margin: 0, paddingLeft: "1.4rem", display: "grid", gap: vars.space.xs });

export const subheading = style({ fontSize: "1.05rem", margin: `${vars.space.md} 0 ${vars.space.sm}` });

export const thisPhone = style({ color: vars.color.brandDark, fontWeight: 600 });
