import type { Site } from "../content/site";

/**
 * The Business details form (src/desk/screens/business-screen.tsx) as plain values:
 * what content/site.json (and, for the service area note, content/home.json) holds that
 * an owner changes. Each value is text as the form shows it; the server turns it back
 * into the files' values (the desk server's business-facts.ts) and the site's own schemas
 * judge them, with the build's messages.
 */
export interface BusinessForm {
  phone: string;
  email: string;
  emergencyLine: string;
  emergencyResponse: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  hours: HoursRow[];
  social: SocialRow[];
  serviceAreaNote: string;
  name: string;
  shortName: string;
  url: string;
  foundingYear: string;
  ratingValue: string;
  ratingCount: string;
  /** How Text and Email back on a message start (src/format/reply-start.ts); empty: the default words. */
  replyStart: string;
}

export type DayName = Site["hours"][number]["days"][number];
export const dayNames: readonly DayName[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export interface HoursRow {
  label: string;
  days: DayName[];
  opens: string;
  closes: string;
  note: string;
}

export interface SocialRow {
  name: string;
  url: string;
}

export type BusinessTextField = Exclude<keyof BusinessForm, "hours" | "social">;

/** The single facts, in the form's order. */
export const businessTextFields: readonly BusinessTextField[] = [
  "phone",
  "email",
  "emergencyLine",
  "emergencyResponse",
  "streetAddress",
  "locality",
  "region",
  "postalCode",
  "serviceAreaNote",
  "name",
  "shortName",
  "url",
  "foundingYear",
  "ratingValue",
  "ratingCount",
  "replyStart",
];

/** Every single fact's value from `value`. */
export function textFacts(value: (name: BusinessTextField) => string): Pick<BusinessForm, BusinessTextField> {
  return {
    phone: value("phone"),
    email: value("email"),
    emergencyLine: value("emergencyLine"),
    emergencyResponse: value("emergencyResponse"),
    streetAddress: value("streetAddress"),
    locality: value("locality"),
    region: value("region"),
    postalCode: value("postalCode"),
    serviceAreaNote: value("serviceAreaNote"),
    name: value("name"),
    shortName: value("shortName"),
    url: value("url"),
    foundingYear: value("foundingYear"),
    ratingValue: value("ratingValue"),
    ratingCount: value("ratingCount"),
    replyStart: value("replyStart"),
  };
}

/** Each single field's label: the fact it holds (tests and shared/CONTRACT.md find the fields by these). */
export const businessLabels: Record<BusinessTextField, string> = {
  phone: "Phone",
  email: "Email",
  emergencyLine: "Emergency line",
  emergencyResponse: "Emergency response time",
  streetAddress: "Street address",
  locality: "Town",
  region: "State",
  postalCode: "ZIP code",
  serviceAreaNote: "Service area note",
  name: "Business name",
  shortName: "Short name",
  url: "Web address",
  foundingYear: "Year founded",
  ratingValue: "Average rating",
  ratingCount: "Number of ratings",
  replyStart: "Reply start",
};

export const hoursLabels: Record<keyof HoursRow, string> = { label: "Days as shown", days: "Days", opens: "Opens", closes: "Closes", note: "Note" };
export const socialLabels: Record<keyof SocialRow, string> = { name: "Site name", url: "Link" };

/**
 * The form's field names, which are also the keys of its errors: a single fact by its
 * name ("phone"), a row's part by list, index and part ("hours.1.opens", "social.0.url").
 */
export const rowField = (list: "hours" | "social", index: number, part: string): string => `${list}.${index}.${part}`;

/** Where a field is on the page (its id), for the problem list's and the checklist's links. */
export const fieldId = (name: string): string => `field-${name.replaceAll(".", "-")}`;

/**
 * The "Before launch" entries of site.json `placeholders` (scripts/build-engine/placeholders.ts)
 * that a field of this form fixes: the entry, and the field it links to.
 */
export const placeholderFields: Readonly<Record<string, BusinessTextField | "social">> = {
  name: "name",
  shortName: "shortName",
  url: "url",
  phone: "phone",
  email: "email",
  address: "streetAddress",
  social: "social",
  rating: "ratingValue",
  foundingYear: "foundingYear",
};

/** What a placeholder entry is, in the checklist's words. */
export function placeholderLabel(entry: string): string {
  const field = placeholderFields[entry];
  if (field === "social") return "Social links";
  if (field === "streetAddress") return "Address";
  if (field === "ratingValue") return "Rating";
  if (field) return businessLabels[field];
  return entry;
}

/** An entry outside site.json's form ("home.json: testimonials"): the file to change, under content/. */
export const placeholderFile = (entry: string): string | undefined => (placeholderFields[entry] ? undefined : entry.split(":")[0]?.trim());
