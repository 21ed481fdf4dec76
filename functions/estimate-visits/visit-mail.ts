// The emails about an estimate visit (a `estimate-visit` mail job, functions/store/records.ts):
// the invitation to the visitor and to the owner, each with an .ics invitation (ics.ts), the
// cancellation to both (METHOD:CANCEL, same UID), and the visitor's reminder the evening before.
// Pure, like the other builders of functions/contact/mailer.ts, which calls these.
import { formatVisitTime, formatVisitWhen } from "../../src/content/booking";
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import type { Site } from "../../src/content/site";
import { escapeHtml } from "../../src/format/escape-html";
import { isoOnClock } from "../../src/format/business-time";
import { formatVisitOrigin } from "../../src/format/visit-origin";
import { mapsLink } from "../../src/format/maps-link";
import { headerText, notificationMessageId, type MailAddresses, type NotificationMessage } from "../contact/notification-message";
import type { VisitJob } from "../store/records";
import { calendarFile } from "./ics";

/** Where the emails point: the visitor's cancel link, the owner's desk page for the visit's day. */
export interface VisitMailLinks {
  cancel: string;
  desk: string;
}

/** How long before its start a visitor may still cancel a visit from the link (afterwards: call). */
export const CANCEL_UNTIL_MS = 60 * 60_000;

export function buildVisitMessage(job: VisitJob, site: Site, addresses: MailAddresses, services: readonly ServiceChoice[], links: VisitMailLinks): NotificationMessage {
  const { visit } = job;
  // The visit's times as the business clock reads them, whatever form they were stored in.
  const start = isoOnClock(site.timeZone, Date.parse(visit.start));
  const end = isoOnClock(site.timeZone, Date.parse(visit.end));
  const when = formatVisitWhen(start);
  const service = serviceLabel(services, visit.serviceType);
  const place = `${visit.address}, ${visit.town}`;
  const maps = mapsLink(visit.address, visit.town, site.address.region);
  const tel = visit.phone.replace(/[^\d+]/g, "");
  const toOwner = job.to === "owner";
  const cancelledBy = job.cancelled?.by === "owner" ? "you" : visit.name;

  const subject = {
    booked: toOwner ? `Estimate visit booked: ${headerText(visit.name)}, ${when}, ${headerText(visit.town)}` : `Your free estimate visit: ${when}`,
    cancelled: toOwner ? `Estimate visit cancelled by ${headerText(cancelledBy)}: ${when}` : `Cancelled: your estimate visit on ${when}`,
    reminder: `Tomorrow at ${formatVisitTime(start)}: your free estimate visit with ${site.name}`,
  }[job.event];

  const intro = {
    booked: toOwner
      ? `${visit.name} booked a free estimate visit on the website, ${when}.`
      : `Thank you, ${visit.name}. An arborist from ${site.name} will come to look at your trees on ${when} (about an hour). The invitation is attached: open it to add the visit to your calendar.`,
    cancelled: toOwner
      ? `${job.cancelled?.by === "owner" ? "You cancelled" : `${visit.name} cancelled`} the estimate visit of ${when}. The time is free again on the website.`
      : `The free estimate visit of ${when} is cancelled${job.cancelled?.by === "owner" ? ` by ${site.name}` : ""}. Open the attachment to take it out of your calendar.`,
    reminder: `A reminder: an arborist from ${site.name} comes tomorrow, ${when}, to ${place}.`,
  }[job.event];

  const rows: Array<[string, string, string?]> = toOwner
    ? [
        ["When", when],
        ["Name", visit.name],
        ["Phone", visit.phone, tel ? `tel:${tel}` : undefined],
        ["Email", visit.email, `mailto:${visit.email}`],
        ["Address", place, maps],
        ["Service", service],
        ...(formatVisitOrigin(visit.landingPage, visit.referrer) ? [["Visit", formatVisitOrigin(visit.landingPage, visit.referrer) ?? ""] as [string, string]] : []),
      ]
    : [
        ["When", when],
        ["Where", place],
        ["Service", service],
      ];
  const closing = toOwner
    ? [`In the desk: ${links.desk}`]
    : job.event === "cancelled"
      ? [`To book another time: ${new URL("/book-estimate", site.url).href}`, `Questions? Call ${site.phone.display}.`]
      : [`Can't make it? Cancel here until an hour before: ${links.cancel}`, `Questions, or running late? Call ${site.phone.display}.`];

  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(toOwner || job.event === "booked" ? ["What the tree needs:", visit.message, ""] : []),
    ...closing,
    "",
    `Visit id: ${visit.id}`,
  ].join("\n");

  const cell = ([, value, href]: [string, string, string?]) => (href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value));
  const linked = (line: string) => escapeHtml(line).replace(/(https:\/\/\S+)/g, (url) => `<a href="${url}">${url}</a>`);
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="6" style="border-collapse: collapse;">',
    ...rows.map((row) => `<tr><th align="left" scope="row" style="padding-right: 16px;">${escapeHtml(row[0])}</th><td>${cell(row)}</td></tr>`),
    "</table>",
    ...(toOwner || job.event === "booked" ? ['<h2 style="font-size: 16px;">What the tree needs</h2>', `<p style="white-space: pre-wrap;">${escapeHtml(visit.message)}</p>`] : []),
    ...closing.map((line) => `<p>${linked(line)}</p>`),
    `<p style="color: #616e7c; font-size: 12px;">Visit id: ${escapeHtml(visit.id)}</p>`,
    "</body></html>",
  ].join("\n");

  const hostname = new URL(site.url).hostname;
  const invitation =
    job.event === "reminder"
      ? undefined
      : calendarFile({
          method: job.event === "booked" ? "REQUEST" : "CANCEL",
          uid: `${visit.id}@${hostname}`,
          sequence: job.event === "booked" ? 0 : 1,
          stamp: Date.parse(job.createdAt),
          start,
          end,
          timeZone: site.timeZone,
          summary: toOwner ? `Estimate visit: ${visit.name}, ${visit.town}` : `Free estimate visit: ${site.name}`,
          description: toOwner
            ? `${visit.name}, ${visit.phone}, ${visit.email}. ${service}. ${visit.message}`
            : `An arborist from ${site.name} comes to look at your trees and gives you a written price. ${service}. Questions: ${site.phone.display}. To cancel: ${links.cancel}`,
          location: place,
          organizer: { name: site.name, email: addresses.to },
          attendee: { name: visit.name, email: visit.email },
        });

  return {
    from: { name: `${site.name} website`, address: addresses.from },
    to: toOwner ? addresses.to : visit.email,
    replyTo: toOwner ? { name: headerText(visit.name), address: visit.email } : { name: site.name, address: site.email },
    subject,
    text,
    html,
    messageId: notificationMessageId(job, site),
    headers: { "X-Estimate-Visit-Id": visit.id },
    ...(invitation ? { icalEvent: { method: job.event === "booked" ? "REQUEST" : "CANCEL", filename: "estimate-visit.ics", content: invitation } } : {}),
  };
}
