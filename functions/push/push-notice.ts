// What a notification on the owner's phone says about a new lead: who, which service, which town,
// the first line; tapping it opens the message (a review: the Reviews screen; an estimate visit:
// its day in Bookings). Pure: the sender reads the service names and towns from content/ and passes them.
import { formatVisitWhen } from "../../src/content/booking";
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import { bookingDayPath, deskPath, messagePath } from "../../src/desk/desk-routes";
import { isoOnClock } from "../../src/format/business-time";
import { firstLine } from "../desk/message-view";
import { townOf } from "../desk/town-names";
import type { BookedVisit } from "../store/estimate-visit-store";
import { noticeTag, type PushNotice, type StoredReview, type Submission } from "../store/records";

/** Cut to `max` characters, an ellipsis where cut: the notice's schema bounds every field. */
const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function messageNotice(message: Submission, words: { services: readonly ServiceChoice[]; towns: ReadonlyMap<string, string> }): PushNotice {
  const about = [serviceLabel(words.services, message.serviceType), townOf(message.landingPage, words.towns)].filter(Boolean).join(" · ");
  return {
    title: cut(`New message: ${message.name}`, 120),
    body: cut([about, firstLine(message.message, 140)].filter(Boolean).join("\n"), 400),
    url: messagePath(message.id),
    tag: noticeTag("message", message.id),
    // A lead: the phone shows it at once, even saving its battery.
    urgency: "high",
  };
}

export function reviewNotice(review: StoredReview): PushNotice {
  return {
    title: cut(`New review: ${"★".repeat(review.rating)} ${review.name}`, 120),
    body: cut([review.location, firstLine(review.text, 140)].filter(Boolean).join("\n"), 400),
    url: deskPath.reviews,
    tag: noticeTag("review", review.id),
    urgency: "normal",
  };
}

/**
 * An estimate visit booked online, or cancelled by the visitor from their email's link: when, who,
 * which service and town. Both carry the visit's tag, so the cancellation replaces the booking's
 * notification on a phone that still shows it.
 */
export function visitNotice(visit: BookedVisit, change: "booked" | "cancelled", words: { timeZone: string; services: readonly ServiceChoice[] }): PushNotice {
  const start = isoOnClock(words.timeZone, Date.parse(visit.start));
  const about = [serviceLabel(words.services, visit.serviceType), visit.town].filter(Boolean).join(" · ");
  const booked = change === "booked";
  return {
    title: cut(booked ? `Estimate visit booked: ${visit.name}` : `Estimate visit cancelled: ${visit.name}`, 120),
    body: cut([formatVisitWhen(start), about, booked ? firstLine(visit.message, 140) : "The time is free again."].filter(Boolean).join("\n"), 400),
    url: bookingDayPath(start.slice(0, 10)),
    tag: noticeTag("visit", visit.id),
    urgency: booked ? "high" : "normal",
  };
}
