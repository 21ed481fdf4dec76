// Shared by the server (functions/contact/app.ts) and the React contact form,
// so this module must stay browser-safe: zod only, no node: imports.
// A namespace import lets bundlers drop the parts of zod the form never uses (all its locales, JSON Schema): ~90 KB less gzip on /contact.
import * as z from "zod";
import { CONTROL_CHARACTER, messagesByField, noHiddenCharacters, noLineBreaks, requiredText } from "./form-fields";

/** The values that name one of the six services (each service page in content/services has one). */
export const serviceChoiceValues = [
  "emergency-removal",
  "tree-removal",
  "tree-trimming",
  "cabling-bracing",
  "stump-removal",
  "tree-doctor",
] as const;

export const serviceTypeValues = [...serviceChoiceValues, "other"] as const;

export type ServiceType = (typeof serviceTypeValues)[number];

// A Record, so adding a value above without a label fails to typecheck.
export const serviceTypeLabels: Record<ServiceType, string> = {
  "emergency-removal": "Emergency Tree Removal",
  "tree-removal": "Tree Removal",
  "tree-trimming": "Tree Trimming & Pruning",
  "cabling-bracing": "Cabling & Bracing",
  "stump-removal": "Stump Removal & Grinding",
  "tree-doctor": "Tree Doctor / Health Assessment",
  other: "Other",
};

/** The options of the form's select, in display order. */
export const serviceTypes: ReadonlyArray<{ value: ServiceType; label: string }> = serviceTypeValues.map((value) => ({
  value,
  label: serviceTypeLabels[value],
}));

/** Label for a stored value; records written by an older schema may hold an unknown one. */
export function serviceTypeLabel(value: string): string {
  const known = serviceTypeValues.find((v) => v === value);
  return known ? serviceTypeLabels[known] : value;
}

export const contactFields = ["name", "email", "phone", "serviceType", "message"] as const;
export type ContactField = (typeof contactFields)[number];

// The field rules and anti-spam names shared with the review form live in form-fields.ts
// (so /reviews does not carry this schema); exported from here too, as before.
export {
  CONTROL_CHARACTER,
  HONEYPOT_FIELD,
  messagesByField,
  noHiddenCharacters,
  noLineBreaks,
  requiredText,
  SHOWN_AT_FIELD,
} from "./form-fields";

export const limits = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  phoneMinDigits: 10,
  phoneMax: 30,
  messageMin: 10,
  messageMax: 5000,
} as const;

const countDigits = (value: string): number => value.replace(/\D/g, "").length;

export const contactSchema = z.object(
  {
    name: requiredText("Name", "Name is required")
      .refine(...noLineBreaks("Name"))
      .refine(...noHiddenCharacters("Name"))
      .min(limits.nameMin, `Name must be at least ${limits.nameMin} characters`)
      .max(limits.nameMax, `Name must be at most ${limits.nameMax} characters`),
    email: requiredText("Email", "Email is required")
      .refine(...noLineBreaks("Email"))
      .refine(...noHiddenCharacters("Email"))
      .max(limits.emailMax, { error: `Email must be at most ${limits.emailMax} characters`, abort: true })
      .pipe(z.email({ error: "Invalid email address" })),
    phone: requiredText("Phone number", "Phone number is required")
      .refine(...noLineBreaks("Phone number"))
      .refine(...noHiddenCharacters("Phone number"))
      .max(limits.phoneMax, { error: `Phone number must be at most ${limits.phoneMax} characters`, abort: true })
      .refine((value) => countDigits(value) >= limits.phoneMinDigits, `Phone number must be at least ${limits.phoneMinDigits} digits`),
    // An enum never matches a value with a line break, so no extra check is needed here.
    serviceType: z.enum(serviceTypeValues, { error: "Please select a service" }),
    message: requiredText("Message", "Message is required")
      .refine((value) => !CONTROL_CHARACTER.test(value), { error: "Message must not contain control characters", abort: true })
      .min(limits.messageMin, `Message must be at least ${limits.messageMin} characters`)
      .max(limits.messageMax, `Message must be at most ${limits.messageMax} characters`),
  },
  { error: "Send the form fields as one object" },
);

/** What a valid post holds after trimming; unknown fields are dropped. */
export type ContactInput = z.infer<typeof contactSchema>;

/** Field name → message; `form` holds a problem with the request as a whole. */
export type FieldErrors = Partial<Record<ContactField | "form", string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  return messagesByField(error, contactFields);
}

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
