import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { ContentError, problemsFromZod, type ContentProblem } from "./content-error";
import { readContentFile } from "./content-file";
import { group, relativePath, text } from "./fields";
import { splitFrontMatter } from "./front-matter";
import { DATE_HINT, readIsoDate } from "./iso-date";
import { closestKey } from "./key-suggestions";
import { renderMarkdownWithSummary } from "./markdown";
import { photoPath } from "./markdown-photos";
import { namedPhoto } from "./named-photo";
import type { Cover, Photo } from "./photo";

// "Our work": one job each, a folder with its before and after photos beside its file,
// content/work/<slug>/index.md. Shown at /our-work (src/pages/our-work-page.tsx), on the page
// of its service and its town, and the newest three on the home page. The desk's "Our work"
// writes the same files (the desk server's work/jobs-desk.ts).

/** The folder of the jobs, inside content/. */
export const JOBS_FOLDER = "work";

/** A day as the owner writes it: 2025-03-14 (a real calendar day, checked; no time). */
const day = z.string({ error: (issue) => (issue.input === undefined ? "required" : DATE_HINT) }).transform((value, ctx) => {
  const written = value.trim();
  const read = readIsoDate(written);
  if ("problem" in read) ctx.addIssue({ code: "custom", message: read.problem });
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(written)) ctx.addIssue({ code: "custom", message: `expected the day only, like ${written.slice(0, 10)}` });
  return written;
});

/**
 * The front matter of a job, in the order a person writes it (the desk writes it so:
 * the desk server's work/jobs-desk.ts). The text below it is "What we did".
 */
export const jobSchema = group({
  /** The day the job was done; the newest come first. */
  date: day,
  /** Where: a town's file name in content/locations (chapin-sc), or its name (Chapin). */
  town: text(),
  /** What: a service's file name in content/services (tree-removal), or its title (Tree Removal). */
  service: text(),
  /** The photo before the job, beside this file (./before.jpg), and what it shows. */
  before: text(),
  beforeAlt: text().optional(),
  /** The photo after the job and what it shows. */
  after: text(),
  afterAlt: text().optional(),
});

export type JobFrontMatter = z.infer<typeof jobSchema>;

/** The keys of a job file, in the order a person writes them. */
export const JOB_KEYS = Object.keys(jobSchema.shape) as (keyof JobFrontMatter)[];

/** A job as the pages show it: its town and service named, its photos processed, "What we did" rendered. */
export interface SiteJob {
  /** The folder's name: the job's anchor on /our-work (#slug). */
  slug: string;
  /** YYYY-MM-DD. */
  date: string;
  town: { slug: string; name: string };
  service: { slug: string; title: string };
  before: Cover;
  after: Cover;
  /** "What we did", as sanitized HTML. */
  html: string;
  /** Its first paragraph as plain text (structured data, the page's description). */
  summary: string;
}

/** A job file found in content/work: its folder's name and the path problems name it by. */
export interface JobFile {
  slug: string;
  abs: string;
  shown: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The job files: content/work/<slug>/index.md in name order. Dot folders are editors' and the
 * desk's (a job being removed); a Markdown file loose in the folder is a mistake to report,
 * since its photos would have nowhere to go. No folder: no jobs (a fresh site).
 */
export async function listJobFiles(workDir: string): Promise<{ files: JobFile[]; problems: ContentProblem[] }> {
  const entries = await readdir(workDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const files: JobFile[] = [];
  const problems: ContentProblem[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".")) continue;
    const abs = path.join(workDir, entry.name);
    const shown = relativePath(abs);
    if (!entry.isDirectory()) {
      if (entry.name.endsWith(".md")) {
        problems.push({ file: shown, field: "(file)", problem: `a job is a folder with its photos: move it to ${relativePath(path.join(workDir, entry.name.slice(0, -3), "index.md"))}` });
      }
      continue;
    }
    const index = path.join(abs, "index.md");
    // A folder without index.md is not a job (photos only, or work in progress).
    if (!(await stat(index).then((s) => s.isFile(), () => false))) continue;
    if (!SLUG.test(entry.name)) {
      problems.push({ file: relativePath(index), field: "(folder name)", problem: "use lowercase words joined by hyphens for the folder, like 2025-03-14-tree-removal-chapin" });
      continue;
    }
    files.push({ slug: entry.name, abs: index, shown: relativePath(index) });
  }
  return { files, problems };
}

/** A photo of a job: which one, the file it names (as the build's photos are keyed: content/work/x/before.jpg), and what it shows. */
export interface JobPhotoRef {
  role: "before" | "after";
  /** As written in the file (./before.jpg). */
  src: string;
  /** The photo's path as the build names photos; undefined when `src` is not a file beside the content. */
  file: string | undefined;
  alt: string | undefined;
}

