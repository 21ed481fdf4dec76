// How the desk words a booked estimate visit (src/desk/screens/bookings-screen.tsx): pure
// functions of the record, the business's clock and the content's names.
import { formatVisitTime, formatVisitWhen } from "../../src/content/booking";
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import type { DeskVisit } from "../../src/desk/screens/bookings-screen";
import { formatBusinessTime, isoOnClock } from "../../src/format/business-time";
import { mapsLink } from "../../src/format/maps-link";
import { formatVisitOrigin } from "../../src/format/visit-origin";
import type { BookedVisit } from "../store/estimate-visit-store";
import { dialString } from "./message-view";

export interface VisitWording {
  timeZone: string;
  services: readonly ServiceChoice[];
  /** The state, for the maps search ("SC"). */
  region: string;
}

export function deskVisit(visit: BookedVisit, words: VisitWording): DeskVisit {
  const start = isoOnClock(words.timeZone, Date.parse(visit.start));
  const cancelledBy = visit.cancelled && (visit.cancelled.by === "owner" ? `you (${visit.cancelled.who})` : visit.name);
  return {
    id: visit.id,
    time: formatVisitTime(start),
    name: visit.name,
    phone: visit.phone,
    dial: dialString(visit.phone),
    email: visit.email,
    address: visit.address,
    town: visit.town,
    service: serviceLabel(words.services, visit.serviceType),
    message: visit.message,
    mapsHref: mapsLink(visit.address, visit.town, words.region),
    booked: `Booked ${formatBusinessTime(visit.createdAt, words.timeZone)}`,
    ...(formatVisitOrigin(visit.landingPage, visit.referrer) ? { origin: formatVisitOrigin(visit.landingPage, visit.referrer) } : {}),
    ...(visit.cancelled ? { cancelled: `Cancelled by ${cancelledBy}, ${formatBusinessTime(visit.cancelled.at, words.timeZone)}. The time is free again.` } : {}),
    cancelQuestion: `Cancel ${visit.name}'s visit on ${formatVisitWhen(start)}? ${visit.name} gets an email saying so, and the time is free for someone else.`,
  };
}

/** The visit's day on the business clock (YYYY-MM-DD). */
export const visitDay = (visit: Pick<BookedVisit, "start">, timeZone: string): string => isoOnClock(timeZone, Date.parse(visit.start)).slice(0, 10);
