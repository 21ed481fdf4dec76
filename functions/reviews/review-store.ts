import { randomUUID } from "node:crypto";
import path from "node:path";
import { classifyDataDirError } from "../contact/data-dir";
import { consoleLogger, createJsonlAppender, type Logger } from "../contact/jsonl-log";
import { DECISIONS_FILE, readDecisions, readReviewStates, REVIEWS_FILE, type Decision, type ReviewState } from "../../src/content/review-states";
import type { Review, ReviewInput } from "../../src/content/review";

/**
 * The reviews' two files in DATA_DIR (what they hold, and how a review's state
 * is read: src/content/review-states.ts, which the build reads them with), written
 * here: each line appended and fsynced.
 */
export { DECISIONS_FILE, readReviewStates, REVIEWS_FILE, type Decision, type ReviewState };
export const REVIEW_SPAM_FILE = "review-spam.jsonl";

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
      const all = await readDecisions(dataDir, logger);
      return all.find((decision) => decision.token === signature);
    },
    async close() {
      await Promise.all([reviews.close(), decisions.close()]);
    },
  };
}
