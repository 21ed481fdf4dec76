// The review form's fields and limits without zod, so /reviews can show the form
// and load the schema (src/content/review.ts) only when it is first sent.

export const reviewFields = ["name", "location", "rating", "text"] as const;
export type ReviewField = (typeof reviewFields)[number];

export const reviewLimits = { nameMin: 2, nameMax: 60, locationMin: 2, locationMax: 60, textMin: 10, textMax: 2000 } as const;

export const ratingValues = [5, 4, 3, 2, 1] as const;

/** Field → message; `form` holds a problem with the request as a whole. */
export type ReviewErrors = Partial<Record<ReviewField | "form", string>>;
