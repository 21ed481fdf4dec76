import * as css from "./tooltip.css";

/**
 * The visible name of an icon-only control, shown on hover (after the spec's
 * 700 ms) and on keyboard focus, closed by Escape: src/client/tooltips.ts.
 * The control's own aria-label is what screen readers hear, so this text is
 * hidden from them rather than read twice. Put it directly inside the link or
 * button it names, which has the `tooltipTrigger` class.
 */
interface TooltipProps {
  text: string;
  placement?: "above" | "below";
  /** "end" lines its right edge up with the control's, for controls at the screen's right edge. */
  align?: "center" | "end";
  className?: string;
}

export function Tooltip({ text, placement = "above", align = "center", className }: TooltipProps) {
  const classes = [css.tip, placement === "below" ? css.below : "", align === "end" ? css.end : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <span className={classes} aria-hidden="true" data-tooltip="">
      {text}
    </span>
  );
}

export { trigger as tooltipTrigger } from "./tooltip.css";
