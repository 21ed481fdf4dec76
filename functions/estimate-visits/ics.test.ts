import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFile, vtimezone, type CalendarInvitation } from "./ics";

const zone = "America/New_York";

const invitation = (start: string, end: string, extra: Partial<CalendarInvitation> = {}): CalendarInvitation => ({
  method: "REQUEST",
  uid: "4f9c2d1e-0000-4000-8000-000000000001@cedarridgetree.example",
  sequence: 0,
  stamp: Date.parse("2026-03-05T23:00:00Z"),
  start,
  end,
  timeZone: zone,
  summary: "Free estimate visit: Cedar Ridge Tree Service",
  description: "Jane Doe, (803) 555-0142. A dead pine leans over the shed; near the fence, by the dock.",
  location: "12 Oak St, Chapin",
  organizer: { name: "Cedar Ridge Tree Service", email: "office@cedarridgetree.example" },
  attendee: { name: "Jane Doe", email: "jane@example.com" },
  ...extra,
});

/** The file as a calendar program reads it: ical.js, which knows no zones but the file's own VTIMEZONE. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const timezone = calendar.getFirstSubcomponent("vtimezone");
  if (!timezone) throw new Error("no VTIMEZONE");
  ICAL.TimezoneService.reset();
  ICAL.TimezoneService.register(timezone);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, event: new ICAL.Event(vevent), zone: ICAL.TimezoneService.get(zone) };
}

describe("calendarFile", () => {
  it("puts a visit booked in winter time at its hour after the clocks go forward (2026-03-08)", () => {
    // Booked on Thursday March 5 (EST, -05:00) for Monday March 9 at 8 AM (EDT, -04:00).
    const { calendar, event } = read(calendarFile(invitation("2026-03-09T08:00:00-04:00", "2026-03-09T09:00:00-04:00")));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe("4f9c2d1e-0000-4000-8000-000000000001@cedarridgetree.example");
    expect(event.sequence).toBe(0);
    expect(event.startDate.zone?.tzid).toBe(zone);
    expect([event.startDate.hour, event.startDate.minute]).toEqual([8, 0]);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-03-09T12:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(event.location).toBe("12 Oak St, Chapin");
    expect(event.description).toBe("Jane Doe, (803) 555-0142. A dead pine leans over the shed; near the fence, by the dock.");
    expect(event.organizer).toBe("mailto:office@cedarridgetree.example");
    expect(event.attendees.map((a) => a.getFirstValue())).toEqual(["mailto:jane@example.com"]);
  });

  it("puts a visit booked in summer time at its hour after the clocks go back (2026-11-01)", () => {
    const { event } = read(calendarFile(invitation("2026-11-02T08:00:00-05:00", "2026-11-02T09:00:00-05:00", { stamp: Date.parse("2026-10-29T14:00:00Z") })));
    expect([event.startDate.hour, event.startDate.minute]).toEqual([8, 0]);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-11-02T13:00:00.000Z");
  });

  it("cancels with the same UID, a higher SEQUENCE and METHOD:CANCEL", () => {
    const ics = calendarFile(invitation("2026-03-09T08:00:00-04:00", "2026-03-09T09:00:00-04:00", { method: "CANCEL", sequence: 1 }));
    const { calendar, event } = read(ics);
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.uid).toBe("4f9c2d1e-0000-4000-8000-000000000001@cedarridgetree.example");
    expect(event.sequence).toBe(1);
    expect(event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("folds long lines at 75 octets without splitting a character, with CRLF line ends", () => {
    const description = `Ms Zoë Ångström: ${"the old live oak ".repeat(12)}é`;
    const ics = calendarFile(invitation("2026-03-09T08:00:00-04:00", "2026-03-09T09:00:00-04:00", { description }));
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line, "utf8") <= 75)).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    expect(read(ics).event.description).toBe(description);
  });
});

describe("vtimezone", () => {
  it("gives every day from the year before's first change to the year after the offset the zone rules give, as a calendar reads it", () => {
    const lines = vtimezone(zone, Date.parse("2026-03-09T12:00:00Z"));
    // RFC 5545's own example for New York: a yearly rule each way.
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
    const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const timezone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone") ?? undefined);
    // Its observances start with the year before's first change (2025-03-09), so that is where it holds from.
    for (let day = Date.UTC(2025, 2, 9); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const noonUtc = day + 12 * 3_600_000;
      const intlHour = Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(noonUtc));
      const date = new Date(day);
      const local = ICAL.Time.fromData({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: intlHour, minute: 0, second: 0 }, timezone);
      expect(local.toJSDate().getTime(), new Date(noonUtc).toISOString()).toBe(noonUtc);
    }
  });

  it("writes a zone that never changes as one standard observance", () => {
    expect(vtimezone("Asia/Tokyo", Date.parse("2026-03-09T12:00:00Z"))).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Tokyo",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0900",
      "TZOFFSETTO:+0900",
      expect.stringMatching(/^TZNAME:/),
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("writes a last-Sunday rule as -1SU (London's March has five Sundays some years)", () => {
    const lines = vtimezone("Europe/London", Date.parse("2026-06-01T12:00:00Z"));
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
  });
});
