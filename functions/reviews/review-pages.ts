// Plain pages the reviews function answers with: the no-JavaScript form again with
// its problems, and the owner's confirm and outcome pages behind the email links
// (those in the site's frame when there is a build: a PageFrame). Unstyled like
// functions/contact/form-pages.ts, for the same reason (no inline style under the CSP).
import { escapeHtml } from "../../src/format/escape-html";
import { ratingValues, reviewFields, type Review, type ReviewErrors, type ReviewField } from "../../src/content/review";
import { callLine, page, type PageContact, type PageFrame } from "../contact/form-pages";
import type { ReviewAction } from "./review-tokens";
import { apiPath, pathTo } from "../../src/routes";


export type ReviewFormValues = Partial<Record<ReviewField, string>>;
/** The page for an invalid review posted without JavaScript; the site passes the real /reviews page (scripts/contact-form-renderer.ts). */
export type RenderInvalidReviewForm = (values: ReviewFormValues, errors: ReviewErrors) => string;

const labels: Record<ReviewField, string> = { name: "Your name", location: "Your town", rating: "Rating", text: "Your review" };

/** The form again with what the visitor typed and each problem linked to its field. */
export function renderInvalidReviewPage(values: ReviewFormValues, errors: ReviewErrors, contact?: PageContact): string {
  const problems = [
    ...(errors.form ? [`<li>${escapeHtml(errors.form)}</li>`] : []),
    ...reviewFields.flatMap((field) => {
      const message = errors[field];
      return message ? [`<li><a href="#review-${field}">${escapeHtml(message)}</a></li>`] : [];
    }),
  ];
  const described = (field: ReviewField) => (errors[field] ? ` aria-invalid="true" aria-describedby="review-${field}-error"` : "");
  const error = (field: ReviewField) => {
    const message = errors[field];
    return message ? `<p id="review-${field}-error">${escapeHtml(message)}</p>` : "";
  };
  const text = (field: "name" | "location") =>
    `<p><label for="review-${field}">${labels[field]}</label><br><input id="review-${field}" name="${field}" type="text" value="${escapeHtml(values[field] ?? "")}" required${described(field)}></p>${error(field)}`;
  const chosen = values.rating ?? "5";
  const stars = ratingValues
    .map((n) => `<label><input type="radio" name="rating" value="${n}"${String(n) === chosen ? " checked" : ""}> ${n} star${n === 1 ? "" : "s"}</label>`)
    .join("<br>");
  return page(
    "Please check your review",
    [
      "<h1>Please check your review</h1>",
      '<div role="alert">',
      `<p>Your review was not sent. Please fix ${problems.length === 1 ? "this problem" : "these problems"}:</p>`,
      `<ul>${problems.join("")}</ul>`,
      "</div>",
      `<form method="post" action="${apiPath.reviews}">`,
      text("name"),
      text("location"),
      `<fieldset id="review-rating"${described("rating")}><legend>${labels.rating}</legend>${stars}</fieldset>${error("rating")}`,
      `<p><label for="review-text">${labels.text}</label><br><textarea id="review-text" name="text" rows="6" required${described("text")}>${escapeHtml(values.text ?? "")}</textarea></p>${error("text")}`,
      '<button type="submit">Send Review</button>',
      "</form>",
      `<p><a href="${pathTo.reviews}">Back to the reviews</a></p>`,
      callLine(contact),
    ].join("\n"),
  );
}

const stars = (rating: number) => `${"★".repeat(rating)}${"☆".repeat(5 - rating)}`;

function reviewBlock(review: Review): string {
  return [
    "<blockquote>",
    `<p>${escapeHtml(review.text)}</p>`,
    `<footer>${escapeHtml(review.name)}, ${escapeHtml(review.location)}: <span aria-label="${review.rating} out of 5 stars">${stars(review.rating)}</span></footer>`,
    "</blockquote>",
  ].join("\n");
}

const verb: Record<ReviewAction, string> = { approve: "Approve", reject: "Reject" };

/**
 * What an email link opens. Mail scanners open links too, so this page changes
 * nothing: only its button (a POST with the same token) does.
 */
export function renderConfirmPage(review: Review, action: ReviewAction, token: string, frame: PageFrame = page): string {
  const effect =
    action === "approve"
      ? `It will be shown on <a href="${pathTo.reviews}">the reviews page</a> and may appear on the home page.`
      : "It will not be shown on the site.";
  return frame(
    `${verb[action]} this review?`,
    [
      `<h1>${verb[action]} this review?</h1>`,
      reviewBlock(review),
      `<p>${effect} Nothing changes until you press the button.</p>`,
      `<form method="post" action="${apiPath.moderateReview}">`,
      `<input type="hidden" name="token" value="${escapeHtml(token)}">`,
      `<button type="submit">${verb[action]} review</button>`,
      "</form>",
    ].join("\n"),
  );
}

/** After the button: what changed and where to see it. */
export function renderDecidedPage(review: Review, action: ReviewAction, frame: PageFrame = page): string {
  const title = action === "approve" ? "Review approved" : "Review rejected";
  const next =
    action === "approve"
      ? `<p>It is on <a href="${pathTo.reviews}">the reviews page</a> as soon as the site is rebuilt: within seconds with <code>npm start</code>, with the next build on a static host.</p>`
      : "<p>It will not be shown on the site.</p>";
  return frame(title, [`<h1>${title}</h1>`, reviewBlock(review), next].join("\n"));
}

/** A link that cannot be used (forged, altered, expired, used): says why, changes nothing. */
export function renderLinkProblemPage(title: string, message: string, frame: PageFrame = page): string {
  return frame(
    title,
    [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p role="alert">${escapeHtml(message)}</p>`,
      "<p>Nothing was changed. You can still approve or reject any review on the server with <code>npm run reviews</code>.</p>",
    ].join("\n"),
  );
}
