import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { problemsFromZod, formatProblem } from "../../src/content/content-error";
import { homeSchema } from "../../src/content/home";
import { parseJsonFile } from "../../src/content/json-file";
import { siteSchema } from "../../src/content/site";
import {
  businessLabels,
  businessTextFields,
  dayNames,
  hoursLabels,
  placeholderFields,
  rowField,
  textFacts,
  type BusinessForm,
  type BusinessTextField,
  type DayName,
  type HoursRow,
  type SocialRow,
} from "../../src/desk/business-form";

// Business details (src/desk/business-form.ts) to and from the files that hold them: content/site.json
// and, for the service area note, content/home.json. The files are read as JSON, changed as values,
// judged by the build's own schemas, and written back with only the changed values moved (json-edit.ts).

export interface FactsFile {
  file: string;
  text: string;
  value: Record<string, unknown>;
}

export interface FactsFiles {
  site: FactsFile;
  home: FactsFile;
  /** Both files' hash: a form filled from another version is refused ("changed since you opened it"). */
  version: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const at = (value: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, key) => (isRecord(v) ? v[key] : undefined), value);

export async function readFacts(contentDir: string): Promise<FactsFiles> {
  const read = async (name: string): Promise<FactsFile> => {
    const file = path.join(contentDir, name);
    const text = await readFile(file, "utf8");
    const value = parseJsonFile(`content/${name}`, text);
    if (!isRecord(value)) throw new Error(`content/${name}: expected an object`);
    return { file, text, value };
  };
  const [site, home] = await Promise.all([read("site.json"), read("home.json")]);
  return { site, home, version: createHash("sha256").update(site.text).update("\0").update(home.text).digest("base64url") };
}

