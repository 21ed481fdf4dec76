import { randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { classifyDataDirError } from "../contact/data-dir";
import { consoleLogger, createJsonlAppender, readJsonl, type Logger } from "../contact/jsonl-log";
import { REVIEWS_FILE } from "../contact/mail-job";
import { newestFirst, reviewSchema, type Review, type ReviewInput } from "../../src/content/review";

/**
 * Reviews live in two append-only JSON-lines files in DATA_DIR, each line fsynced:
 *  - reviews.jsonl: every review as posted (`approved: false`). The line is also its
 *    mail job (functions/contact/outbox.ts replays this file like submissions.jsonl).
 *  - review-decisions.jsonl: every approve/reject since, from an email link (with the
 *    link's signature, so a link works once) or from `npm run reviews`.
 * A review's state is its last decision. The build reads both (src/content/load-reviews.ts).
 */
export { REVIEWS_FILE };
export const DECISIONS_FILE = "review-decisions.jsonl";
export const REVIEW_SPAM_FILE = "review-spam.jsonl";

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

export interface ReviewStore {
  /** Resolves with the stored review once its line is fsynced; DataDirUnwritableError when the folder cannot be written. */
  append(input: ReviewInput, extra?: { spamReason?: string }): Promise<Review>;
  /** Records a decision (fsync) and resolves with it. */
  decide(decision: Omit<Decision, "at">): Promise<Decision>;
  /** Every review with its state, newest first. */
  list(): Promise<ReviewState[]>;
  /** Whether an email link (by its signature) was used already, and for what. */
  usedToken(signature: string): Promise<Decision | undefined>;
  close(): Promise<void>;
  readonly file: string;
}

export interface ReviewStoreOptions {
  /** reviews.jsonl (the default) or review-spam.jsonl for held-back spam. */
  fileName?: string;
  clock?: () => number;
  logger?: Logger;
}

export function createReviewStore(dataDir: string, options: ReviewStoreOptions = {}): ReviewStore {
  const { fileName = REVIEWS_FILE, clock = Date.now, logger = consoleLogger } = options;
  const file = path.join(dataDir, fileName);
  const reviews = createJsonlAppender(file, logger);
  const decisions = createJsonlAppender(path.join(dataDir, DECISIONS_FILE), logger);
  const now = () => new Date(clock()).toISOString();

  async function write<T>(appender: typeof reviews, record: T): Promise<T> {
    try {
      await appender.append(record);
    } catch (error) {
      throw classifyDataDirError(dataDir, error);
    }
    return record;
  }

  return {
    file,
    append: (input, extra = {}) =>
      write(reviews, {
        id: randomUUID(),
        name: input.name,
        location: input.location,
        rating: input.rating,
        text: input.text,
        approved: false,
        createdAt: now(),
        ...(extra.spamReason ? { spamReason: extra.spamReason } : {}),
      }),
    decide: (decision) => write(decisions, { ...decision, at: now() }),
    list: () => readReviewStates(dataDir, logger),
    async usedToken(signature) {
      const all = await readJsonl(path.join(dataDir, DECISIONS_FILE), (value) => decisionSchema.safeParse(value).data, logger);
      return all.find((decision) => decision.token === signature);
    },
    async close() {
      await Promise.all([reviews.close(), decisions.close()]);
    },
  };
}

/** Every review in DATA_DIR with its last decision applied, newest first; reads only (the CLI and the build use it). */
export async function readReviewStates(dataDir: string, logger: Logger = consoleLogger): Promise<ReviewState[]> {
  const [stored, decisions] = await Promise.all([
    readJsonl(path.join(dataDir, REVIEWS_FILE), (value) => reviewSchema.safeParse(value).data, logger),
    readJsonl(path.join(dataDir, DECISIONS_FILE), (value) => decisionSchema.safeParse(value).data, logger),
  ]);
  const last = new Map(decisions.map((decision) => [decision.id, decision]));
  return stored
    .map((review) => {
      const decision = last.get(review.id);
      return decision ? { ...review, approved: decision.approved, decision } : review;
    })
    .sort(newestFirst);
}
