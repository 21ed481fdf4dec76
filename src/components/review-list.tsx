import type { ShownReview } from "../app/structured-data";
import { formatLongDate } from "../format/format-date";
import * as css from "./reviews.css";
import { StarRating } from "./star-rating";

/** Approved reviews, newest first, as given. */
export function ReviewList({ reviews }: { reviews: readonly ShownReview[] }) {
  if (reviews.length === 0) return <p className={css.empty}>Be the first to tell others how we did.</p>;
  return (
    <ul className={css.list}>
      {reviews.map((r) => (
        <li key={r.id}>
          <article className={css.card} aria-label={`Review by ${r.name}`}>
            <div className={css.cardTop}>
              <StarRating rating={r.rating} />
              <time dateTime={r.createdAt} className={css.byline}>
                {formatLongDate(r.createdAt)}
              </time>
            </div>
            <blockquote className={css.text}>{r.text}</blockquote>
            <p className={css.byline}>
              <span className={css.name}>{r.name}</span>, {r.location}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
