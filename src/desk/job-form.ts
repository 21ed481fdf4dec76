/**
 * A job of "Our work" as the desk's form holds it (src/desk/screens/job-editor-screen.tsx): plain
 * text. The desk server's work/jobs-desk.ts turns it into the job's file (content/work/<slug>/index.md,
 * src/content/jobs.ts) and the site's own parser judges it.
 */
export interface JobForm {
  /** The job's folder name; empty for a new job. */
  slug: string;
  /** SHA-256 of the file when the form was filled (empty for a new job): a save over a newer file is refused. */
  version: string;
  /** YYYY-MM-DD, as a date input sends it. */
  date: string;
  /** A town's file name in content/locations, a service's in content/services. */
  town: string;
  service: string;
  /** "What we did": the job file's text. */
  what: string;
  /** A photo sent by the desk script (its bytes' SHA-256 in the store), or empty to keep the one the job has. */
  before: string;
  after: string;
  /** What each photo shows; empty: the desk writes one from the service and the town. */
  beforeAlt: string;
  afterAlt: string;
}

export type JobField = keyof JobForm;

/** The form's labels (shared/CONTRACT.md keeps "Before photo", "After photo", "What we did", "Town", "Service"). */
export const jobLabels = {
  before: "Before photo",
  after: "After photo",
  what: "What we did",
  town: "Town",
  service: "Service",
  date: "Day of the job",
  beforeAlt: "Before: what the photo shows",
  afterAlt: "After: what the photo shows",
} as const satisfies Partial<Record<JobField, string>>;

/** "What we did" is a few sentences under the photos; a page of text belongs in a post. */
export const WHAT_WE_DID_MAX = 1500;
const TEXT_MAX = 200;

const text = (value: unknown, max: number): string => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim().slice(0, max) : "");

/** The form as posted (urlencoded), every value text and bounded: what the server reads, never more. */
export function jobFormFromBody(body: unknown): JobForm {
  const b: Record<string, unknown> = typeof body === "object" && body !== null ? Object.fromEntries(Object.entries(body)) : {};
  return {
    slug: text(b.slug, 120),
    version: text(b.version, 64),
    date: text(b.date, 10),
    town: text(b.town, 80),
    service: text(b.service, 80),
    what: text(b.what, WHAT_WE_DID_MAX + 1),
    before: text(b.before, 64),
    after: text(b.after, 64),
    beforeAlt: text(b.beforeAlt, TEXT_MAX),
    afterAlt: text(b.afterAlt, TEXT_MAX),
  };
}

/** The id of a field's control, for the problems' links. */
export const jobFieldId = (field: JobField): string => `job-${field}`;
