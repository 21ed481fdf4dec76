import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { formatProblem, isContentError, type ContentProblem } from "../../../src/content/content-error";
import { readContentFile } from "../../../src/content/content-file";
import { readIsoDate } from "../../../src/content/iso-date";
import { JOB_KEYS, JOBS_FOLDER, jobPhotos, jobService, jobTown, listJobFiles, newestFirst, parseJob, type JobChoices } from "../../../src/content/jobs";
import { loadLocations } from "../../../src/content/locations";
import type { Photo } from "../../../src/content/photo";
import { loadServices } from "../../../src/content/services";
import { jobLabels, WHAT_WE_DID_MAX, type JobField, type JobForm } from "../../../src/desk/job-form";
import { ConflictError, PostFiles, textSha, type PhotoToWrite, type PostOnDisk } from "../posts/post-files";
import { readPostSource, writeSource, type KeyValue, type PostSource } from "../posts/post-source";
import { businessDay } from "../../../src/format/business-time";
import type { PublishOutcome } from "../publish-outcome";

// The jobs of "Our work" as the desk's screen asks for them (the desk server's screens/our-work.ts):
// list, open, save (a new job or a change), remove. A job is the file a person writes
// (content/work/<slug>/index.md, src/content/jobs.ts) with before.jpg and after.jpg beside it:
// written through the posts' file code (post-files.ts: atomic, inside content/, never over a
// version the form did not start from; post-source.ts: unchanged lines keep their bytes),
// checked by the build's own parser first, then published.

/** The photos of jobs: sent by the desk script, checked and kept as the posts' are (functions/desk/posts/). */
export interface JobPhotos {
  /** A photo as uploaded: checked from its bytes, re-encoded (photo-upload.ts) and kept in the store. */
  add(bytes: Uint8Array): Promise<{ sha: string; format: "jpeg" | "png"; thumb: string }>;
  /** A kept photo's bytes (after a restart too), by their SHA-256. */
  bytes(sha: string): Promise<Buffer | undefined>;
  /** The smallest file the site's photo pipeline makes of these bytes, where the desk serves it. */
  thumb(bytes: Buffer, name: string): Promise<string>;
}

export interface JobsDeskOptions {
  contentDir: string;
  photos: JobPhotos;
  /** Builds and publishes the site now, as for a file dropped in content/ (npm start's publisher). */
  publish(reason: string): Promise<PublishOutcome>;
  clock?: () => Date;
}

export interface JobListItem {
  slug: string;
  /** "Tree Removal in Chapin". */
  title: string;
  date: string;
  thumb?: string;
  /** The file's mistake (made by hand on the server), in the build's words: the job is not on the site. */
  problem?: string;
}

export interface OpenedJob {
  form: JobForm;
  thumbs: { before?: string; after?: string };
}

export type JobErrors = Partial<Record<JobField, string>>;

/** A field of the job as saved now and as the form has it, where they differ. */
export interface JobConflictRow {
  label: string;
  saved: string;
  yours: string;
}

export type JobSaveResult =
  | { ok: true; slug: string; published: PublishOutcome }
  | { ok: false; errors: JobErrors }
  | { ok: false; conflict: JobConflictRow[] };

type Roles = "before" | "after";

/** What a photo's description says when the owner writes none: which photo, of what job, where. */
export const defaultAlt = (role: Roles, service: string, town: string): string => `${role === "before" ? "Before" : "After"} the job: ${service} in ${town}`;

export class JobsDesk {
  readonly files: PostFiles;
  /** Where the photos sent from the form are checked and kept. */
  readonly photos: JobPhotos;
  private readonly clock: () => Date;

  constructor(private readonly opts: JobsDeskOptions) {
    this.files = new PostFiles(opts.contentDir, JOBS_FOLDER);
    this.photos = opts.photos;
    this.clock = opts.clock ?? (() => new Date());
  }

  /** The site's towns and services, in their order: the form's choices, and what a job must name. */
  async choices(): Promise<JobChoices> {
    const [towns, services] = await Promise.all([
      loadLocations(path.join(this.opts.contentDir, "locations"), this.opts.contentDir),
      loadServices(path.join(this.opts.contentDir, "services"), this.opts.contentDir),
    ]);
    return { towns: towns.map((t) => ({ slug: t.slug, name: t.name })), services: services.map((s) => ({ slug: s.slug, title: s.title })) };
  }

