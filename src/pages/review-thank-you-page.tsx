import type { Head, HeadContext } from "../app/head";
import { button } from "../components/button.css";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

/**
 * /reviews/thank-you/: where a review posted without JavaScript lands once it is
 * stored (the 303 in the reviews function's app.ts).
 */
export const load = () => ({});

export function head(_data: unknown, { site }: HeadContext): Head {
  return {
    title: `Thank You for Your Review | ${site.name}`,
    description: "We have your review and read every one before it appears on the site.",
    path: pathTo.reviewThanks,
    noindex: true,
  };
}

export function Component() {
  return (
    <div className={`${container} ${section}`}>
      <h1>Thank you for your review!</h1>
      <p>We read every review before it appears on the site, usually within a day or two.</p>
      <a className={button.brand} href="/reviews">
        Back to the reviews
      </a>
    </div>
  );
}
