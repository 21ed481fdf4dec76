import type { LocalBusiness, WithContext } from "schema-dts";
import type { Review } from "../content/review";
import type { Site } from "../content/site";
import { absoluteUrl } from "./head";
import { businessId, businessType } from "./structured-data";

/** The fields of a review the pages and the JSON-LD show (no id needed beyond keys). */
export type ShownReview = Pick<Review, "id" | "name" | "location" | "rating" | "text" | "createdAt">;

/**
 * /reviews: the business node (the same @id as the home page's) with its approved
 * reviews as schema.org `Review`s. Browser-safe and pure, like structured-data.ts.
 */
export function reviewsData(site: Site, reviews: readonly ShownReview[]): WithContext<LocalBusiness> {
  return {
    "@context": "https://schema.org",
    "@type": businessType(site),
    "@id": businessId(site),
    name: site.name,
    url: absoluteUrl(site, "/"),
    review: reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * The rating the home page's structured data states: site.json's `rating`, or, when
 * it says `"fromReviews": true` and there are approved reviews, their average and count.
 */
export function shownRating(
  rating: { value: number; count: number; fromReviews?: boolean },
  reviews: readonly Pick<Review, "rating">[],
): { value: number; count: number } {
  if (!rating.fromReviews || reviews.length === 0) return { value: rating.value, count: rating.count };
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return { value: Math.round((total / reviews.length) * 10) / 10, count: reviews.length };
}
