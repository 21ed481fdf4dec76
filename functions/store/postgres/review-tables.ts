import { newestFirst } from "../../../src/content/review";
import { decisionSchema, newPost, reviewJob, storedReviewSchema, type Decision, type StoredReview } from "../records";
import { decisionOf, type DecisionResult, type ReviewItem, type ReviewStore } from "../review-store";
import type { Database } from "./database";
import type { Notifications } from "./notifications";
import type { OutboxTables } from "./outbox-tables";
import { createPostBatches } from "./post-batches";

interface ReviewRow {
  record: unknown;
  decision: unknown;
}

function toItem(row: ReviewRow): ReviewItem {
  const review = storedReviewSchema.parse(row.record);
  if (!row.decision) return { ...review, state: "pending" };
  const decision = decisionSchema.parse(row.decision);
  return { ...review, approved: decision.approved, decision, state: decision.approved ? "approved" : "rejected" };
}

/**
 * Reviews in PostgreSQL: as posted (or held as spam), and every decision. A decision locks its
 * review's row, so decisions on one review take turns across instances; an email link's
 * signature is unique, so a link decides once. When the approved set changes, the decision's
 * transaction notifies `approved_reviews`, heard by the instance that builds the site.
 */
export function createReviewTables(db: Database, notifications: Notifications, outbox: OutboxTables, clock: () => number): ReviewStore {
  const now = (): string => new Date(clock()).toISOString();
  const posted = createPostBatches(db, "reviews", "posted");

  async function states(id?: string): Promise<ReviewItem[]> {
    const { rows } = await db.query<ReviewRow>(
      `SELECT r.record, d.record AS decision FROM reviews r
       LEFT JOIN LATERAL (SELECT record FROM review_decisions WHERE id = r.id ORDER BY seq DESC LIMIT 1) d ON true
       WHERE r.box = 'posted' AND ($1::text IS NULL OR r.id = $1)`,
      [id ?? null],
    );
    return rows.map(toItem).sort(newestFirst);
  }

  const usedBy = async (token: string, run: { query: Database["query"] } = db): Promise<Decision | undefined> => {
    const { rows } = await run.query<{ record: unknown }>("SELECT record FROM review_decisions WHERE token = $1", [token]);
    return rows[0] && decisionSchema.parse(rows[0].record);
  };

  return {
    async add(input, source) {
      const review: StoredReview = newPost({ ...input, approved: false }, now(), source);
      await posted.store(review, reviewJob(review), clock());
      outbox.queued();
      return review;
    },

    async hold(input, spamReason, source) {
      const review: StoredReview = { ...newPost({ ...input, approved: false }, now(), source), spamReason };
      await db.query("INSERT INTO reviews (box, id, record) VALUES ('spam', $1, $2)", [review.id, review]);
      return review;
    },

    async list(filter = {}) {
      const all = await states();
      return filter.state ? all.filter((review) => review.state === filter.state) : all;
    },

    get: async (id) => (await states(id))[0],

    decide: (request) =>
      db.transaction(async (client): Promise<DecisionResult> => {
        const review = await client.query("SELECT id FROM reviews WHERE box = 'posted' AND id = $1 FOR UPDATE", [request.id]);
        if (request.token !== undefined) {
          const used = await usedBy(request.token, client);
          if (used) return { ok: false, problem: "link-used", decision: used };
        }
        if (review.rowCount === 0) return { ok: false, problem: "unknown-review" };
        const last = await client.query<{ approved: boolean }>(
          "SELECT (record->>'approved')::boolean AS approved FROM review_decisions WHERE id = $1 ORDER BY seq DESC LIMIT 1",
          [request.id],
        );
        const decision = decisionOf(request, now());
        const inserted = await client.query("INSERT INTO review_decisions (id, token, record) VALUES ($1, $2, $3) ON CONFLICT (token) DO NOTHING", [
          request.id,
          request.token ?? null,
          decision,
        ]);
        if (inserted.rowCount === 0 && request.token !== undefined) {
          // The same link pressed on another review's page at the same moment: it decided there.
          const used = await usedBy(request.token, client);
          if (used) return { ok: false, problem: "link-used", decision: used };
        }
        if ((last.rows[0]?.approved ?? false) !== request.approved) await client.query("SELECT pg_notify('approved_reviews', '')");
        return { ok: true, decision };
      }),

    erase: (id) =>
      db.transaction(async (client) => {
        // Its rows locked: a decision under way (which locks the posted row) finishes first, and what it decided is read below.
        const gone = await client.query("DELETE FROM reviews WHERE id = $1 RETURNING box", [id]);
        if (gone.rowCount === 0) return false;
        await outbox.forget(client, "review", id);
        const last = await client.query<{ approved: boolean }>(
          "SELECT (record->>'approved')::boolean AS approved FROM review_decisions WHERE id = $1 ORDER BY seq DESC LIMIT 1",
          [id],
        );
        // It was on the site: the instance that builds it rebuilds without it.
        if (last.rows[0]?.approved) await client.query("SELECT pg_notify('approved_reviews', '')");
        return true;
      }),

    linkUse: (token) => usedBy(token),

    async approved() {
      // A review erased since (`erase`) leaves its decisions: the site shows none rather than an older export.
      const { rows } = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM reviews WHERE box = 'posted') OR EXISTS (SELECT 1 FROM review_decisions) AS any");
      // No review ever: the build reads content/reviews.json.
      if (!rows[0]?.any) return undefined;
      return (await states())
        .filter((review) => review.approved)
        .map(({ id, name, location, rating, text, createdAt }) => ({ id, name, location, rating, text, approved: true, createdAt }));
    },

    watchApproved: (listener) => notifications.on("approved_reviews", listener),
  };
}
