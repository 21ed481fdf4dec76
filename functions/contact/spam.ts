import { z } from "zod";
import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from "../../src/content/anti-spam-fields";

/** A person needs longer than this to fill in the form; scripts post at once. */
export const MIN_FILL_MS = 3_000;

// Typed like every other field: a honeypot sent as an object must be a 400, not something String() runs.
const antiSpamSchema = z.object({
  [HONEYPOT_FIELD]: z.string().nullish(),
  [SHOWN_AT_FIELD]: z.union([z.number(), z.string()]).nullish(),
});

/** A problem with the anti-spam fields' types (not their values), as the form's errors; undefined when fine. */
export function antiSpamFieldErrors(body: unknown): { form: string } | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const result = antiSpamSchema.safeParse(body);
  if (result.success) return undefined;
  const field = result.error.issues[0]?.path[0];
  return { form: `${String(field)} must be ${field === SHOWN_AT_FIELD ? "a number" : "text"}` };
}

/**
 * Why a post looks like spam, or undefined. Only positive evidence counts
 * (shared/CONTRACT.md): a filled honeypot, or a form sent less than 3 s after
 * it was shown. Missing or unreadable fields are no evidence; neither is a
 * `formShownAt` in the future, which only means the visitor's clock is ahead.
 */
export function spamReason(body: unknown, now: number): string | undefined {
  const fields = antiSpamSchema.safeParse(body).data;
  if (!fields) return undefined;
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot && honeypot.trim() !== "") return "honeypot";
  const shownAt = readTimestamp(fields[SHOWN_AT_FIELD]);
  if (shownAt !== undefined) {
    const elapsed = now - shownAt;
    if (elapsed >= 0 && elapsed < MIN_FILL_MS) return "too-fast";
  }
  return undefined;
}

/** A millisecond timestamp as a number (JSON) or a string of digits (form post). */
function readTimestamp(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\d{1,16}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}
