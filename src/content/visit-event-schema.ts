// The rules for what the site script reports (visit-event.ts): POST /api/event checks
// each beacon with them, and the form posts check the visit's origin with them.
import * as z from "zod/mini";
import { CALL_BUTTON, visitEventKinds, visitLimits } from "./visit-event";

const sitePath = z.string().check(z.minLength(1), z.maxLength(visitLimits.path), z.startsWith("/"));
const referrer = z.string().check(z.maxLength(visitLimits.referrer));

export const visitEventSchema = z.object({
  kind: z.enum(visitEventKinds),
  path: sitePath,
  referrer: z.optional(referrer),
  landing: z.optional(sitePath),
  button: z.optional(z.string().check(z.maxLength(visitLimits.button), z.regex(CALL_BUTTON))),
});

/**
 * The forms' hidden origin fields. A value that breaks the rules is dropped, never
 * refused: the visitor cannot see or fix them, and their message matters more.
 */
export const visitOriginSchema = z.object({
  landingPage: z.catch(z.optional(sitePath), undefined),
  // An empty field (no referrer) is no referrer.
  referrer: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(visitLimits.referrer))), undefined),
});
