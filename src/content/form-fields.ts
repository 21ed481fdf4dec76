// Field rules shared by the contact form (contact.ts) and the review form
// (review.ts). Browser-safe: zod only. Kept apart from the contact
// schema so a page with only the review form does not bundle that schema.
// zod/mini (functions instead of methods): the browser bundles only the checks
// these forms use, about 20 KB gzip less than zod's classic API on each form page.
import * as z from "zod/mini";

const LINE_BREAK = /[\r\n]/;

/**
 * A required text field: missing, null or blank (after trim) gives the spec's
 * "required" message rather than a type error; other types get a clear message.
 */
export function requiredText(label: string, requiredMessage: string, ...checks: z.core.$ZodCheck<string>[]) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`),
    })
    .check(z.trim(), z.minLength(1, { error: requiredMessage, abort: true }), ...checks);
}

// Name, email and phone end up in mail headers (Subject, Reply-To), where a
// line break would let a visitor add headers of their own.
export const noLineBreaks = (label: string) => z.refine<string>((value) => !LINE_BREAK.test(value), { error: `${label} must be on a single line`, abort: true });

// Characters that do not show, or change how the text around them shows: C0 and C1
// controls, DEL, zero-width and other invisible format characters, bidirectional
// marks, embeddings, overrides and isolates, Unicode line separators, tag characters.
// In a name, email or phone number they only serve to disguise what the owner reads.
const HIDDEN_CHARACTER =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\u{e0000}-\u{e007f}]/u;
// The message is free text: line breaks and tabs are its own, other controls (terminal escapes, NUL) are not.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const noHiddenCharacters = (label: string) =>
  z.refine<string>((value) => !HIDDEN_CHARACTER.test(value), { error: `${label} must not contain control or invisible characters`, abort: true });

/**
 * Field name → first message, the order zod checks them in (so "required" wins
 * over "too short"); an issue on no listed field goes under `form`. The review
 * form (review.ts) uses it with its own fields.
 */
export function messagesByField<F extends string>(error: z.core.$ZodError, fields: readonly F[]): Partial<Record<F | "form", string>> {
  const errors: Partial<Record<F | "form", string>> = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const key = fields.find((field) => field === head) ?? "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A required one-line text (a name, a town) of `min` to `max` characters, with the spec's messages. */
export function singleLineText(label: string, requiredMessage: string, min: number, max: number) {
  return requiredText(
    label,
    requiredMessage,
    noLineBreaks(label),
    noHiddenCharacters(label),
    z.minLength(min, `${label} must be at least ${min} characters`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );
}
