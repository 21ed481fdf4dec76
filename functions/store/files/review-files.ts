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
import { parseJsonLine, readJsonlFrom, scanBackward } from "./jsonl-read";
import { erasedLineText } from "./erased-line";
import type { OutboxFiles } from "./outbox-files";

export type ReviewFiles = ReviewStore & { close(): Promise<void> };

/**
 * Reviews in DATA_DIR, append-only JSON lines: reviews.jsonl (every review as posted,
 * `approved: false`; the line is also its mail job), review-spam.jsonl (held back),
 * review-decisions.jsonl (every approve and reject, with the email link's signature when a
 * link made it). A review's state is its last decision. The two files are read once and then
 * only what was appended since (reviewIndex): the desk's screen, a decision and the site's
 * rebuild each read them, and a flood of reviews must not make each of those read it all.
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
  const index = reviewIndex(reviewsFile, decisionsFile, logger);

  async function write<T>(appender: JsonlAppender, record: T): Promise<T> {
    await appendIn(dataDir, appender, record);
    return record;
  }

  const record = (input: ReviewInput, source: LeadSource | undefined): StoredReview => newPost({ ...input, approved: false }, now(), source);

  /** Every review with its last decision applied, newest first. */
  const states = async (): Promise<readonly ReviewItem[]> => (await index.read()).items;

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
      return filter.state ? all.filter((review) => review.state === filter.state) : [...all];
    },

    get: async (id) => (await index.read()).byId.get(id),

    decide(request) {
      // One decision at a time, so that two presses of one link's button cannot both use it.
      return inTurn(async (): Promise<DecisionResult> => {
        const read = await index.read();
        if (request.token !== undefined) {
          const used = read.byToken.get(request.token);
          if (used) return { ok: false, problem: "link-used", decision: used };
        }
        if (!read.byId.has(request.id)) return { ok: false, problem: "unknown-review" };
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
        } finally {
          // The files keep their length: what was read of them is read again.
          await index.readAgain();
        }
        // On the site: the watch sees the approved set change, and npm start rebuilds it without the review.
        void watch.check();
        return true;
      });
    },

    linkUse: async (token) => (await index.read()).byToken.get(token),

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

interface ReviewsRead {
  /** Newest first. */
  items: readonly ReviewItem[];
  byId: ReadonlyMap<string, ReviewItem>;
  /** Decisions made by an email link, by its signature. */
  byToken: ReadonlyMap<string, Decision>;
}

/**
 * The reviews and their decisions as read so far, brought up to date by reading what was appended
 * to each file since (by this process or another: `npm run reviews` decides from the shell). A
 * file that is shorter than what was read, or another file at its name (a restore), is read again
 * whole. Reads take turns, so no line is applied twice.
 */
function reviewIndex(reviewsFile: string, decisionsFile: string, logger: Logger): { read(): Promise<ReviewsRead>; readAgain(): Promise<void> } {
  const stored = new Map<string, StoredReview>();
  const last = new Map<string, Decision>();
  const byToken = new Map<string, Decision>();
  const at = { reviews: { end: 0, ino: -1 }, decisions: { end: 0, ino: -1 } };
  let current: ReviewsRead | undefined;
  let turn: Promise<unknown> = Promise.resolve();

  /** Where to go on reading `file` from (0 when it must be read again whole), or undefined when nothing was appended. */
  async function from(file: string, mark: { end: number; ino: number }): Promise<number | undefined> {
    const found = await stat(file).catch(() => undefined);
    const ino = found?.ino ?? -1;
    const size = found?.size ?? 0;
    if (ino !== mark.ino || size < mark.end) return 0;
    return size > mark.end ? mark.end : undefined;
  }

  /** The records appended to `file` since `mark`, which moves past them. */
  async function readOn<T>(file: string, mark: { end: number; ino: number }, accept: (value: unknown) => T | undefined): Promise<T[]> {
    const ino = (await stat(file).catch(() => undefined))?.ino ?? -1;
    const { lines, end } = await readJsonlFrom(file, mark.end, accept, logger);
    mark.end = end;
    mark.ino = ino;
    return lines.map((line) => line.record);
  }

  function forgetAll(): void {
    stored.clear();
    last.clear();
    byToken.clear();
    at.reviews = { end: 0, ino: -1 };
    at.decisions = { end: 0, ino: -1 };
    current = undefined;
  }

  async function catchUp(): Promise<ReviewsRead> {
    const [reviewsFrom, decisionsFrom] = await Promise.all([from(reviewsFile, at.reviews), from(decisionsFile, at.decisions)]);
    if (reviewsFrom === undefined && decisionsFrom === undefined && current) return current;
    if (reviewsFrom === 0 || decisionsFrom === 0) forgetAll();
    const reviewLines = await readOn(reviewsFile, at.reviews, (value) => storedReviewSchema.safeParse(value).data);
    for (const review of reviewLines) stored.set(review.id, review);
    const decisionLines = await readOn(decisionsFile, at.decisions, (value) => decisionSchema.safeParse(value).data);
    for (const decision of decisionLines) {
      last.set(decision.id, decision);
      if (decision.token !== undefined) byToken.set(decision.token, decision);
    }
    const items = [...stored.values()]
      .map((review): ReviewItem => {
        const decision = last.get(review.id);
        if (!decision) return { ...review, state: "pending" };
        return { ...review, approved: decision.approved, decision, state: decision.approved ? "approved" : "rejected" };
      })
      .sort(newestFirst);
    current = { items, byId: new Map(items.map((item) => [item.id, item])), byToken: new Map(byToken) };
    return current;
  }

  /** `work` after every read under way. */
  function inOrder<T>(work: () => Promise<T>): Promise<T> {
    const next = turn.catch(() => undefined).then(work);
    turn = next;
    return next;
  }

  return {
    read: () => inOrder(catchUp),
    /** After a line was overwritten in place (an erased review): the next read reads the files whole. */
    readAgain: () => inOrder(async () => forgetAll()),
  };
}
