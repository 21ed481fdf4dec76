import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { ReviewFormIsland } from "../app/islands";
import { useRootData } from "../app/root-data";
import { breadcrumbData, reviewsData, type ShownReview } from "../app/structured-data";
import { JsonLd } from "../components/json-ld";
import type { RefusedReview } from "../components/review-form";
import { ReviewList } from "../components/review-list";
import * as css from "../components/reviews.css";
import { container, section } from "../styles/layout.css";

export interface ReviewsPageData {
  reviews: ShownReview[];
  /** Suggestions for the town field: the towns served, "Chapin, SC". */
  towns: string[];
  /** Only in the answer to a refused no-JavaScript post (renderReviewsWithErrors in src/entry-server.tsx), never in the build. */
  refused?: RefusedReview;
}

/** Approved reviews only, newest first (src/content/load-reviews.ts); rebuilt when one is approved. */
export function load({ content }: LoadArgs): ReviewsPageData {
  return {
    reviews: content.reviews.map(({ id, name, location, rating, text, createdAt }) => ({ id, name, location, rating, text, createdAt })),
    towns: content.locations.map((l) => `${l.name}, SC`),
  };
}

export function head(_data: ReviewsPageData, { site }: HeadContext): Head {
  return {
    title: `Customer Reviews | ${site.name}`,
    description: `What homeowners around Chapin and Lake Murray say about ${site.name}, and a form to leave your own review.`,
    path: "/reviews",
  };
}

export function Component({ data: { reviews, towns, refused } }: { data: ReviewsPageData }) {
  const { site } = useRootData();
  return (
    <>
      <JsonLd data={breadcrumbData(site, [
        { name: "Home", path: "/" },
        { name: "Reviews", path: "/reviews" },
      ])} />
      {reviews.length > 0 ? <JsonLd data={reviewsData(site, reviews)} /> : null}
      <header className={css.hero}>
        <div className={container}>
          <h1>Customer Reviews</h1>
          <p className={css.intro}>What our neighbors say about our work, in their own words.</p>
        </div>
      </header>
      <div className={`${container} ${section} ${css.layout}`}>
        <section aria-labelledby="reviews-list-title">
          <h2 id="reviews-list-title">{reviews.length === 0 ? "No reviews yet" : reviews.length === 1 ? "1 review" : `${reviews.length} reviews`}</h2>
          <ReviewList reviews={reviews} />
        </section>
        <section id="leave-a-review" className={css.formBox} aria-labelledby="leave-a-review-title">
          <h2 id="leave-a-review-title" className={css.formTitle}>
            Leave a review
          </h2>
          <ReviewFormIsland towns={towns} refused={refused} />
        </section>
      </div>
    </>
  );
}
