import { stat } from "node:fs/promises";
import path from "node:path";
import { newestFirst, type ReviewInput } from "../../../src/content/review";
import type { Logger } from "../../logger";
import { decisionSchema, newPost, reviewJob, storedReviewSchema, type Decision, type LeadSource, type StoredReview } from "../records";
import { decisionOf, type DecisionResult, type ReviewItem, type ReviewStore } from "../review-store";
import { createApprovedWatch } from "./approved-watch";
import { appendIn, classifyDataDirError } from "./data-dir";
import { DECISIONS_FILE, REVIEW_SPAM_FILE, REVIEWS_FILE } from "./file-names";
import { createJsonlAppender, type JsonlAppender } from "./jsonl-append";
import { parseJsonLine, readJsonl, scanBackward } from "./jsonl-read";
import { erasedLineText } from "./erased-line";
import type { OutboxFiles } from "./outbox-files";

export type ReviewFiles = ReviewStore & { close(): Promise<void> };

/**
 * Reviews in DATA_DIR, append-only JSON lines: reviews.jsonl (every review as posted,
 * `approved: false`; the line is also its mail job), review-spam.jsonl (held back),
 * review-decisions.jsonl (every approve and reject, with the email link's signature when a
 * link made it). A review's state is its last decision. Reviews are few: each read takes
 * the files whole.
 */
export function createReviewFiles(options: { dataDir: string; clock: () => number; logger: Logger; outbox: OutboxFiles }): ReviewFiles {
  const { dataDir, clock, logger, outbox } = options;
  const reviewsFile = path.join(dataDir, REVIEWS_FILE);
  const decisionsFile = path.join(dataDir, DECISIONS_FILE);
  const reviews = createJsonlAppender(reviewsFile, logger);
  const spamFile = path.join(dataDir, REVIEW_SPAM_FILE);
  const spam = createJsonlAppender(spamFile, logger);
  const decisions = createJsonlAppender(decisionsFile, logger);
  const now = (): string => new Date(clock()).toISOString();
  // Decisions and erasures take turns: a decision checks the review is there, then writes.
  let deciding: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = deciding.then(work);
    deciding = turn.catch(() => undefined);
    return turn;
  }

  async function write<T>(appender: JsonlAppender, record: T): Promise<T> {
    await appendIn(dataDir, appender, record);
    return record;
  }

  const record = (input: ReviewInput, source: LeadSource | undefined): StoredReview => newPost({ ...input, approved: false }, now(), source);

  const readDecisions = (): Promise<Decision[]> => readJsonl(decisionsFile, (value) => decisionSchema.safeParse(value).data, logger);

  /** Every review with its last decision applied, newest first. */
  async function states(): Promise<ReviewItem[]> {
    const [stored, decided] = await Promise.all([readJsonl(reviewsFile, (value) => storedReviewSchema.safeParse(value).data, logger), readDecisions()]);
    const last = new Map(decided.map((decision) => [decision.id, decision]));
    return stored
      .map((review): ReviewItem => {
        const decision = last.get(review.id);
        if (!decision) return { ...review, state: "pending" };
        return { ...review, approved: decision.approved, decision, state: decision.approved ? "approved" : "rejected" };
      })
      .sort(newestFirst);
  }

  const watch = createApprovedWatch(dataDir, async () => (await states()).filter((r) => r.approved).map((r) => r.id), logger);

  return {
    async add(input, source) {
      const review = await write(reviews, record(input, source));
      void outbox.noteQueued(reviewJob(review)).catch((error: unknown) => logger.error(`reviews: could not queue the notification for ${review.id}`, error));
      return review;
    },

    hold: (input, spamReason, source) => write(spam, { ...record(input, source), spamReason }),

    async list(filter = {}) {
      const all = await states();
      return filter.state ? all.filter((review) => review.state === filter.state) : all;
    },

    get: async (id) => (await states()).find((review) => review.id === id),

    decide(request) {
      // One decision at a time, so that two presses of one link's button cannot both use it.
      return inTurn(async (): Promise<DecisionResult> => {
        if (request.token !== undefined) {
          const used = (await readDecisions()).find((decision) => decision.token === request.token);
          if (used) return { ok: false, problem: "link-used", decision: used };
        }
        if (!(await states()).some((review) => review.id === request.id)) return { ok: false, problem: "unknown-review" };
        await watch.settled();
        const decision = await write(decisions, decisionOf(request, now()));
        void watch.check();
        return { ok: true, decision };
      });
    },

    // The review's line is erased in place (erased-line.ts): the outbox's watermark on reviews.jsonl is a byte offset and stays true.
    erase(id) {
      return inTurn(async () => {
        const lineId = (text: string): string | undefined => {
          const value = storedReviewSchema.safeParse(parseJsonLine(text)).data;
          return value?.id === id ? id : undefined;
        };
        const found: Array<{ appender: JsonlAppender; start: number }> = [];
        for (const [file, appender] of [[reviewsFile, reviews], [spamFile, spam]] as const) {
          await scanBackward(file, (text, start) => {
            if (text.includes(id) && lineId(text)) found.push({ appender, start });
            return false;
          });
        }
        if (found.length === 0) return false;
        // The mail first: a crash after it leaves a review that is not mailed, never a mail of an erased review.
        await outbox.forget("review", id);
        await watch.settled();
        try {
          for (const { appender, start } of found) await appender.overwrite(start, (line) => (lineId(line) ? erasedLineText(id, Buffer.byteLength(line)) : undefined));
        } catch (error) {
          throw classifyDataDirError(dataDir, error);
        }
        // On the site: the watch sees the approved set change, and npm start rebuilds it without the review.
        void watch.check();
        return true;
      });
    },

    linkUse: async (token) => (await readDecisions()).find((decision) => decision.token === token),

    async approved() {
      // No reviews file: this store never had a review, and the build reads content/reviews.json.
      if (!(await stat(reviewsFile).then(() => true, () => false))) return undefined;
      return (await states())
        .filter((review) => review.approved)
        .map(({ id, name, location, rating, text, createdAt }) => ({ id, name, location, rating, text, approved: true, createdAt }));
    },

    watchApproved: (listener) => watch.add(listener),

    async close() {
      watch.close();
      await Promise.all([reviews.close(), spam.close(), decisions.close()]);
    },
  };
}