/** The form as the files fill it. */
export function formFromFacts(site: Record<string, unknown>, home: Record<string, unknown>): BusinessForm {
  const phone = site.phone;
  return {
    phone: isRecord(phone) ? textOf(phone.display) : textOf(phone),
    email: textOf(site.email),
    emergencyLine: textOf(site.emergencyLine),
    emergencyResponse: textOf(site.emergencyResponse),
    streetAddress: textOf(at(site, "address", "streetAddress")),
    locality: textOf(at(site, "address", "locality")),
    region: textOf(at(site, "address", "region")),
    postalCode: textOf(at(site, "address", "postalCode")),
    hours: (Array.isArray(site.hours) ? site.hours : []).map((row) => ({
      label: textOf(at(row, "label")),
      days: listOf(at(row, "days")).filter(isDay),
      opens: textOf(at(row, "opens")),
      closes: textOf(at(row, "closes")),
      note: textOf(at(row, "note")),
    })),
    social: (Array.isArray(site.social) ? site.social : []).map((row) => ({ name: textOf(at(row, "name")), url: textOf(at(row, "url")) })),
    serviceAreaNote: textOf(at(home, "sections", "serviceAreas", "intro")),
    name: textOf(site.name),
    shortName: textOf(site.shortName),
    url: textOf(site.url),
    foundingYear: textOf(site.foundingYear),
    ratingValue: textOf(at(site, "rating", "value")),
    ratingCount: textOf(at(site, "rating", "count")),
    replyStart: textOf(site.replyStart),
  };
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isDay = (value: unknown): value is DayName => typeof value === "string" && dayNames.some((day) => day === value);

/** The form as posted (urlencoded: a repeated name is a list); the placeholders ticked as real. */
export function formFromPost(body: unknown): { form: BusinessForm; ticked: string[] } {
  const fields = isRecord(body) ? body : {};
  const one = (name: string): string => {
    const value = fields[name];
    return (Array.isArray(value) ? textOf(value[0]) : textOf(value)).trim();
  };
  const many = (name: string): string[] => {
    const value = fields[name];
    return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(textOf);
  };
  const rows = <T,>(list: "hours" | "social", read: (index: number) => T, empty: (row: T) => boolean): T[] => {
    const result: T[] = [];
    for (let index = 0; index < 50 && Object.keys(fields).some((key) => key.startsWith(`${list}.${index}.`)); index++) {
      const row = read(index);
      if (one(rowField(list, index, "remove")) !== "yes" && !empty(row)) result.push(row);
    }
    return result;
  };
  const hours = rows<HoursRow>(
    "hours",
    (i) => ({
      label: one(rowField("hours", i, "label")),
      days: many(rowField("hours", i, "days")).filter(isDay),
      opens: one(rowField("hours", i, "opens")),
      closes: one(rowField("hours", i, "closes")),
      note: one(rowField("hours", i, "note")),
    }),
    (row) => row.label === "" && row.days.length === 0 && row.opens === "" && row.closes === "" && row.note === "",
  );
  const social = rows<SocialRow>(
    "social",
    (i) => ({ name: one(rowField("social", i, "name")), url: one(rowField("social", i, "url")) }),
    (row) => row.name === "" && row.url === "",
  );
  return { form: { ...textFacts(one), hours, social }, ticked: many("real") };
}

/** A number as typed, or the text when it is not one (the schema then says what it expected). */
const numberOr = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

/** Sets `key` to `value`, or takes it out when the text is empty (an optional fact left blank). */
function setOptional(target: Record<string, unknown>, key: string, value: string): void {
  if (value === "") delete target[key];
  else target[key] = value;
}

/**
 * The files' values with the form applied: only what the form holds changes; anything else in
 * the files (and in each hours or link entry) stays. Placeholders ticked as real, or whose fact
 * changed, leave the "Before launch" list.
 */
export function applyForm(facts: FactsFiles, form: BusinessForm, ticked: readonly string[]): { site: Record<string, unknown>; home: Record<string, unknown>; changed: string[] } {
  const site = structuredClone(facts.site.value);
  const home = structuredClone(facts.home.value);
  const before = formFromFacts(facts.site.value, facts.home.value);

  site.phone = isRecord(site.phone) ? { ...site.phone, display: form.phone } : form.phone;
  site.email = form.email;
  site.emergencyLine = form.emergencyLine;
  setOptional(site, "emergencyResponse", form.emergencyResponse);
  const address = isRecord(site.address) ? { ...site.address } : {};
  setOptional(address, "streetAddress", form.streetAddress);
  Object.assign(address, { locality: form.locality, region: form.region, postalCode: form.postalCode });
  site.address = address;
  const oldHours = Array.isArray(site.hours) ? site.hours : [];
  site.hours = form.hours.map((row) => {
    // The entry it was, when it is still there (same label), so keys the form does not show stay.
    const kept = oldHours.find((old) => isRecord(old) && old.label === row.label);
    const entry: Record<string, unknown> = isRecord(kept) ? { ...kept } : {};
    Object.assign(entry, { label: row.label, days: row.days });
    for (const key of ["opens", "closes", "note"] as const) setOptional(entry, key, row[key]);
    return entry;
  });
  site.social = form.social.map((row) => ({ name: row.name, url: row.url }));
  site.name = form.name;
  site.shortName = form.shortName;
  site.url = form.url;
  site.foundingYear = numberOr(form.foundingYear);
  site.rating = { ...(isRecord(site.rating) ? site.rating : {}), value: numberOr(form.ratingValue), count: numberOr(form.ratingCount) };
  setOptional(site, "replyStart", form.replyStart);
  const sections = isRecord(home.sections) ? { ...home.sections } : {};
  sections.serviceAreas = { ...(isRecord(sections.serviceAreas) ? sections.serviceAreas : {}), intro: form.serviceAreaNote };
  home.sections = sections;

  const changed = differences(before, form).map((d) => d.label);
  const fixed = (entry: string) => {
    if (ticked.includes(entry)) return true;
    const field = placeholderFields[entry];
    if (field === "social") return changed.some((label) => label.startsWith("Link "));
    if (field === "streetAddress") return addressFields.some((f) => changed.includes(businessLabels[f]));
    if (field === "ratingValue") return changed.includes(businessLabels.ratingValue) || changed.includes(businessLabels.ratingCount);
    return field !== undefined && changed.includes(businessLabels[field]);
  };
  if (Array.isArray(site.placeholders)) site.placeholders = site.placeholders.filter((entry) => typeof entry !== "string" || !fixed(entry));
  return { site, home, changed };
}

const addressFields: readonly BusinessTextField[] = ["streetAddress", "locality", "region", "postalCode"];

const hoursText = (row: HoursRow): string =>
  [row.label, row.days.join(", "), row.opens && row.closes ? `${row.opens}-${row.closes}` : "", row.note].filter(Boolean).join("; ");
const socialText = (row: SocialRow): string => [row.name, row.url].filter(Boolean).join(": ");

/** Each fact that differs between two forms, as the owner reads it: "Phone", "(803) 555-0142", "(803) 555-0199". */
export function differences(a: BusinessForm, b: BusinessForm): { label: string; a: string; b: string }[] {
  const found: { label: string; a: string; b: string }[] = [];
  for (const name of businessTextFields) {
    if (a[name] !== b[name]) found.push({ label: businessLabels[name], a: a[name], b: b[name] });
  }
  const rows = <T,>(title: string, left: T[], right: T[], show: (row: T) => string) => {
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const [x, y] = [left[i], right[i]].map((row) => (row === undefined ? "" : show(row)));
      if (x !== y) found.push({ label: `${title} ${i + 1}`, a: x ?? "", b: y ?? "" });
    }
  };
  rows("Hours", a.hours, b.hours, hoursText);
  rows("Link", a.social, b.social, socialText);
  return found;
}

