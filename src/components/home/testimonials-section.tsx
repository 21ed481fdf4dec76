import type { Home } from "../../content/home";
import { container, drawnNearViewport, section } from "../../styles/layout.css";
import { AllReviewsLink } from "../all-reviews-link";
import { StarIcon } from "../icons";
import { SectionHeader } from "../section-header";
import * as css from "./home.css";

export type TestimonialData = Home["testimonials"][number] & { initials: string };

function Stars({ rating }: { rating: number }) {
  return (
    <div className={css.stars} role="img" aria-label={`Rated ${rating} out of 5 stars`}>
      {Array.from({ length: rating }, (_, i) => (
        <StarIcon key={i} size={20} />
      ))}
    </div>
  );
}

/** Satisfied Clients (id "testimonials"). */
export function TestimonialsSection({ heading, testimonials }: { heading: Home["sections"]["testimonials"]; testimonials: readonly TestimonialData[] }) {
  return (
    <section id="testimonials" className={`${section} ${drawnNearViewport} ${css.untilDrawn.testimonials}`} aria-labelledby="testimonials-title">
      <div className={container}>
        <SectionHeader id="testimonials-title" title={heading.heading} intro={heading.intro} centered />
        <ul className={css.quoteGrid}>
          {testimonials.map((t) => (
            <li key={t.name} className={css.card}>
              <figure className={css.quote}>
                <Stars rating={t.rating} />
                <blockquote className={css.quoteText}>
                  <p>“{t.text}”</p>
                </blockquote>
                <figcaption className={css.person}>
                  <span className={css.avatar} aria-hidden="true">{t.initials}</span>
                  <span>
                    <span className={css.personName}>{t.name}</span>
                    <span className={css.personPlace}>{t.location}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <AllReviewsLink />
      </div>
    </section>
  );
}