  /** Every job, newest first, with its after photo small; a file with a mistake is listed with it. */
  async list(): Promise<JobListItem[]> {
    const choices = await this.choices();
    const { files } = await listJobFiles(this.files.dir);
    const items = await Promise.all(
      files.map(async (file): Promise<JobListItem> => {
        try {
          const text = await readContentFile(this.opts.contentDir, file.abs, file.shown);
          const source = readPostSource(file.shown, text);
          const form = this.formOf(file.slug, text, source, choices);
          const job = parseJob(file, text, choices, await this.photosBeside(file.shown, source));
          return { slug: file.slug, title: `${job.service.title} in ${job.town.name}`, date: form.date, thumb: await this.thumbOf(file.shown, source, "after") };
        } catch (error) {
          if (!isContentError(error)) throw error;
          return { slug: file.slug, title: file.slug, date: "", problem: error.problems.map(formatProblem).join("; ") };
        }
      }),
    );
    return items.sort((a, b) => newestFirst({ date: a.date, slug: a.slug }, { date: b.date, slug: b.slug }));
  }

  /** An empty form for a new job: today on the business clock. */
  blank(timeZone: string): OpenedJob {
    const today = businessDay(this.clock(), timeZone);
    return { form: { slug: "", version: "", date: today, town: "", service: "", what: "", before: "", after: "", beforeAlt: "", afterAlt: "" }, thumbs: {} };
  }

  /** The job `slug` as its form shows it, with its photos small; undefined when there is none. */
  async open(slug: string): Promise<OpenedJob | undefined> {
    const job = await this.files.read(slug);
    if (!job?.folder) return undefined;
    const source = readPostSource(job.shown, job.text);
    const choices = await this.choices();
    const [before, after] = await Promise.all([this.thumbOf(job.shown, source, "before"), this.thumbOf(job.shown, source, "after")]);
    return { form: this.formOf(slug, job.text, source, choices), thumbs: { before, after } };
  }

  /** A thumbnail of a photo uploaded in this form (the form shown again after a mistake). */
  async uploadedThumb(sha: string): Promise<string | undefined> {
    const bytes = /^[0-9a-f]{64}$/.test(sha) ? await this.opts.photos.bytes(sha) : undefined;
    return bytes ? this.opts.photos.thumb(bytes, "job-photo") : undefined;
  }

  private formOf(slug: string, text: string, source: PostSource, choices: JobChoices): JobForm {
    const value = (key: string) => (typeof source.data[key] === "string" ? String(source.data[key]) : "");
    const town = jobTown(value("town"), choices.towns);
    const service = jobService(value("service"), choices.services);
    return {
      slug,
      version: textSha(text),
      date: value("date"),
      town: "found" in town ? town.found.slug : value("town"),
      service: "found" in service ? service.found.slug : value("service"),
      what: source.body.replace(/\r\n?/g, "\n").trim(),
      before: "",
      after: "",
      beforeAlt: value("beforeAlt"),
      afterAlt: value("afterAlt"),
    };
  }

  private async thumbOf(shown: string, source: PostSource, role: Roles): Promise<string | undefined> {
    const ref = this.photoRefs(shown, source).find((p) => p.role === role);
    if (!ref?.file) return undefined;
    const bytes = await readFile(path.resolve(ref.file)).catch(() => undefined);
    return bytes ? this.opts.photos.thumb(bytes, `${path.basename(path.dirname(shown))}-${role}`) : undefined;
  }

  private photoRefs(shown: string, source: PostSource) {
    const value = (key: string) => (typeof source.data[key] === "string" ? String(source.data[key]) : "");
    return jobPhotos(shown, { before: value("before"), beforeAlt: value("beforeAlt") || undefined, after: value("after"), afterAlt: value("afterAlt") || undefined });
  }

  /** The photos a job file names, as the build would hand them to the parser, when they are there. */
  private async photosBeside(shown: string, source: PostSource): Promise<Record<string, Photo>> {
    const out: Record<string, Photo> = {};
    for (const ref of this.photoRefs(shown, source)) {
      if (ref.file && (await stat(path.resolve(ref.file)).then((s) => s.isFile(), () => false))) out[ref.file] = stubPhoto;
    }
    return out;
  }

