import type { WeekdayName } from "../content/estimate-visits";

/**
 * The form of the hours offered, Settings' part "Estimate visits" (src/desk/screens/settings-screen.tsx)
 * as plain values: what content/estimate-visits.json holds, as text the form shows. The server turns
 * it back into the file's values (the desk server's offer-file.ts) and the build's own schema
 * (src/content/estimate-visits.ts) judges them, with its messages beside each field.
 */
export interface OfferForm {
  hours: OfferHoursRow[];
  visitMinutes: string;
  visitsAtOnce: string;
  daysAhead: string;
  noticeHours: string;
  /** The days off still ahead (YYYY-MM-DD); those past stay in the file, unshown. */
  daysOff: string[];
  /** The towns visited, by page slug. */
  towns: string[];
}

export interface OfferHoursRow {
  days: WeekdayName[];
  from: string;
  to: string;
}

export type OfferNumberField = "visitMinutes" | "visitsAtOnce" | "daysAhead" | "noticeHours";

export const offerLabels: Record<OfferNumberField, string> = {
  visitMinutes: "Minutes a visit takes",
  visitsAtOnce: "Visits at the same time",
  daysAhead: "Days ahead people can book",
  noticeHours: "Hours' notice you need",
};

export const offerHints: Record<OfferNumberField, string> = {
  visitMinutes: "A visit starts every this many minutes within your hours.",
  visitsAtOnce: "How many crews can go out at once: more than one lets two people book the same time.",
  daysAhead: "Today counts as the first day.",
  noticeHours: "Nobody can book a visit sooner than this from now.",
};

/** The form's field names, also the keys of its errors: a single value by name, an hours row's part as "hours.1.from". */
export const hoursField = (index: number, part: keyof OfferHoursRow | "remove"): string => `hours.${index}.${part}`;
/** Where a field is on the page (its id), for the problem list's links. */
export const offerFieldId = (name: string): string => `offer-${name.replaceAll(".", "-")}`;
