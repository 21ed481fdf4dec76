import { deskPath, reviewDecisionPath, reviewDeletePath } from "../desk-routes";
import { DeleteStep } from "./delete-step";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./reviews-screen.css";

/** One review as the desk shows it (the desk server's screens/reviews.ts words it). */
export interface ReviewRow {
  id: string;
  name: string;
  location: string;
  rating: number;
  text: string;
  /** When it was sent, on the business's clock. */
  when: string;
  /** The last decision, in words: "Approved by you@example.com (email link), Jun 2, 2025, 10:30 AM EDT". */
  decided?: string;
}

/** One group of the screen: its newest reviews, as many as the address asked for. */
export interface ReviewsShown {
  rows: ReviewRow[];
  /** How many the group holds (its heading says so, however many are shown). */
  total: number;
  /** The address showing more of this group; absent when every one is shown. */
  more?: string;
  /** The address asked for this group ("Show more" was pressed): it is shown open. */
  opened: boolean;
}

/** The Reviews screen: what waits for a decision first, then what is on the site and what was turned down. */
export interface ReviewsData {
  pending: ReviewsShown;
  approved: ReviewsShown;
  rejected: ReviewsShown;
  /** False where this server does not build the site (a static host builds it): an approval shows after its next build. */
  publishes: boolean;
}

/** The step before a review is deleted for good (the same server module fills it). */
export interface ReviewDeleteData {
  id: string;
  /** "Jane Doe, Irmo, SC". */
  who: string;
  when: string;
  /** On the site now: deleting it takes it off. */
  shown: boolean;
  publishes: boolean;
}

/** "Delete review", asked once more in plain words. */
export function ReviewDeleteScreen({ data }: { data: ReviewDeleteData }) {
  const off = data.shown ? ` It comes off the site ${data.publishes ? "within a minute" : "at the site's next build"}.` : "";
  return (
    <DeleteStep
      title="Delete this review?"
      about={`From ${data.who}, ${data.when}.`}
      question="Delete this review for good? This cannot be undone."
      detail={`The review and any email to you about it still waiting to go are deleted from the website's files.${off} An email already sent to you stays in your mailbox.`}
      action={reviewDeletePath(data.id)}
      keep={deskPath.reviews}
    />
  );
}

export function ReviewsScreen({ data }: { data: ReviewsData }) {
  return (
    <>
      <section aria-labelledby="pending-title">
        <h2 className={ui.cardTitle} id="pending-title">
          Waiting for you ({data.pending.total})
        </h2>
        {data.pending.total === 0 ? (
          <Card>
            <p>No review is waiting. Each new one comes to you by email too.</p>
          </Card>
        ) : (
          <>
            <p className={ui.muted}>
              Approve puts a review on the site{data.publishes ? " within a minute" : " at the site's next build"}; Reject keeps it off. You can change your mind
              below.
            </p>
            <ul className={ui.rowList}>
              {data.pending.rows.map((review) => (
                <ReviewItem key={review.id} review={review} state="pending" />
              ))}
            </ul>
            <ShowMore group={data.pending} what="waiting reviews" />
          </>
        )}
      </section>
      <details className={css.group} open={data.approved.opened || (data.pending.total === 0 && data.approved.total > 0)}>
        <summary className={css.summary}>On the site ({data.approved.total})</summary>
        <ul className={ui.rowList}>
          {data.approved.rows.map((review) => (
            <ReviewItem key={review.id} review={review} state="approved" />
          ))}
        </ul>
        <ShowMore group={data.approved} what="reviews on the site" />
      </details>
      <details className={css.group} open={data.rejected.opened}>
        <summary className={css.summary}>Rejected ({data.rejected.total})</summary>
        <ul className={ui.rowList}>
          {data.rejected.rows.map((review) => (
            <ReviewItem key={review.id} review={review} state="rejected" />
          ))}
        </ul>
        <ShowMore group={data.rejected} what="rejected reviews" />
      </details>
    </>
  );
}

/** "Show more" under a group that has more than it shows: newest first, a page more at each press. */
function ShowMore({ group, what }: { group: ReviewsShown; what: string }) {
  if (!group.more) return null;
  return (
    <p className={css.more}>
      <span className={ui.muted}>
        Showing the newest {group.rows.length} of {group.total} {what}.
      </span>
      <a className={ui.button.quiet} href={group.more}>
        Show more
      </a>
    </p>
  );
}

function ReviewItem({ review, state }: { review: ReviewRow; state: "pending" | "approved" | "rejected" }) {
  const who = `${review.name}, ${review.location}`;
  return (
    <li className={state === "pending" ? `${css.review} ${css.pending}` : css.review}>
      <div className={css.top}>
        <p className={css.who}>{who}</p>
        <span className={css.stars} role="img" aria-label={`${review.rating} out of 5 stars`}>
          {"★".repeat(review.rating)}
          {"☆".repeat(5 - review.rating)}
        </span>
      </div>
      <p className={css.text}>{review.text}</p>
      <p className={css.when}>
        Sent {review.when}
        {review.decided ? `. ${review.decided}.` : ""}
      </p>
      <div className={css.decide}>
        {state !== "approved" && <Decide id={review.id} approve label={`Approve: ${who}`} text="Approve" />}
        {state !== "rejected" && <Decide id={review.id} approve={false} label={`${state === "approved" ? "Take off the site" : "Reject"}: ${who}`} text={state === "approved" ? "Take off the site" : "Reject"} />}
      </div>
      {/* A plain link of a step: nothing is deleted until the next screen's "Delete for good". */}
      <form method="get" action={reviewDeletePath(review.id)} className={css.deleteForm}>
        <Button tone="danger" label={`Delete review: ${who}`}>
          Delete review
        </Button>
      </form>
    </li>
  );
}

function Decide({ id, approve, label, text }: { id: string; approve: boolean; label: string; text: string }) {
  return (
    <DeskForm action={reviewDecisionPath(id)}>
      <input type="hidden" name="approved" value={approve ? "yes" : "no"} />
      <Button tone={approve ? "primary" : "danger"} label={label}>
        {text}
      </Button>
    </DeskForm>
  );
}
