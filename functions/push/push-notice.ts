// What a notification on the owner's phone says about a new lead: who, which service, which town,
// the first line; tapping it opens the message (a review: the Reviews screen). Pure: the sender
// reads the service names and towns from content/ and passes them.
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import { deskPath, messagePath } from "../../src/desk/desk-routes";
import { firstLine } from "../desk/message-view";
import { townOf } from "../desk/town-names";
import type { PushNotice, StoredReview, Submission } from "../store/records";

/** Cut to `max` characters, an ellipsis where cut: the notice's schema bounds every field. */
const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function messageNotice(message: Submission, words: { services: readonly ServiceChoice[]; towns: ReadonlyMap<string, string> }): PushNotice {
  const about = [serviceLabel(words.services, message.serviceType), townOf(message.landingPage, words.towns)].filter(Boolean).join(" · ");
  return {
    title: cut(`New message: ${message.name}`, 120),
    body: cut([about, firstLine(message.message, 140)].filter(Boolean).join("\n"), 400),
    url: messagePath(message.id),
    tag: `message-${message.id}`.slice(0, 64),
    // A lead: the phone shows it at once, even saving its battery.
    urgency: "high",
  };
}

export function reviewNotice(review: StoredReview): PushNotice {
  return {
    title: cut(`New review: ${"★".repeat(review.rating)} ${review.name}`, 120),
    body: cut([review.location, firstLine(review.text, 140)].filter(Boolean).join("\n"), 400),
    url: deskPath.reviews,
    tag: `review-${review.id}`.slice(0, 64),
    urgency: "normal",
  };
}
