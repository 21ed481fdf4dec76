// The spec's Testimonial entity, as reviews visitors leave on /reviews. One schema
// for the browser form (src/components/review-form.tsx), the no-JavaScript post and
// the reviews function (its app.ts), so this module stays browser-safe: zod only.
import * as z from "zod";
import { CONTROL_CHARACTER, messagesByField, noHiddenCharacters, noLineBreaks, requiredText } from "./form-fields";

import { reviewFields, reviewLimits, type ReviewErrors } from "./review-fields";

export { ratingValues, reviewFields, reviewLimits, type ReviewErrors, type ReviewField } from "./review-fields";
const ratingMessage = "Please choose a rating from 1 to 5 stars";

/** A form post sends "4"; JSON sends 4. Anything else is left for the number check to refuse. */
const fromFormText = (value: unknown) => (typeof value === "string" && /^\s*\d\s*$/.test(value) ? Number(value) : value);

export const reviewInputSchema = z.object(
  {
    name: requiredText("Name", "Name is required")
      .refine(...noLineBreaks("Name"))
      .refine(...noHiddenCharacters("Name"))
      .min(reviewLimits.nameMin, `Name must be at least ${reviewLimits.nameMin} characters`)
      .max(reviewLimits.nameMax, `Name must be at most ${reviewLimits.nameMax} characters`),
    location: requiredText("Town", "Town is required")
      .refine(...noLineBreaks("Town"))
      .refine(...noHiddenCharacters("Town"))
      .min(reviewLimits.locationMin, `Town must be at least ${reviewLimits.locationMin} characters`)
      .max(reviewLimits.locationMax, `Town must be at most ${reviewLimits.locationMax} characters`),
    // The spec: an integer, default 5. The form's radio group starts on 5 stars too.
    rating: z.preprocess(fromFormText, z.number({ error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(5, ratingMessage).default(5)),
    text: requiredText("Review", "Review is required")
      .refine((value) => !CONTROL_CHARACTER.test(value), { error: "Review must not contain control characters", abort: true })
      .min(reviewLimits.textMin, `Review must be at least ${reviewLimits.textMin} characters`)
      .max(reviewLimits.textMax, `Review must be at most ${reviewLimits.textMax.toLocaleString("en-US")} characters`),
  },
  { error: "Send the review fields as one object" },
);

/** A valid review post, trimmed; unknown fields dropped. */
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewErrors = (error: z.ZodError): ReviewErrors => messagesByField(error, reviewFields);

/**
 * One stored review (a line of DATA_DIR/reviews.jsonl, an entry of content/reviews.json).
 * Looser than the input rules, so lines written under older rules still read back.
 * `approved` is false on the stored line; an approval is a later record
 * (the reviews function's review-store.ts), and the build's list carries the result.
 */
export const reviewSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5).default(5),
  text: z.string(),
  approved: z.boolean().default(false),
  createdAt: z.iso.datetime({ offset: true }),
  /** Only on lines in review-spam.jsonl: why the post was held back. */
  spamReason: z.string().optional(),
});

export type Review = z.infer<typeof reviewSchema>;

/** Newest first: the order /reviews and the home page show them in. */
export const newestFirst = (a: Pick<Review, "createdAt">, b: Pick<Review, "createdAt">): number =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);
