// The hours offered for free estimate visits (src/desk/offer-form.ts) to and from the file that
// holds them, content/estimate-visits.json: read as JSON, changed as values, judged by the build's
// own schema (src/content/estimate-visits.ts, the towns against content/locations), and written
// back with only the changed values moved (json-edit.ts), as a person would edit it.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ESTIMATE_VISITS_FILE, estimateVisitsSchema, townProblems, weekdayNames, type WeekdayName } from "../../src/content/estimate-visits";
import { isErrno } from "../../src/content/errno";
import { parseJsonFile } from "../../src/content/json-file";
import { hoursField, type OfferForm, type OfferHoursRow } from "../../src/desk/offer-form";
import { postedFields } from "./posted-fields";

export interface OfferFile {
  file: string;
  /** The file's text; undefined while there is no file (nothing offered yet: Save makes it). */
  text?: string;
  value: Record<string, unknown>;
  /** The file's hash ("" for none): a form filled from another version is refused. */
  version: string;
}

/** What a new file starts from: weekdays 8 to 11 and 2 to 5, an hour a visit, two weeks ahead, every town. */
export const defaultOffer = (towns: readonly string[]): Record<string, unknown> => ({
  visitMinutes: 60,
  hours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], from: "08:00", to: "11:00" },
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], from: "14:00", to: "17:00" },
  ],
  daysOff: [],
  visitsAtOnce: 1,
  daysAhead: 14,
  noticeHours: 3,
  towns: [...towns],
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isWeekday = (value: unknown): value is WeekdayName => typeof value === "string" && weekdayNames.some((day) => day === value);

export async function readOffer(contentDir: string, towns: readonly string[]): Promise<OfferFile> {
  const file = path.join(contentDir, ESTIMATE_VISITS_FILE);
  const text = await readFile(file, "utf8").catch((error: unknown) => {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  });
  if (text === undefined) return { file, value: defaultOffer(towns), version: "" };
  const value = parseJsonFile(`content/${ESTIMATE_VISITS_FILE}`, text);
  if (!isRecord(value)) throw new Error(`content/${ESTIMATE_VISITS_FILE}: expected an object`);
  return { file, text, value, version: createHash("sha256").update(text).digest("base64url") };
}

/** The form as the file fills it; days off before `today` are not shown. */
export function formFromOffer(value: Record<string, unknown>, today: string): OfferForm {
  return {
    hours: listOf(value.hours).map((row) => ({
      days: listOf(isRecord(row) ? row.days : undefined).filter(isWeekday),
      from: textOf(isRecord(row) ? row.from : undefined),
      to: textOf(isRecord(row) ? row.to : undefined),
    })),
    visitMinutes: textOf(value.visitMinutes),
    visitsAtOnce: textOf(value.visitsAtOnce),
    daysAhead: textOf(value.daysAhead),
    noticeHours: textOf(value.noticeHours),
    daysOff: listOf(value.daysOff).map(textOf).filter((day) => day >= today),
    towns: listOf(value.towns).map(textOf),
  };
}

/** The form as posted (urlencoded: a repeated name is a list). */
export function formFromPost(body: unknown): OfferForm {
  const posted = postedFields(body);
  const { one, has } = posted;
  const many = (name: string) => posted.many(name).map((text) => text.trim());
  const hours: OfferHoursRow[] = [];
  for (let index = 0; index < 30 && has(`hours.${index}.`); index++) {
    const row = { days: many(hoursField(index, "days")).filter(isWeekday), from: one(hoursField(index, "from")), to: one(hoursField(index, "to")) };
    const empty = row.days.length === 0 && row.from === "" && row.to === "";
    if (one(hoursField(index, "remove")) !== "yes" && !empty) hours.push(row);
  }
  const removed = new Set(many("removeDayOff"));
  const added = one("addDayOff");
  const daysOff = [...new Set([...many("daysOff").filter((day) => !removed.has(day)), ...(added ? [added] : [])])].sort();
  return {
    hours,
    visitMinutes: one("visitMinutes"),
    visitsAtOnce: one("visitsAtOnce"),
    daysAhead: one("daysAhead"),
    noticeHours: one("noticeHours"),
    daysOff,
    towns: many("towns"),
  };
}

/** A number as typed, or the text when it is not one (the schema then says what it expected). */
const numberOr = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

/** The file's values with the form applied: what the form holds changes; the days off past and any other key stay. */
export function applyForm(value: Record<string, unknown>, form: OfferForm, today: string): Record<string, unknown> {
  const next = structuredClone(value);
  next.hours = form.hours.map((row) => ({ days: row.days, from: row.from, to: row.to }));
  next.visitMinutes = numberOr(form.visitMinutes);
  next.visitsAtOnce = numberOr(form.visitsAtOnce);
  next.daysAhead = numberOr(form.daysAhead);
  next.noticeHours = numberOr(form.noticeHours);
  const past = listOf(value.daysOff).filter((day) => textOf(day) < today);
  next.daysOff = [...past, ...form.daysOff];
  // In the order of the towns on the site, as the form lists them.
  next.towns = form.towns;
  return next;
}

/** The build's judgement of the new values, each message beside its field ("hours.1.to", "towns", "addDayOff"). */
export function checkOffer(value: unknown, townSlugs: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = estimateVisitsSchema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, second, third] = issue.path.map(String);
      const field =
        first === "hours" && second !== undefined ? hoursField(Number(second), third === "from" || third === "to" || third === "days" ? third : "days") : first === "daysOff" ? "addDayOff" : (first ?? "form");
      errors[field] ??= issue.message;
    }
    return errors;
  }
  const [town] = townProblems(`content/${ESTIMATE_VISITS_FILE}`, result.data, townSlugs);
  if (town) errors.towns = town.problem;
  return errors;
}