  // ---------------------------------------------------------------- save

  /** Checks the form, writes the job (a new folder, or the changed lines and photos), then publishes. */
  async save(form: JobForm): Promise<JobSaveResult> {
    const choices = await this.choices();
    const errors: JobErrors = {};
    const town = jobTown(form.town, choices.towns);
    const service = jobService(form.service, choices.services);
    if (!form.date) errors.date = "Choose the day of the job.";
    else {
      const read = readIsoDate(form.date);
      if ("problem" in read || !/^\d{4}-\d{2}-\d{2}$/.test(form.date)) errors.date = "problem" in read ? read.problem : "Choose the day of the job.";
    }
    if (!form.town) errors.town = "Choose the town.";
    else if ("problem" in town) errors.town = "Choose one of the towns in the list.";
    if (!form.service) errors.service = "Choose the service.";
    else if ("problem" in service) errors.service = "Choose one of the services in the list.";
    if (!form.what) errors.what = "Say what you did, in a sentence or two.";
    else if (form.what.length > WHAT_WE_DID_MAX) errors.what = `Keep it under ${WHAT_WE_DID_MAX} characters (it has ${form.what.length}): a longer story makes a good blog post.`;
    const uploaded: Partial<Record<Roles, PhotoToWrite & { format: "jpeg" | "png" }>> = {};
    for (const role of ["before", "after"] as const) {
      const sha = form[role];
      if (!sha) {
        if (!form.slug) errors[role] = `Add the ${role} photo.`;
        continue;
      }
      const bytes = /^[0-9a-f]{64}$/.test(sha) ? await this.opts.photos.bytes(sha) : undefined;
      if (!bytes) errors[role] = `The ${role} photo did not arrive: add it again.`;
      // The store keeps only what photo-upload.ts re-encoded: JPEG, or PNG.
      else uploaded[role] = { name: "", bytes, format: bytes[0] === 0x89 ? "png" : "jpeg" };
    }
    if (Object.keys(errors).length > 0 || !("found" in town) || !("found" in service)) return { ok: false, errors };

    const existing = form.slug ? await this.files.read(form.slug) : undefined;
    if (form.slug && (!existing?.folder || existing.sha !== form.version)) return { ok: false, conflict: await this.conflict(form, existing, choices) };
    const source = existing ? readPostSource(existing.shown, existing.text) : undefined;
    const written = (key: string) => (source && typeof source.data[key] === "string" ? String(source.data[key]) : undefined);
    // The town and service the file names now (by name or file name), to keep what the owner did not change as written.
    const wasTown = source ? jobTown(written("town") ?? "", choices.towns) : undefined;
    const wasService = source ? jobService(written("service") ?? "", choices.services) : undefined;
    const oldTown = wasTown && "found" in wasTown ? wasTown.found : undefined;
    const oldService = wasService && "found" in wasService ? wasService.found : undefined;

    const values: Record<string, KeyValue> = {
      date: form.date,
      // A town or service written another way by hand ("Chapin") stays as written while it is the one chosen.
      town: oldTown?.slug === town.found.slug ? (written("town") ?? town.found.slug) : town.found.slug,
      service: oldService?.slug === service.found.slug ? (written("service") ?? service.found.slug) : service.found.slug,
    };
    const photos: (PhotoToWrite & { replaces?: string })[] = [];
    for (const role of ["before", "after"] as const) {
      const upload = uploaded[role];
      const name = upload ? `${role}.${upload.format === "png" ? "png" : "jpg"}` : undefined;
      const was = written(role);
      values[role] = name ? `./${name}` : (was ?? "");
      if (upload && name) photos.push({ name, bytes: upload.bytes, replaces: was });
      // The description: the owner's words; else, or while it is the one the desk wrote for the old job, the desk's.
      const typed = form[`${role}Alt`];
      const oldDefault = oldTown && oldService ? defaultAlt(role, oldService.title, oldTown.name) : undefined;
      values[`${role}Alt`] = typed && typed !== oldDefault ? typed : defaultAlt(role, service.found.title, town.found.name);
    }
    const text = writeSource(source, values, form.what, JOB_KEYS);

    const write = async (slug: string): Promise<PostOnDisk> => {
      // The build's own parser judges the file first, with the photos it will have beside it.
      const shown = path.relative(process.cwd(), path.join(this.files.dir, slug, "index.md")).split(path.sep).join("/");
      const photoFiles = Object.fromEntries(["before", "after"].map((role) => [path.posix.normalize(path.posix.join(path.posix.dirname(shown), String(values[role]))), stubPhoto]));
      parseJob({ slug, abs: path.join(this.files.dir, slug, "index.md"), shown }, text, choices, photoFiles);
      return this.files.exclusive([slug], () => this.files.write(slug, existing ? existing.sha : null, text, photos));
    };
    let slug = form.slug;
    try {
      if (existing) await write(slug);
      else {
        // A new job's folder: its day, service and town (2025-04-22-tree-removal-chapin), -2 and on when taken.
        const base = `${form.date}-${service.found.slug}-${town.found.slug.replace(/-sc$/, "")}`;
        for (let n = 1; ; n++) {
          slug = n === 1 ? base : `${base}-${n}`;
          if (await stat(path.join(this.files.dir, slug)).then(() => true, () => false)) continue;
          try {
            await write(slug);
            break;
          } catch (error) {
            // Taken meanwhile by another save: the next name.
            if (!(error instanceof ConflictError) || n > 20) throw error;
          }
        }
      }
    } catch (error) {
      if (error instanceof ConflictError) return { ok: false, conflict: await this.conflict(form, error.current, choices) };
      if (isContentError(error)) return { ok: false, errors: fieldErrors(error.problems) };
      throw error;
    }
    // A photo of another type than the one it replaces (PNG for JPEG): the old file goes.
    for (const photo of photos) {
      if (photo.replaces && photo.replaces !== `./${photo.name}` && /^\.\/(before|after)\.(jpg|png)$/.test(photo.replaces)) {
        await rm(path.join(this.files.dir, slug, photo.replaces.slice(2)), { force: true });
      }
    }
    const published = await this.opts.publish(existing ? "a job changed in the desk" : "a job added in the desk");
    return { ok: true, slug, published };
  }

