// The contact contract: field names, the spec's messages, phone formatting and
// the serviceType values. One module for the browser form (src/components/contact-form.tsx),
// the no-JavaScript page and the contact function, so it must stay browser-safe: no node: imports.
// The rules that check a post are in contact-schema.ts: the browser form loads them
// only when it first validates, so zod is not part of the contact page's first load.

/**
 * The spec's serviceType values, less "other": one per service. Each service page in
 * content/services names its own (`serviceType:`); its title is the value's label.
 */
export const serviceChoiceValues = [
  "emergency-removal",
  "tree-removal",
  "tree-trimming",
  "cabling-bracing",
  "stump-removal",
  "tree-doctor",
] as const;

export type ServiceChoiceValue = (typeof serviceChoiceValues)[number];

export const serviceTypeValues = [...serviceChoiceValues, "other"] as const;

export type ServiceType = (typeof serviceTypeValues)[number];

/** One option of the form's select; the email and the owner's terminal show the same label. */
export interface ServiceChoice {
  value: ServiceType;
  label: string;
}

/**
 * The form's options, in the services' order, then "Other": the labels are the
 * services' titles (content/services/*.md), so the page, the form and the email
 * name a service alike.
 */
export function serviceChoices(services: ReadonlyArray<{ serviceType: ServiceChoiceValue; title: string }>): ServiceChoice[] {
  return [...services.map((s) => ({ value: s.serviceType, label: s.title })), { value: "other", label: "Other" }];
}

/** The label of a stored value; a record written under other content may hold a value no service has now: shown as it is. */
export function serviceLabel(choices: readonly ServiceChoice[], value: string): string {
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

export const contactFields = ["name", "email", "phone", "serviceType", "message"] as const;
export type ContactField = (typeof contactFields)[number];

export const limits = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  phoneMinDigits: 10,
  phoneMax: 30,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** What a valid post holds after trimming (the schema is in contact-schema.ts); unknown fields are dropped. */

/** What a post made without JavaScript sent, as text: the form shows it again when the post is refused. */
export type FormValues = Partial<Record<ContactField, string>>;

/** Field name → message; `form` holds a problem with the request as a whole, `photos` one with its photos (contact-photos.ts). */
export type FieldErrors = Partial<Record<ContactField | "form" | "photos", string>>;


/**
 * Formats a phone number as it is typed: digits only; up to 3 raw,
 * 4-6 as "(xxx) yyy", 7-10 as "(xxx) yyy-zzzz"; digits past 10 dropped.
 * A leading country code (+1 or 1) is dropped first: US area codes never
 * start with 1, so "+1 803 555 0142" (as phones autofill it) keeps its last digit.
 */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input).slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The digits formatPhone keeps, country code dropped (the form's caret handling counts them too). */
export const phoneDigits = (input: string): string => input.replace(/\D/g, "").replace(/^1/, "");
