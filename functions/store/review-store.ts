import type { Review, ReviewInput } from "../../src/content/review";
import type { Decision, DecisionVia, LeadSource, StoredReview } from "./records";

export type ReviewState = "pending" | "approved" | "rejected";

/** A review with its current state: `approved` and `decision` are those of its last decision. */
export type ReviewItem = StoredReview & { state: ReviewState; decision?: Decision };

export interface DecisionRequest {
  id: string;
  approved: boolean;
  via: DecisionVia;
  by: string;
  /** The email link's signature (review links only): a link decides once, across every instance. */
  token?: string;
}

/** The record a request makes, at `at`: what both stores keep of a decision. */
export const decisionOf = (request: DecisionRequest, at: string): Decision => ({
  id: request.id,
  approved: request.approved,
  at,
  via: request.via,
  by: request.by,
  ...(request.token !== undefined ? { token: request.token } : {}),
});

export type DecisionResult =
  | { ok: true; decision: Decision }
  | { ok: false; problem: "unknown-review" }
  /** The link was used already: `decision` is what it decided. */
  | { ok: false; problem: "link-used"; decision: Decision };

/**
 * Reviews (`store.reviews`): as posted, then decided. Every decision, whatever made it
 * (an email link, `npm run reviews`, the desk), goes through `decide` and is recorded alike.
 */
export interface ReviewStore {
  /** Stores a review, pending, and queues the owner's notification in the same durable write. */
  add(input: ReviewInput, source?: LeadSource): Promise<StoredReview>;
  /** Stores a review held back as spam; nothing is mailed. */
  hold(input: ReviewInput, spamReason: string, source?: LeadSource): Promise<StoredReview>;
  /** Reviews with their state, newest first; only those in `state` when given. */
  list(filter?: { state?: ReviewState }): Promise<ReviewItem[]>;
  get(id: string): Promise<ReviewItem | undefined>;
  /** Records an approve or reject. A token already used, or an unknown review, decides nothing. */
  decide(request: DecisionRequest): Promise<DecisionResult>;
  /**
   * Erases a review for good, as the privacy page promises a visitor who asks: the review as posted
   * (or held as spam), its email and its notification not sent yet (one being handed to the mail
   * server at this very moment goes out once and is never tried again). Its decisions hold no words
   * of the visitor's and may stay. When it was on the site, watchApproved's listeners are called
   * (the site is rebuilt without it). True when something was erased; false for an unknown id, or
   * one erased before. `by` is who asked.
   */
  erase(id: string, by: string): Promise<boolean>;
  /** The decision an email link (by its signature) made, if it was used. */
  linkUse(token: string): Promise<Decision | undefined>;
  /**
   * The approved reviews as the site shows them, newest first; undefined when this store has
   * never held a review (the build then reads content/reviews.json, src/content/load-reviews.ts).
   */
  approved(): Promise<Review[] | undefined>;
  /**
   * Calls `listener` once each time the set of approved reviews changes, whichever process or
   * instance decided (`npm start` rebuilds the site). Returns a function that stops it.
   */
  watchApproved(listener: () => void): () => void;
}
