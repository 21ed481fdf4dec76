// The spec's Testimonial entity, as reviews visitors leave on /reviews. One schema
// for the browser form (src/components/review-form.tsx), the no-JavaScript post and
// the reviews function (its app.ts), so this module stays browser-safe: zod only.
import * as z from "zod/mini";
import { CONTROL_CHARACTER, messagesByField, requiredText, singleLineText } from "./form-fields";

import { reviewFields, reviewLimits, type ReviewErrors } from "./review-fields";

export { ratingValues, reviewFields, reviewLimits, type ReviewErrors, type ReviewField } from "./review-fields";
const ratingMessage = "Please choose a rating from 1 to 5 stars";

/** A form post sends "4"; JSON sends 4. Anything else is left for the number check to refuse. */
const fromFormText = (value: unknown) => (typeof value === "string" && /^\s*\d\s*$/.test(value) ? Number(value) : value);

export const reviewInputSchema = z.object(
  {
    name: singleLineText("Name", "Name is required", reviewLimits.nameMin, reviewLimits.nameMax),
    location: singleLineText("Town", "Town is required", reviewLimits.locationMin, reviewLimits.locationMax),
    // The spec: an integer, default 5. The form's radio group starts on 5 stars too.
    rating: z.pipe(z.transform(fromFormText), z._default(z.int({ error: ratingMessage }).check(z.gte(1, ratingMessage), z.lte(5, ratingMessage)), 5)),
    text: requiredText(
      "Review",
      "Review is required",
      z.refine<string>((value) => !CONTROL_CHARACTER.test(value), { error: "Review must not contain control characters", abort: true }),
      z.minLength(reviewLimits.textMin, `Review must be at least ${reviewLimits.textMin} characters`),
      z.maxLength(reviewLimits.textMax, `Review must be at most ${reviewLimits.textMax.toLocaleString("en-US")} characters`),
    ),
  },
  { error: "Send the review fields as one object" },
);

/** A valid review post, trimmed; unknown fields dropped. */
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewErrors = (error: z.core.$ZodError): ReviewErrors => messagesByField(error, reviewFields);

/**
 * A review as the site shows it: an entry of content/reviews.json, and what the build gets
 * from the servers' store (the store keeps more: who sent it from where). `approved` is
 * false when it is posted; an approval is a later record, and the build's list carries the result.
 */
export const reviewSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  location: z.string(),
  rating: z.int().check(z.gte(1), z.lte(5)),
  text: z.string(),
  approved: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});

export type Review = z.infer<typeof reviewSchema>;

/** Newest first: the order /reviews and the home page show them in. */
export const newestFirst = (a: Pick<Review, "createdAt">, b: Pick<Review, "createdAt">): number =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);
