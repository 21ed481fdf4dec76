import { formatDayLabel } from "../../format/business-time";
import * as css from "./visits-chart.css";

// A small bar chart drawn as SVG on the server: no chart library, no script. Seven days,
// this week's bars solid with their numbers, last week's same weekdays as dashed outlines
// behind them. The numbers are also in the day-by-day table under the charts.

export interface ChartDay {
  day: string;
  value: number;
  previous: number;
}

const WIDTH = 336;
const HEIGHT = 124;
const TOP = 18;
const BOTTOM = 20;
const BAND = WIDTH / 7;
const BAR = BAND * 0.5;

export function WeekBars({ title, days }: { title: string; days: readonly ChartDay[] }) {
  const max = Math.max(1, ...days.flatMap((d) => [d.value, d.previous]));
  const plot = HEIGHT - TOP - BOTTOM;
  const height = (n: number) => (n / max) * plot;
  const week = days.reduce((n, d) => n + d.value, 0);
  const before = days.reduce((n, d) => n + d.previous, 0);
  const described = days.map((d) => `${formatDayLabel(d.day)}: ${d.value} (week before: ${d.previous})`).join("; ");
  return (
    <figure className={css.chart}>
      <figcaption className={css.caption}>
        <span>{title}</span>
        <span className={css.total}>
          {week} this week, {before} the week before
        </span>
      </figcaption>
      <svg className={css.svg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title} per day. ${described}`}>
        <line className={css.axis} x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {days.map((d, i) => {
          const x = i * BAND + (BAND - BAR) / 2;
          const base = HEIGHT - BOTTOM;
          return (
            <g key={d.day}>
              {d.previous > 0 && <rect className={css.previous} x={x - 3} y={base - height(d.previous)} width={BAR + 6} height={height(d.previous)} rx={2} />}
              {d.value > 0 && <rect className={css.week} x={x} y={base - height(d.value)} width={BAR} height={height(d.value)} rx={2} />}
              <text className={css.value} x={x + BAR / 2} y={base - height(d.value) - 4} textAnchor="middle">
                {d.value}
              </text>
              <text className={css.day} x={x + BAR / 2} y={HEIGHT - 5} textAnchor="middle">
                {formatDayLabel(d.day).slice(0, 2)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** What the two kinds of bars mean, once above the charts. */
export function ChartLegend() {
  return (
    <ul className={css.legend}>
      <li className={css.legendItem}>
        <span className={css.swatchWeek} aria-hidden="true" /> This week
      </li>
      <li className={css.legendItem}>
        <span className={css.swatchPrevious} aria-hidden="true" /> Same day the week before
      </li>
    </ul>
  );
}
