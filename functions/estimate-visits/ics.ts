// A calendar invitation for an estimate visit (RFC 5545, with iTIP's METHOD, RFC 5546): the
// visit's VEVENT at its wall time on the business clock (TZID), and that clock's VTIMEZONE,
// written from the zone rules the server's Intl knows, so a calendar that does not know the
// zone by name (or knows another version of it) still reads the right hour across a change of
// the clocks. A cancellation is METHOD:CANCEL with the same UID and a higher SEQUENCE.
// tests: ics.test.ts parses these with ical.js.
import { wallTimeIn } from "../../src/format/business-time";

export interface CalendarInvitation {
  method: "REQUEST" | "CANCEL";
  /** Stable for the visit, the same in its invitation and its cancellation. */
  uid: string;
  /** 0 for the invitation, 1 for its cancellation. */
  sequence: number;
  /** When this version was made (ms): the same for every resend of one email. */
  stamp: number;
  /** ISO times. */
  start: string;
  end: string;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Text escaped for a TEXT value (RFC 5545 3.3.11). */
const text = (value: string): string => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
/** A parameter value (CN=...): quoted, without the characters a quoted value cannot hold. */
const param = (value: string): string => `"${value.replace(/["\r\n]/g, "")}"`;

/** A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Back off a continuation byte (10xxxxxx): a line may not split a character.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.toString("utf8", start, end));
    start = end;
    limit = 74; // the leading space of a continuation line counts
  }
  return parts.join("\r\n ");
}

const utcStamp = (ms: number): string => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const localStamp = (timeZone: string, ms: number): string => {
  const { date, time } = wallTimeIn(timeZone, new Date(ms));
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
};

/** Minutes the zone is ahead of UTC at `ms`. */
function offsetAt(timeZone: string, ms: number): number {
  const { date, time } = wallTimeIn(timeZone, new Date(ms));
  return Math.round((Date.parse(`${date}T${time}:00Z`) - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
}

const offsetText = (minutes: number): string => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** Every change of the zone's offset between two moments, each to the minute (sampled every 6 hours, then halved down). */
function transitions(timeZone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let before = offsetAt(timeZone, from);
  for (let t = from + 6 * HOUR; t <= to; t += 6 * HOUR) {
    const after = offsetAt(timeZone, t);
    if (after === before) continue;
    let [low, high] = [t - 6 * HOUR, t];
    while (high - low > MINUTE) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(timeZone, mid) === before) low = mid;
      else high = mid;
    }
    found.push({ at: high, from: before, to: after });
    before = after;
  }
  return found;
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** The yearly rule a transition follows, as the wall clock it leaves reads it: month, weekday and which of them. */
function ruleOf(t: Transition): { month: number; weekday: string; nth: number; last: boolean; time: string } {
  const wall = new Date(t.at + t.from * MINUTE);
  const date = wall.getUTCDate();
  const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    month: wall.getUTCMonth() + 1,
    weekday: WEEKDAYS[wall.getUTCDay()] ?? "SU",
    nth: Math.ceil(date / 7),
    last: date + 7 > daysInMonth,
    time: wall.toISOString().slice(11, 19),
  };
}

/**
 * The zone's VTIMEZONE for the years around `around` (the year before to the year after). Each
 * kind of change (to daylight saving time, back to standard time) that falls on the same
 * weekday rule every one of those years is written once with its yearly RRULE, as RFC 5545's
 * own America/New_York example is (DAYLIGHT: 2nd Sunday of March; STANDARD: 1st Sunday of
 * November); otherwise each change is written as it happens. DTSTART is the wall time on the
 * clock being left (TZOFFSETFROM). A zone that never changes gets one STANDARD observance.
 */
export function vtimezone(timeZone: string, around: number): string[] {
  const year = new Date(around).getUTCFullYear();
  const changes = transitions(timeZone, Date.UTC(year - 1, 0, 1), Date.UTC(year + 2, 0, 1));
  const name = (ms: number) =>
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = offsetText(offsetAt(timeZone, around));
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, `TZNAME:${text(name(around))}`, "END:STANDARD");
    return [...lines, "END:VTIMEZONE"];
  }
  const kinds = [changes.filter((c) => c.to > c.from), changes.filter((c) => c.to <= c.from)];
  for (const [i, kind] of kinds.entries()) {
    const component = i === 0 ? "DAYLIGHT" : "STANDARD";
    const rules = kind.map(ruleOf);
    const first = rules[0];
    const same = (key: "month" | "weekday" | "time") => rules.every((r) => r[key] === first?.[key]);
    const yearly = first && kind.length === 3 && same("month") && same("weekday") && same("time") && new Set(kind.map((c) => new Date(c.at).getUTCFullYear())).size === 3;
    const byDay = yearly && (rules.every((r) => r.nth === first.nth) ? `${first.nth}` : rules.every((r) => r.last) ? "-1" : undefined);
    const observance = (c: Transition, rule?: string) => [
      `BEGIN:${component}`,
      `DTSTART:${utcStamp(c.at + c.from * MINUTE).replace("Z", "")}`,
      ...(rule ? [rule] : []),
      `TZOFFSETFROM:${offsetText(c.from)}`,
      `TZOFFSETTO:${offsetText(c.to)}`,
      `TZNAME:${text(name(c.at + MINUTE))}`,
      `END:${component}`,
    ];
    const start = kind[0];
    if (byDay && first && start) lines.push(...observance(start, `RRULE:FREQ=YEARLY;BYMONTH=${first.month};BYDAY=${byDay}${first.weekday}`));
    else for (const c of kind) lines.push(...observance(c));
  }
  return [...lines, "END:VTIMEZONE"];
}

/** The invitation as an .ics file: CRLF line ends, lines folded. */
export function calendarFile(invite: CalendarInvitation): string {
  const start = Date.parse(invite.start);
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:-//${text(invite.organizer.name)}//Estimate visits//EN`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${invite.method}`,
    ...vtimezone(invite.timeZone, start),
    "BEGIN:VEVENT",
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcStamp(invite.stamp)}`,
    `DTSTART;TZID=${invite.timeZone}:${localStamp(invite.timeZone, start)}`,
    `DTEND;TZID=${invite.timeZone}:${localStamp(invite.timeZone, Date.parse(invite.end))}`,
    `SUMMARY:${text(invite.summary)}`,
    `LOCATION:${text(invite.location)}`,
    `DESCRIPTION:${text(invite.description)}`,
    `ORGANIZER;CN=${param(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;CN=${param(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${invite.method === "CANCEL" ? "DECLINED" : "ACCEPTED"};RSVP=FALSE:mailto:${invite.attendee.email}`,
    `STATUS:${invite.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