/**
 * The photos a job file names. The loader places them from this, and so can anything else that
 * asks where a photo of content/ is used (the desk's photo library).
 */
export function jobPhotos(shown: string, job: Pick<JobFrontMatter, "before" | "beforeAlt" | "after" | "afterAlt">): JobPhotoRef[] {
  return [
    { role: "before", src: job.before, file: photoPath(shown, job.before), alt: job.beforeAlt },
    { role: "after", src: job.after, file: photoPath(shown, job.after), alt: job.afterAlt },
  ];
}

/** What a job's town and service must be one of: the site's towns and services. */
export interface JobChoices {
  towns: readonly { slug: string; name: string }[];
  services: readonly { slug: string; title: string }[];
}

/** "chapin-sc", "Chapin" and "chapin" name the same town; "Tree Removal" and "tree-removal" the same service. */
const asSlug = (written: string) => written.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

/** The town a job's `town:` names (by file name or name), or the problem to report. */
export const jobTown = <T extends JobChoices["towns"][number]>(written: string, towns: readonly T[]) => findChoice(written, towns, (t) => t.name, "a town", "locations");
/** The service a job's `service:` names (by file name or title), or the problem to report. */
export const jobService = <T extends JobChoices["services"][number]>(written: string, services: readonly T[]) => findChoice(written, services, (s) => s.title, "a service", "services");

function findChoice<T extends { slug: string }>(written: string, items: readonly T[], name: (item: T) => string, what: string, folder: string): { found: T } | { problem: string } {
  const key = asSlug(written);
  const found = items.find((item) => item.slug === key || asSlug(name(item)) === key || item.slug === `${key}-sc`);
  if (found) return { found };
  const meant = closestKey(key, items.map((i) => i.slug));
  const hint = meant ? `did you mean ${meant}?` : `write one of ${items.map((i) => i.slug).join(", ")}`;
  return { problem: `${JSON.stringify(written)} is not ${what} of the site (the files in content/${folder}): ${hint}` };
}

/**
 * Parses one job file. Pure (no file system) like parsePost: the build may run it anywhere.
 * Throws a ContentError listing every problem in the file.
 */
export function parseJob(file: JobFile, source: string, choices: JobChoices, photos: Readonly<Record<string, Photo>>, timed: <T>(file: string, parse: () => T) => T = (_f, parse) => parse()): SiteJob {
  const { data, body } = splitFrontMatter(file.shown, source);
  const result = jobSchema.safeParse(data);
  const problems: ContentProblem[] = result.success ? [] : problemsFromZod(file.shown, result.error);
  const what = body.trim();
  if (what === "") problems.push({ file: file.shown, field: "(body)", problem: "say what was done below the front matter, like: Took down a dead pine leaning over the garage" });
  if (!result.success) throw new ContentError(problems);
  const job = result.data;
  const town = jobTown(job.town, choices.towns);
  if ("problem" in town) problems.push({ file: file.shown, field: "town", problem: town.problem });
  const service = jobService(job.service, choices.services);
  if ("problem" in service) problems.push({ file: file.shown, field: "service", problem: service.problem });
  const [before, after] = jobPhotos(file.shown, job).map((p) =>
    namedPhoto({ file: file.shown, field: p.role, altField: `${p.role}Alt`, src: p.src, alt: p.alt, photos, problems }),
  );
  const rendered = timed(file.shown, () => renderMarkdownWithSummary(what, { file: file.shown, photos }));
  problems.push(...rendered.problems);
  if (problems.length > 0 || !before || !after || "problem" in town || "problem" in service) throw new ContentError(problems);
  return {
    slug: file.slug,
    date: job.date,
    town: { slug: town.found.slug, name: town.found.name },
    service: { slug: service.found.slug, title: service.found.title },
    before,
    after,
    html: rendered.html,
    summary: rendered.firstParagraph,
  };
}

/** Newest first; jobs of one day by folder name, the later first (the desk's names start with the day). */
export const newestFirst = (a: Pick<SiteJob, "date" | "slug">, b: Pick<SiteJob, "date" | "slug">): number =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug < b.slug ? 1 : a.slug > b.slug ? -1 : 0;

/**
 * Every job in `contentDir`/work, newest first; throws one ContentError listing every
 * problem of every file. `timed` runs the Markdown of each under the build's parse deadline.
 */
export async function loadJobs(
  contentDir: string,
  choices: JobChoices,
  photos: Readonly<Record<string, Photo>> = {},
  timed?: <T>(file: string, parse: () => T) => T,
): Promise<SiteJob[]> {
  const { files, problems } = await listJobFiles(path.join(contentDir, JOBS_FOLDER));
  const jobs: SiteJob[] = [];
  for (const file of files) {
    try {
      jobs.push(parseJob(file, await readContentFile(contentDir, file.abs, file.shown), choices, photos, timed));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return jobs.sort(newestFirst);
}
