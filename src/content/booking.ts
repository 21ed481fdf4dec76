// The booking contract (issue 40, shared/CONTRACT.md "turn 4"): the fields of a free estimate
// visit, the free times as GET /api/estimate-visits answers them, and what a refused booking
// carries. One module for the island (src/components/booking-form.tsx), the no-JavaScript page
// the function renders, and the booking function itself, so it stays browser-safe
// and free of zod: the rules are in booking-schema.ts, loaded when the form first validates.

/** The fields of a booking post, in the form's order; the contact form's five among them, with its rules. */
export const bookingFields = ["start", "name", "email", "phone", "address", "town", "serviceType", "message"] as const;
export type BookingField = (typeof bookingFields)[number];

export const bookingLimits = { addressMin: 5, addressMax: 200, townMax: 100 } as const;

/** What a no-JavaScript post sent, as text; the page shows it again when the post is refused. */
export type BookingValues = Partial<Record<BookingField, string>>;
/** Field name → message; `form` holds a problem with the request as a whole. */
export type BookingErrors = Partial<Record<BookingField | "form", string>>;

/**
 * One free estimate visit: when it starts and ends, as ISO times with the business clock's
 * offset ("2026-03-09T08:00:00-04:00"), so the wall time reads straight from the text in any
 * browser, whatever its own time zone.
 */
export interface Slot {
  start: string;
  end: string;
}

/** GET /api/estimate-visits: the free visits of the days offered, soonest first. */
export interface SlotsAnswer {
  slots: Slot[];
}

/** A town visitors may pick: its page's slug and name (content/locations). */
export interface ServedTown {
  slug: string;
  name: string;
}

/** The town field's value for "my town is not in the list": told the visit is not offered there, and offered a message. */
export const OTHER_TOWN = "other";

/**
 * The free times as the booking page shows them when the function renders it (at request
 * time: times change as visits are booked), or none in the build's copy of the page, whose
 * island fetches them.
 */
export interface BookingOffer {
  slots: Slot[];
  /** The day shown first (YYYY-MM-DD): the one asked for (?day=), else the first with a free time. */
  day?: string;
  /** When the function read them (ms): the island fetches again when they are old. */
  readAt: number;
}

/** A booking refused by the function: what was sent, why, and, after 409, a notice that the time was just taken. */
export interface RefusedBooking {
  values: BookingValues;
  errors: BookingErrors;
  /** The town is not one visited for free estimates: the page offers to send a message instead. */
  outsideArea?: boolean;
}

/** The booked visit the thank-you panel shows. */
export interface BookedVisit {
  id: string;
  start: string;
  end: string;
  email: string;
}

/** The day of a slot on the business clock: "2026-03-09". */
export const slotDay = (slot: Pick<Slot, "start">): string => slot.start.slice(0, 10);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const MONTHS_LONG = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Weekday, month and date of a "YYYY-MM-DD", spelled by hand (no Intl: the build and every browser print the same). */
function dayParts(day: string): { weekday: string; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return { weekday: WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? "", month: month - 1, date };
}

/** "Mon" / "Mar 9": a day button's two lines. */
export function dayButtonLabel(day: string): { weekday: string; date: string } {
  const { weekday, month, date } = dayParts(day);
  return { weekday: weekday.slice(0, 3), date: `${MONTHS[month] ?? ""} ${date}` };
}

/** "Monday, March 9". */
export function formatVisitDay(day: string): string {
  const { weekday, month, date } = dayParts(day);
  return `${weekday}, ${MONTHS_LONG[month] ?? ""} ${date}`;
}

/** "8:00 AM" from the wall time of an ISO time with its offset. */
export function formatVisitTime(iso: string): string {
  const hours = Number(iso.slice(11, 13));
  const minutes = iso.slice(14, 16);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Monday, March 9 at 8:00 AM". */
export const formatVisitWhen = (iso: string): string => `${formatVisitDay(iso.slice(0, 10))} at ${formatVisitTime(iso)}`;

/** Slots grouped by their day, days in order. */
export function slotsByDay(slots: readonly Slot[]): Array<{ day: string; slots: Slot[] }> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const list = days.get(slotDay(slot)) ?? [];
    list.push(slot);
    days.set(slotDay(slot), list);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}
