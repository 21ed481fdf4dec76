import { deskPath, REVIEWS_SHOWN, reviewsHref, type ReviewGroup } from "../../../src/desk/desk-routes";
import type { ReviewDeleteData, ReviewRow, ReviewsData, ReviewsShown } from "../../../src/desk/screens/reviews-screen";
import { formatBusinessTime } from "../../../src/format/business-time";
import type { DecisionVia } from "../../store/records";
import type { ReviewItem } from "../../store/review-store";
import type { DeskContext, DeskScreenModule } from "../desk-contract";

const title = "Reviews";
const ID = /^[\w-]{1,64}$/;
/** The most a "Show more" address may ask for (a flood of spam reviews is shown a page at a time, never whole). */
const MOST_SHOWN = 2_000;

/** How many of a group the address asks to see: REVIEWS_SHOWN unless it names more (rounded up to a whole page). */
function shownOf(value: unknown): number {
  const asked = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : REVIEWS_SHOWN;
  return Math.min(MOST_SHOWN, Math.max(REVIEWS_SHOWN, Math.ceil(asked / REVIEWS_SHOWN) * REVIEWS_SHOWN));
}

/** What made a decision, as the owner knows it. */
const viaWords: Record<DecisionVia, string> = { link: "email link", cli: "npm run reviews", desk: "the desk" };

export function reviewRow(review: ReviewItem, timeZone: string): ReviewRow {
  const when = (at: string) => formatBusinessTime(at, timeZone);
  const decision = review.decision;
  return {
    id: review.id,
    name: review.name,
    location: review.location,
    rating: review.rating,
    text: review.text,
    when: when(review.createdAt),
    decided: decision && `${decision.approved ? "Approved" : "Rejected"} by ${decision.by} (${viaWords[decision.via]}), ${when(decision.at)}`,
  };
}

/**
 * Reviews: pending ones with Approve and Reject, then those on the site and those rejected,
 * each of which can be decided again. A decision goes through `store.reviews.decide` (via
 * "desk", by the owner's address) exactly as an email link's or `npm run reviews`' does, so it
 * shows in each of them; the store's watchApproved makes `npm start` rebuild the site. "Delete
 * review" is asked once more on a screen of its own, then erased for good by the store, as the
 * privacy page promises (off the site by the same rebuild when it was on it).
 */
export const reviewsScreen: DeskScreenModule = (routes, { store, publish, forgetMail }) => {
  const noSuchReview = (ctx: DeskContext) =>
    ctx.show({ screen: "problem", title, section: "reviews", data: { message: "There is no such review.", back: { href: deskPath.reviews, label: "Back to the list" } } }, { status: 404 });

  routes.get(deskPath.reviews, async (ctx) => {
    const all = await store.reviews.list();
    const query = ctx.req.query;
    const asked: Record<ReviewGroup, number> = { pending: shownOf(query.pending), approved: shownOf(query.approved), rejected: shownOf(query.rejected) };
    // Rows are made only for the reviews shown: a screen costs its page, however many wait.
    const group = (state: ReviewGroup): ReviewsShown => {
      const inGroup = all.filter((r) => r.state === state);
      const shown = inGroup.slice(0, asked[state]);
      return {
        rows: shown.map((r) => reviewRow(r, ctx.site.timeZone)),
        total: inGroup.length,
        opened: query[state] !== undefined,
        ...(inGroup.length > shown.length ? { more: reviewsHref({ ...asked, [state]: asked[state] + REVIEWS_SHOWN }) } : {}),
      };
    };
    const data: ReviewsData = { pending: group("pending"), approved: group("approved"), rejected: group("rejected"), publishes: publish !== undefined };
    await ctx.show({ screen: "reviews", title, section: "reviews", data });
  });

  routes.get(`${deskPath.reviews}/:id/delete`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    const review = ID.test(id) ? await store.reviews.get(id) : undefined;
    if (!review) return noSuchReview(ctx);
    const data: ReviewDeleteData = {
      id,
      who: `${review.name}, ${review.location}`,
      when: formatBusinessTime(review.createdAt, ctx.site.timeZone),
      shown: review.state === "approved",
      publishes: publish !== undefined,
    };
    await ctx.show({ screen: "review-delete", title: "Delete review", section: "reviews", data });
  });

  // Erased for good (store reviews.erase; its watchApproved rebuilds the site when it was on it).
  // A second post (a dropped connection, the back button) finds nothing and says so.
  routes.post(`${deskPath.reviews}/:id/delete`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    if (!ID.test(id)) return noSuchReview(ctx);
    const review = await store.reviews.get(id);
    const erased = await store.reviews.erase(id, ctx.owner.email);
    // Its email as a file in DATA_DIR (no mail server set up), also when a first try stopped before it.
    await forgetMail?.(id);
    if (!erased) return ctx.redirect(deskPath.reviews, { tone: "info", text: "That review is not here: it was deleted already." });
    // The id only: the audit log keeps nothing of what the visitor wrote.
    await ctx.audit("deleted a review", id);
    const off = review?.state === "approved" ? (publish ? " It is off the site within a minute." : " It is off the site after the site's next build.") : "";
    ctx.redirect(deskPath.reviews, { tone: "done", text: `Review deleted.${off}` });
  });

  routes.post(`${deskPath.reviews}/:id/decision`, async (ctx) => {
    const id = String(ctx.req.params.id ?? "");
    const approved = ctx.req.body?.approved === "yes" ? true : ctx.req.body?.approved === "no" ? false : undefined;
    const review = ID.test(id) && approved !== undefined ? await store.reviews.get(id) : undefined;
    if (!review || approved === undefined) return noSuchReview(ctx);
    // A second press (or a post repeated after a dropped connection) records nothing new.
    if (review.state === (approved ? "approved" : "rejected")) {
      return ctx.redirect(deskPath.reviews, { tone: "info", text: `${review.name}'s review was ${approved ? "approved" : "rejected"} already.` });
    }
    const decided = await store.reviews.decide({ id, approved, via: "desk", by: ctx.owner.email });
    if (!decided.ok) return ctx.redirect(deskPath.reviews, { tone: "problem", text: "That review is gone; nothing was changed." });
    await ctx.audit(approved ? "approved a review" : "rejected a review", id);
    const shows = publish ? "It is on the site within a minute." : "It is on the site after the site's next build.";
    ctx.redirect(deskPath.reviews, {
      tone: "done",
      text: approved ? `Approved ${review.name}'s review. ${shows}` : `Rejected ${review.name}'s review: it is not on the site.`,
    });
  });
};