/** The form's field an issue of site.json belongs to ("hours.1.opens"), or undefined for a fact the form does not show. */
function siteField(path: readonly PropertyKey[]): string | undefined {
  const [first, second, third] = path.map(String);
  if (first === "phone") return "phone";
  if (first === "address") return second === "streetAddress" || second === "locality" || second === "region" || second === "postalCode" ? second : "locality";
  if (first === "rating") return second === "count" ? "ratingCount" : "ratingValue";
  if (first === "hours") return rowField("hours", Number(second ?? 0), third !== undefined && third in hoursLabels ? third : "label");
  if (first === "social") return rowField("social", Number(second ?? 0), third === "url" ? "url" : "name");
  return first !== undefined && first in businessLabels ? first : undefined;
}

/**
 * The build's judgement of the new values, with its own messages: each beside its field, and
 * anything the form does not show as the build prints it (`content/site.json: geo: ...`).
 */
export function checkFacts(site: unknown, home: unknown): { errors: Record<string, string>; other: string[] } {
  const errors: Record<string, string> = {};
  const other: string[] = [];
  const judge = (schema: z.ZodType, value: unknown, file: string, fieldOf: (path: readonly PropertyKey[]) => string | undefined) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    const problems = problemsFromZod(file, result.error);
    result.error.issues.forEach((issue, i) => {
      const field = fieldOf(issue.path);
      const problem = problems[i];
      // A part of a fact the form shows as one field (the phone's "dial") is named as the build names it.
      const part = issue.path[0] === "phone" && issue.path.length > 1 ? `${issue.path.slice(1).join(".")}: ` : "";
      if (field && !errors[field]) errors[field] = part + issue.message;
      else if (!field && problem) other.push(formatProblem(problem));
    });
  };
  judge(siteSchema, site, "content/site.json", siteField);
  judge(homeSchema, home, "content/home.json", (path) => (path.join(".") === "sections.serviceAreas.intro" || path.join(".") === "sections.serviceAreas" ? "serviceAreaNote" : undefined));
  return { errors, other };
}
