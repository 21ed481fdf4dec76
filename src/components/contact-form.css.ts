import { style } from "@vanilla-extract/css";
import { formControl, invalidControl } from "../styles/form-control";
import { vars } from "../styles/theme.css";

export const form = style({ display: "grid", gap: vars.space.md });

export const note = style({ margin: 0, fontSize: "0.9rem", color: vars.color.muted });

export const row = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "1fr 1fr" } },
});

export const field = style({ display: "grid", gap: vars.space.xs });

export const label = style({ fontWeight: 600 });

export const required = style({ color: vars.color.danger, marginLeft: "0.15em" });

export const control = style({
  ...formControl,
  minHeight: "44px",
  selectors: {
    '&[aria-invalid="true"]': invalidControl,
    "&::placeholder": { color: vars.color.muted, opacity: 1 },
  },
});

export const textarea = style([control, { minHeight: "8rem", resize: "vertical" }]);

export const error = style({ margin: 0, color: vars.color.danger, fontSize: "0.9rem", fontWeight: 600 });

/** The no-JavaScript answer's list of problems, above the form. */
export const summary = style({
  padding: vars.space.md,
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: "#fff5f4",
  selectors: { "&:focus": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});

export const summaryTitle = style({ fontSize: "1.1rem", margin: "0 0 0.5em", color: vars.color.danger });

export const summaryList = style({ margin: 0, paddingLeft: "1.25rem" });

export const submit = style({ width: "100%", "@media": { "(min-width: 640px)": { width: "auto", justifySelf: "start" } } });

export const optional = style({ fontWeight: 400, color: vars.color.muted });

/** The file input as it is (a tap opens the camera or the library), its button made a big target. */
export const photoInput = style({
  // A width of its column, not of its text: an input sized by "No file chosen" widened the form past a 390 px screen.
  width: "100%",
  fontSize: "0.95rem",
  selectors: {
    "&::file-selector-button": {
      minHeight: "44px",
      marginRight: vars.space.sm,
      padding: `0 ${vars.space.md}`,
      border: `2px solid ${vars.color.brand}`,
      borderRadius: vars.radius.sm,
      background: vars.color.surface,
      color: vars.color.brandDark,
      font: "inherit",
      fontWeight: 700,
      cursor: "pointer",
    },
    '&[aria-invalid="true"]::file-selector-button': { borderColor: vars.color.danger },
    // Once the script holds the photos (the strip shows them), the input's own "No file chosen" would be wrong.
    "&[data-picked]": { color: "transparent" },
  },
});
