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

/** The Reviews screen: what waits for a decision first, then what is on the site and what was turned down. */
export interface ReviewsData {
  pending: ReviewRow[];
  approved: ReviewRow[];
  rejected: ReviewRow[];
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
          Waiting for you ({data.pending.length})
        </h2>
        {data.pending.length === 0 ? (
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
              {data.pending.map((review) => (
                <ReviewItem key={review.id} review={review} state="pending" />
              ))}
            </ul>
          </>
        )}
      </section>
      <details className={css.group} open={data.pending.length === 0 && data.approved.length > 0}>
        <summary className={css.summary}>On the site ({data.approved.length})</summary>
        <ul className={ui.rowList}>
          {data.approved.map((review) => (
            <ReviewItem key={review.id} review={review} state="approved" />
          ))}
        </ul>
      </details>
      <details className={css.group}>
        <summary className={css.summary}>Rejected ({data.rejected.length})</summary>
        <ul className={ui.rowList}>
          {data.rejected.map((review) => (
            <ReviewItem key={review.id} review={review} state="rejected" />
          ))}
        </ul>
      </details>
    </>
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
