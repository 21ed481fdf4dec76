// What the outbox mails. Each kind of post is stored in its own JSON-lines file,
// and the stored line is its mail job (functions/contact/outbox.ts replays the
// files). A contact job is the stored submission as it is: outbox files written
// before reviews existed hold contact jobs without a kind, so "no kind" means contact.
import { reviewSchema, type Review } from "../../src/content/review";
import { REVIEWS_FILE } from "../../src/content/review-states";
import { SUBMISSIONS_FILE, submissionSchema, type Submission } from "./store";

// Where reviews are stored: named with the reviews' other file in src/content/review-states.ts.
export { REVIEWS_FILE };

export type ContactMail = Submission & { kind?: "contact" };
export type ReviewMail = Review & { kind: "review" };
export type MailJob = ContactMail | ReviewMail;
export type MailKind = NonNullable<MailJob["kind"]>;

export const kindOf = (mail: MailJob): MailKind => mail.kind ?? "contact";

/** A file of stored posts whose lines are mail jobs. */
export interface MailSource {
  kind: MailKind;
  file: string;
  /** The job a stored line holds, or undefined for a line that is not one. */
  parse: (value: unknown) => MailJob | undefined;
}

export const contactSource: MailSource = {
  kind: "contact",
  file: SUBMISSIONS_FILE,
  parse: (value) => submissionSchema.safeParse(value).data,
};

export const reviewSource: MailSource = {
  kind: "review",
  file: REVIEWS_FILE,
  parse: (value) => {
    const review = reviewSchema.safeParse(value).data;
    return review && { ...review, kind: "review" };
  },
};

/** Every source, in the order a start reads them. Contact first: its watermark is the one old outbox files have. */
export const MAIL_SOURCES: readonly MailSource[] = [contactSource, reviewSource];
