import { button } from "./button.css";
import * as css from "./all-reviews-link.css";

/** Under the home page's testimonials: every approved review, and the form to leave one, are on /reviews. */
export function AllReviewsLink() {
  return (
    <p className={css.row}>
      <a className={button.outline} href="/reviews">
        Read all reviews or leave one
      </a>
    </p>
  );
}