  private async conflict(form: JobForm, current: PostOnDisk | undefined, choices: JobChoices): Promise<JobConflictRow[]> {
    if (!current) return [{ label: "The job", saved: "removed", yours: "kept" }];
    const now = this.formOf(form.slug, current.text, readPostSource(current.shown, current.text), choices);
    const rows: JobConflictRow[] = [];
    for (const field of ["date", "town", "service", "what", "beforeAlt", "afterAlt"] as const) {
      if (now[field] !== form[field]) rows.push({ label: jobLabels[field], saved: now[field], yours: form[field] });
    }
    return rows;
  }

  // ---------------------------------------------------------------- remove

  /**
   * Takes the job off the site, unless the file changed since `version`: its index.md goes, its photos stay
   * beside where it was (a folder without index.md is no job: listJobFiles), unused, for the desk's Photos
   * to show and remove (photo-library.ts), so a tap on Remove never loses the owner's photos.
   */
  async remove(slug: string, version: string): Promise<{ ok: true; published: PublishOutcome } | { ok: false }> {
    try {
      await this.files.exclusive([slug], () => this.files.remove(slug, version, { keepPhotos: true }));
    } catch (error) {
      if (error instanceof ConflictError) return { ok: false };
      throw error;
    }
    return { ok: true, published: await this.opts.publish("a job removed in the desk") };
  }
}

/** Stands in for a processed photo when the build's parser checks a file: the desk checks the text, the photos are its own. */
const stubPhoto: Photo = { width: 1, height: 1, fallback: "jpeg", variants: [] };

/** The build's problems with a job file, beside the form's fields. */
function fieldErrors(problems: readonly ContentProblem[]): JobErrors {
  const errors: JobErrors = {};
  const fields: Record<string, JobField> = { date: "date", town: "town", service: "service", before: "before", after: "after", beforeAlt: "beforeAlt", afterAlt: "afterAlt" };
  for (const p of problems) {
    const field = fields[p.field] ?? "what";
    errors[field] = errors[field] ? `${errors[field]} ${p.problem}` : p.problem;
  }
  return errors;
}
