import { stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import * as z from "zod";
import { ContentError, problemsFromZod, type ContentProblem } from "./content-error";
import { readContentFile } from "./content-file";
import { parseJsonFile } from "./json-file";

// The free estimate visits the business offers (issue 40): content/estimate-visits.json, the
// owner's offer written as a person would write it, so a git deploy carries it like the rest of
// content/. The build checks it (`file: field: problem`); the booking function reads it again at
// each request when the file changed (its offer-reader.ts), and the desk's
// "Estimate visits" section writes it with json-edit.ts (only changed values move). Times are on
// the business clock (content/site.json timeZone).

export const ESTIMATE_VISITS_FILE = "estimate-visits.json";

export const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type WeekdayName = (typeof weekdayNames)[number];

const clockTime = z
  .string({ error: 'expected a 24-hour time like "08:00"' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a 24-hour time like "08:00"');

/** Minutes since midnight of "HH:MM". */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const calendarDay = z
  .string({ error: 'expected a date like "2026-12-25"' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like "2026-12-25"')
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day, "is not a day of the calendar");

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `expected a whole number of ${what}` })
    .int(`expected a whole number of ${what}`)
    .min(min, `must be ${min} or more`)
    .max(max, `must be ${max} or less`);

/** One line of the weekly hours: these days, from this time to that (a visit starts every `visitMinutes`). */
const hoursLine = z
  .strictObject({
    days: z.array(z.enum(weekdayNames, { error: `expected day names: ${weekdayNames.join(", ")}` })).min(1, "name at least one day"),
    from: clockTime,
    to: clockTime,
  })
  .refine((line) => minutesOf(line.to) > minutesOf(line.from), { path: ["to"], error: "must be later than from" });

export const estimateVisitsSchema = z
  .strictObject({
    /** How long one visit takes; a visit starts every this many minutes within each line of hours. */
    visitMinutes: wholeNumber("minutes", 15, 240).default(60),
    hours: z.array(hoursLine),
    /** Days without visits (holidays, vacations), on the business clock. */
    daysOff: z.array(calendarDay).default([]),
    /** How many visits may be booked at the same time (crews that can go out at once). */
    visitsAtOnce: wholeNumber("visits", 1, 10).default(1),
    /** How many days ahead visitors may book, today included. */
    daysAhead: wholeNumber("days", 1, 60).default(14),
    /** How soon a visit may be booked: not within this many hours from now. */
    noticeHours: wholeNumber("hours", 0, 72).default(3),
    /** The towns visited for free estimates: file names of content/locations without ".md" ("chapin-sc"). */
    towns: z.array(z.string({ error: 'expected a town like "chapin-sc"' })),
  })
  .superRefine((offer, ctx) => {
    offer.hours.forEach((line, i) => {
      if (minutesOf(line.to) - minutesOf(line.from) < offer.visitMinutes) {
        ctx.addIssue({ code: "custom", path: ["hours", i, "to"], message: `leaves no room for a visit of ${offer.visitMinutes} minutes after ${line.from}` });
      }
    });
  });

export type EstimateVisits = z.infer<typeof estimateVisitsSchema>;

/** Problems with towns that are not pages of content/locations (the towns' file names). */
export function townProblems(file: string, offer: EstimateVisits, townSlugs: readonly string[]): ContentProblem[] {
  const known = new Set(townSlugs);
  return offer.towns.flatMap((slug, i) =>
    known.has(slug) ? [] : [{ file, field: `towns.${i}`, problem: `"${slug}" is not a town of content/locations (use a file name without .md, like "chapin-sc")` }],
  );
}

/**
 * content/estimate-visits.json, checked against the towns of content/locations; undefined when
 * the file is not there (no visits offered: the booking page says to call or write instead).
 */
export async function loadEstimateVisits(contentDir: string, townSlugs: readonly string[]): Promise<EstimateVisits | undefined> {
  const absolute = join(contentDir, ESTIMATE_VISITS_FILE);
  const file = relative(process.cwd(), absolute).split(sep).join("/");
  if (!(await stat(absolute).then(() => true, () => false))) return undefined;
  const data = parseJsonFile(file, await readContentFile(contentDir, absolute, file));
  const result = estimateVisitsSchema.safeParse(data);
  if (!result.success) throw new ContentError(problemsFromZod(file, result.error));
  const problems = townProblems(file, result.data, townSlugs);
  if (problems.length > 0) throw new ContentError(problems);
  return result.data;
}
