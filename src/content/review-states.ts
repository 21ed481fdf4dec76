import path from "node:path";
import * as z from "zod";
import { consoleLogger, readJsonl, type Logger } from "./jsonl-file";
import { newestFirst, reviewSchema, type Review } from "./review";

/**
 * Where reviews are kept in DATA_DIR and how a review's state is read from
 * them: the build shows the approved ones (load-reviews.ts), the reviews
 * function and `npm run reviews` write and list them (its review-store.ts).
 * Both files are append-only JSON lines:
 *  - reviews.jsonl: every review as posted (`approved: false`); the line is also
 *    its mail job (the contact function's outbox replays it).
 *  - review-decisions.jsonl: every approve/reject since, from an email link (with
 *    the link's signature, so a link works once) or from `npm run reviews`.
 * A review's state is its last decision.
 */
export const REVIEWS_FILE = "reviews.jsonl";
export const DECISIONS_FILE = "review-decisions.jsonl";

export const decisionSchema = z.object({
  id: z.string(),
  approved: z.boolean(),
  at: z.string(),
  via: z.enum(["link", "cli"]),
  /** The signature of the email link that made this decision: that link is spent. */
  token: z.string().optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** A review as the owner sees it: its current state and when it was decided. */
export type ReviewState = Review & { decision?: Decision };

/** Every decision in DATA_DIR, oldest first. */
export const readDecisions = (dataDir: string, logger: Logger = consoleLogger): Promise<Decision[]> =>
  readJsonl(path.join(dataDir, DECISIONS_FILE), (value) => decisionSchema.safeParse(value).data, logger);

/** Every review in DATA_DIR with its last decision applied, newest first; reads only (the CLI and the build use it). */
export async function readReviewStates(dataDir: string, logger: Logger = consoleLogger): Promise<ReviewState[]> {
  const [stored, decisions] = await Promise.all([
    readJsonl(path.join(dataDir, REVIEWS_FILE), (value) => reviewSchema.safeParse(value).data, logger),
    readDecisions(dataDir, logger),
  ]);
  const last = new Map(decisions.map((decision) => [decision.id, decision]));
  return stored
    .map((review) => {
      const decision = last.get(review.id);
      return decision ? { ...review, approved: decision.approved, decision } : review;
    })
    .sort(newestFirst);
}
