import type { LeadLine, RankedLine, ReplySpeed, VisitDay, VisitSummary, VisitTotals } from "../../content/visit-summary";
import { formatBusinessTime, formatDayLabel } from "../../format/business-time";
import { minutesText } from "../../format/open-hours";
import { change, leadText, leadWords, plural, replyCountText, replySpeedRule, replySpeedText } from "../../format/visit-words";
import { messagePath } from "../desk-routes";
import { Card } from "../desk-ui";
import * as ui from "../desk-ui.css";
import { ChartLegend, WeekBars } from "./visits-chart";
import * as css from "./visits-screen.css";

/**
 * The Visits screen (issue 30): the last seven days against the seven before, in plain
 * words. The same numbers as the Monday email and `npm run report` (the visit function's
 * week-summary.ts makes them). `summary` is absent where nothing counts visits.
 */
export interface VisitsData {
  summary?: VisitSummary;
  timeZone: string;
}

const BIG: ReadonlyArray<[keyof VisitTotals, string]> = [
  ["visitors", "People"],
  ["calls", "Call taps"],
  ["messages", "Messages"],
  ["reviews", "Reviews"],
];

const DAY_COLUMNS: ReadonlyArray<[keyof Omit<VisitDay, "day">, string]> = [
  ["visitors", "People"],
  ["calls", "Calls"],
  ["messages", "Messages"],
];

function Totals({ summary }: { summary: VisitSummary }) {
  const { week, previous } = summary.totals;
  return (
    <dl className={css.totals}>
      {BIG.map(([key, name]) => {
        const moved = change(week[key], previous[key]);
        return (
          <div key={key} className={css.total}>
            <dt className={css.totalName}>{name}</dt>
            <dd className={css.totalNumber}>{week[key]}</dd>
            <dd className={css.totalBefore}>
              {previous[key]} the week before{moved ? ` (${moved})` : ""}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Ranked({ lines, none }: { lines: readonly RankedLine[]; none: string }) {
  if (lines.length === 0) return <p className={ui.muted}>{none}</p>;
  return (
    <ol className={css.ranked}>
      {lines.map((line) => (
        <li key={line.label} className={css.rankedItem}>
          <span className={css.rankedLabel}>{line.label}</span>
          <span className={css.rankedCount}>
            {line.count} <span className={ui.muted}>(week before: {line.previous})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Leads({ lines }: { lines: readonly LeadLine[] }) {
  return (
    <ol className={css.ranked}>
      {lines.map((line) => (
        <li key={line.label} className={css.rankedItem}>
          <span className={css.rankedLabel}>{line.label}</span>
          <span className={css.rankedCount}>{leadWords(line)}</span>
        </li>
      ))}
    </ol>
  );
}

export function VisitsScreen({ data }: { data: VisitsData }) {
  const { summary, timeZone } = data;
  if (!summary) {
    return (
      <Card>
        <p>Visits are not counted on this server.</p>
      </Card>
    );
  }
  const day = (pick: (d: VisitDay) => number) => summary.days.map((d) => ({ day: d.day, value: pick(d), previous: pick(d.previous) }));
  const { devices } = summary;
  return (
    <>
      <Card title={`${formatDayLabel(summary.week.from)} to ${formatDayLabel(summary.week.to)}`} id="week">
        <Totals summary={summary} />
        <p className={ui.muted}>
          {plural(summary.totals.week.views, "page")} seen in {plural(summary.totals.week.visits, "visit")}; people came on {devices.phone} phones, {devices.tablet} tablets and {devices.desktop}{" "}
          computers.
        </p>
      </Card>
      <Card title="Day by day" id="days">
        <ChartLegend />
        <WeekBars title="People" days={day((d) => d.visitors)} />
        <WeekBars title="Call taps" days={day((d) => d.calls)} />
        <WeekBars title="Messages" days={day((d) => d.messages)} />
        <table className={css.days}>
          <caption className={ui.muted}>The same numbers, with the week before in brackets</caption>
          <thead>
            <tr>
              <th className={css.dayName} scope="col">
                Day
              </th>
              {DAY_COLUMNS.map(([key, name]) => (
                <th key={key} className={css.dayCell} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.days.map((d) => (
              <tr key={d.day}>
                <th className={css.dayName} scope="row">
                  {formatDayLabel(d.day)}
                </th>
                {DAY_COLUMNS.map(([key]) => (
                  <td key={key} className={css.dayCell}>
                    {d[key]} ({d.previous[key]})
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Replies replies={summary.replies} timeZone={timeZone} />
      <Card title="Calls and messages this week" id="leads">
        {summary.recentLeads.length === 0 ? (
          <p className={ui.muted}>None yet this week.</p>
        ) : (
          <ul className={css.ranked}>
            {summary.recentLeads.map((lead) => (
              <li key={`${lead.kind}-${lead.at}-${lead.landingPage ?? ""}-${lead.source ?? ""}-${lead.detail ?? ""}`} className={css.rankedItem}>
                <span className={css.rankedLabel}>{leadText(lead, timeZone)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {(summary.topTowns.length > 0 || summary.topServices.length > 0) && (
        <Card title="What brought the work" id="towns">
          <p className={ui.muted}>Calls and messages by the town or service page the visit started on.</p>
          <Leads lines={[...summary.topTowns, ...summary.topServices]} />
        </Card>
      )}
      <Card title="Pages people read" id="pages">
        <Ranked lines={summary.topPages} none="No pages seen yet this week." />
      </Card>
      <Card title="Where visitors came from" id="sources">
        <p className={ui.muted}>"direct" means typed in, bookmarked, or opened from an app or an email.</p>
        <Ranked lines={summary.topReferrers} none="No visits yet this week." />
      </Card>
    </>
  );
}

/** How fast messages were answered, and which still wait: each opens the message. */
function Replies({ replies, timeZone }: { replies: ReplySpeed; timeZone: string }) {
  return (
    <Card title="How fast you answered" id="replies">
      {replies.medianMinutes !== undefined && (
        <p className={css.speed}>
          <span className={css.totalNumber}>{minutesText(replies.medianMinutes)}</span> <span>Half the week's messages were answered within this.</span>
        </p>
      )}
      <p>{replies.messages === 0 ? replySpeedText(replies) : replyCountText(replies)}</p>
      {replies.waiting.length > 0 && (
        <>
          <h3 className={css.subheading}>Still waiting for an answer after more than an hour</h3>
          <ul className={css.ranked}>
            {replies.waiting.map((m) => (
              <li key={m.id} className={css.rankedItem}>
                <a className={css.rankedLabel} href={messagePath(m.id)}>
                  {m.name}
                </a>
                <span className={css.rankedCount}>
                  {formatBusinessTime(m.at, timeZone)}: waiting {minutesText(m.waitedMinutes)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={ui.muted}>{replySpeedRule(replies)}</p>
    </Card>
  );
}
