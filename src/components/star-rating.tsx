import { StarIcon } from "./icons";
import * as css from "./reviews.css";

/** Five stars, `rating` of them filled, read out as "Rated 4 out of 5 stars". */
export function StarRating({ rating, size = 20 }: { rating: number; size?: number }) {
  return (
    <span className={css.stars} role="img" aria-label={`Rated ${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n > rating ? css.starEmpty : undefined}>
          <StarIcon size={size} />
        </span>
      ))}
    </span>
  );
}
