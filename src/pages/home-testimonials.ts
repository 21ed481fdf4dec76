// Browser-safe: the home page's load() uses it, and load is bundled with the page.
import type { Home } from "../content/home";
import type { Review } from "../content/review";

export type Testimonial = Home["testimonials"][number];

/** The spec's count: the home page's Satisfied Clients section shows two. */
export const HOME_TESTIMONIALS = 2;

/**
 * The two newest approved reviews (`approved` comes newest first), topped up with
 * content/home.json's testimonials, so the section is full from the first day.
 */
export function homeTestimonials(approved: readonly Review[], fallback: readonly Testimonial[]): Testimonial[] {
  const fromReviews = approved.map(({ name, location, rating, text }) => ({ name, location, rating, text }));
  return [...fromReviews, ...fallback].slice(0, HOME_TESTIMONIALS);
}
