// Plain HTML pages for form posts made without JavaScript. The site may pass
// its own renderInvalidForm (the real React contact page) to createApp; these
// are the stand-ins, and the pages for 413/429/500, which the site's frame
// (a PageFrame) makes pages of the site when there is a build.
import { escapeHtml } from "../../src/format/escape-html";
import {
  contactFields,
  serviceLabel,
  serviceTypeValues,
  type ContactField,
  type FieldErrors,
  type FormValues,
  type ServiceChoice,
} from "../../src/content/contact";
import { PHOTO_ACCEPT, PHOTOS_FIELD, photoLimits } from "../../src/content/contact-photos";
import { apiPath, pathTo } from "../../src/routes";

export type RenderInvalidForm = (values: FormValues, errors: FieldErrors) => string;

/** Who to call when the form fails: the business facts the pages need. */
export interface PageContact {
  name: string;
  phone: { display: string; dial: string };
}

const fieldLabels: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  serviceType: "Service needed",
  message: "Message",
};

/** A whole page around `body` (HTML) titled `title`: the site's (FormPages' notice, with a build) or `page`. */
export type PageFrame = (title: string, body: string) => string;

/** Unstyled on purpose: the Content-Security-Policy (functions/http/security-headers.ts) allows no inline style, and the browser's own styles read fine. */
export const page: PageFrame = (title, body) => {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    // The site's icon (content/static/favicon.svg); without a link browsers ask for /favicon.ico, which the site has not.
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    `<body><main>${body}</main></body>`,
    "</html>",
  ].join("\n");
};

export function callLine(contact: PageContact | undefined): string {
  if (!contact) return "";
  return `<p>You can also call ${escapeHtml(contact.name)} at <a href="tel:${escapeHtml(contact.phone.dial)}">${escapeHtml(contact.phone.display)}</a>.</p>`;
}

/**
 * Lists the problems (each linked to its field) and shows the form again with
 * what the visitor typed, so a long message is not lost to a typo. `services`: the
 * form's choices, which label the options (a value without one is shown as it is).
 */
export function renderInvalidFormPage(values: FormValues, errors: FieldErrors, contact?: PageContact, services: readonly ServiceChoice[] = []): string {
  const problems = [
    ...(errors.form ? [`<li>${escapeHtml(errors.form)}</li>`] : []),
    ...contactFields.flatMap((field) => {
      const message = errors[field];
      return message ? [`<li><a href="#${field}">${escapeHtml(message)}</a></li>`] : [];
    }),
    ...(errors.photos ? [`<li><a href="#${PHOTOS_FIELD}">${escapeHtml(errors.photos)}</a></li>`] : []),
  ];

  const control = (field: ContactField): string => {
    const message = errors[field];
    const value = values[field] ?? "";
    const described = message ? ` aria-invalid="true" aria-describedby="${field}-error"` : "";
    const error = message ? `<p class="error" id="${field}-error">${escapeHtml(message)}</p>` : "";
    const label = `<label for="${field}">${fieldLabels[field]}</label>`;
    if (field === "message") {
      return `${label}<textarea id="${field}" name="${field}" rows="6" required${described}>${escapeHtml(value)}</textarea>${error}`;
    }
    if (field === "serviceType") {
      const options = serviceTypeValues
        .map((v) => `<option value="${v}"${v === value ? " selected" : ""}>${escapeHtml(serviceLabel(services, v))}</option>`)
        .join("");
      return `${label}<select id="${field}" name="${field}" required${described}><option value="">Select a service</option>${options}</select>${error}`;
    }
    const type = field === "email" ? "email" : field === "phone" ? "tel" : "text";
    return `${label}<input id="${field}" name="${field}" type="${type}" value="${escapeHtml(value)}" required${described}>${error}`;
  };

  return page(
    "Please check your message",
    [
      "<h1>Please check your message</h1>",
      '<div role="alert">',
      `<p>Your message was not sent. Please fix ${problems.length === 1 ? "this problem" : "these problems"}:</p>`,
      `<ul>${problems.join("")}</ul>`,
      "</div>",
      `<form method="post" action="${apiPath.contact}" enctype="multipart/form-data">`,
      ...contactFields.map(control),
      // The form's own photo field (src/components/contact-form.tsx), last: the function reads the fields before the photos.
      `<label for="${PHOTOS_FIELD}">Photos (optional, up to ${photoLimits.count})</label>`,
      `<input id="${PHOTOS_FIELD}" name="${PHOTOS_FIELD}" type="file" accept="${PHOTO_ACCEPT}" multiple${errors.photos ? ` aria-invalid="true" aria-describedby="${PHOTOS_FIELD}-error"` : ""}>`,
      errors.photos ? `<p class="error" id="${PHOTOS_FIELD}-error">${escapeHtml(errors.photos)}</p>` : "",
      '<button type="submit">Send Message</button>',
      "</form>",
      `<p><a href="${pathTo.contact}">Back to the contact page</a></p>`,
      callLine(contact),
    ].join("\n"),
  );
}

/** A short page for a form post that could not be taken (too large, too many, not saved). */
export function renderProblemPage(title: string, message: string, contact?: PageContact, frame: PageFrame = page): string {
  return frame(
    title,
    [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p role="alert">${escapeHtml(message)}</p>`,
      callLine(contact),
      `<p><a href="${pathTo.contact}">Back to the contact page</a></p>`,
    ].join("\n"),
  );
}
