import { style } from "@vanilla-extract/css";
import { brandDisc, surfaceCard } from "../../styles/layout.css";
import { vars } from "../../styles/theme.css";

export const alt = style({ background: vars.color.surfaceAlt });

export const steps = style({ listStyle: "none", counterReset: "step", padding: 0, margin: 0, display: "grid", gap: vars.space.lg, maxWidth: "52rem" });

export const step = style({
  counterIncrement: "step",
  display: "grid",
  gridTemplateColumns: "3rem 1fr",
  columnGap: vars.space.md,
  selectors: {
    "&::before": {
      ...brandDisc,
      content: "counter(step)",
      gridRow: "span 2",
      fontSize: "1.2rem",
    },
  },
});

export const stepTitle = style({ fontSize: "1.2rem", margin: "0.6rem 0 0.25rem" });
export const stepText = style({ margin: 0, color: vars.color.muted });
export const lead = style({ maxWidth: vars.width.text, fontSize: "1.1rem", marginBottom: vars.space.xl });

export const faqs = style({ display: "grid", gap: vars.space.md, maxWidth: "52rem", margin: 0 });

export const faq = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
});

export const question = style({ fontFamily: vars.font.heading, fontWeight: 700, fontSize: "1.2rem", color: vars.color.brandDark, marginBottom: vars.space.sm });
export const answer = style({ margin: 0 });

export const introGrid = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1.6fr) minmax(16rem, 1fr)" } },
});

export const related = style({ ...surfaceCard });

export const relatedTitle = style({ fontSize: "1.3rem" });

export const relatedList = style({ listStyle: "none", padding: 0, margin: `0 0 ${vars.space.md}` });

export const relatedLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.brandDark,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.brand, textDecoration: "underline" } },
});

export const relatedArrow = style({ flexShrink: 0, color: vars.color.brand });

export const allLink = style({ fontWeight: 700 });
