/**
 * The route table: the only list of pages. The server render (react-router matches
 * paths on the build's side), the build (which asks each dynamic route for its paths) and
 * the browser's navigation script (src/client/navigate.ts, which picks a loading
 * skeleton by matching this table) all read it. `page` names a file in
 * src/pages/ (kebab-case, `.tsx`). This module is data only: it is bundled into
 * the small script every page loads, so it must not import page code.
 */
export interface RouteEntry {
  path: string;
  page: string;
  /** What stands in for the page while a client navigation to it loads (the spec's blog skeletons). */
  skeleton?: "list" | "post";
}

/** Every URL no other entry takes; rendered once into dist/404.html. */
const notFoundRoute: RouteEntry = { path: "*", page: "not-found-page" };

export const routeTable: readonly RouteEntry[] = [
  { path: "/", page: "home-page" },
  { path: "/contact", page: "contact-page" },
  { path: "/contact/thank-you", page: "thank-you-page" },
  { path: "/book-estimate", page: "book-estimate-page" },
  { path: "/book-estimate/thank-you", page: "booked-page" },
  { path: "/reviews", page: "reviews-page" },
  { path: "/reviews/thank-you", page: "review-thank-you-page" },
  { path: "/blog", page: "blog-list-page", skeleton: "list" },
  { path: "/blog/page/:page", page: "blog-list-paged-page", skeleton: "list" },
  { path: "/blog/category/:category", page: "blog-category-page", skeleton: "list" },
  { path: "/blog/category/:category/page/:page", page: "blog-category-paged-page", skeleton: "list" },
  { path: "/blog/:slug", page: "blog-post-page", skeleton: "post" },
  { path: "/services", page: "services-index-page" },
  { path: "/services/:slug", page: "service-page" },
  { path: "/locations", page: "locations-index-page" },
  { path: "/locations/:slug", page: "town-page" },
  { path: "/our-work", page: "our-work-page" },
  { path: "/privacy", page: "privacy-page" },
  notFoundRoute,
];

/** How a table entry sits under the root route in react-router terms. */
export const routePlacement = (r: RouteEntry): { index: true } | { path: string } =>
  r.path === "/" ? { index: true } : { path: r.path.replace(/^\//, "") };

/** The path the build renders into dist/404.html (served for every unknown URL). */
export const notFoundPath = "/404";

/**
 * Every page's URL, written once beside the entry it belongs to: links, page
 * heads, structured data, the build and the functions' redirects all use these
 * (routes.test.ts checks each lands on its own entry). No trailing slash.
 */
export const pathTo = {
  home: "/",
  contact: "/contact",
  /** Where a contact form posted without JavaScript lands once stored (noindex). */
  contactThanks: "/contact/thank-you",
  /** Book a free estimate visit: the built page, and the same page with the free times as the booking function renders it at request time. */
  bookEstimate: "/book-estimate",
  /** Where a booking made without JavaScript lands once stored (noindex). */
  bookEstimateThanks: "/book-estimate/thank-you",
  reviews: "/reviews",
  /** Where a review posted without JavaScript lands once stored (noindex). */
  reviewThanks: "/reviews/thank-you",
  blog: "/blog",
  post: (slug: string) => `/blog/${slug}`,
  /** One list page of the blog, all posts (category null) or one category's; page 1 has no /page/1 (one URL per page for search engines). */
  blogList: (category: string | null, page = 1) => {
    const base = category === null ? "/blog" : `/blog/category/${category}`;
    return page <= 1 ? base : `${base}/page/${page}`;
  },
  services: "/services",
  service: (slug: string) => `/services/${slug}`,
  locations: "/locations",
  town: (slug: string) => `/locations/${slug}`,
  /** Every job's before and after photos; a job is `#<its folder's name>` there. */
  ourWork: "/our-work",
  privacy: "/privacy",
} as const;

/** What the servers answer besides pages: the functions' endpoints and the blog's JSON (one list for links, forms and the functions). */
export const apiPath = {
  blog: "/api/blog",
  contact: "/api/contact",
  /** A photo of a contact message, by the signed link in the owner's email, signed by the contact function. */
  contactPhotos: "/api/contact/photos",
  reviews: "/api/reviews",
  /** An email link's confirm page (GET) and the decision (POST). */
  moderateReview: "/api/reviews/moderate",
  /** The site script's beacon: a page seen or a call link tapped (src/client/visit-beacon.ts). */
  event: "/api/event",
  /** GET: the free estimate visits (JSON); POST: book one (the booking function). */
  estimateVisits: "/api/estimate-visits",
  /** The visitor's cancel link from their email: GET a page with one button, POST the cancellation. */
  cancelEstimateVisit: "/api/estimate-visits/cancel",
} as const;

/**
 * The table entry a pathname belongs to, ranked as react-router ranks them: a
 * static segment beats a `:param`, and `*` only takes what nothing else does.
 * A trailing slash is ignored. (The build matches with react-router itself; this
 * few-line matcher is for the browser, which no longer loads react-router.)
 */
export function matchRoute(pathname: string): RouteEntry {
  const parts = pathname.split("/").filter(Boolean);
  let best: { entry: RouteEntry; score: number } | undefined;
  for (const entry of routeTable) {
    if (entry.path === "*") continue;
    const pattern = entry.path.split("/").filter(Boolean);
    if (pattern.length !== parts.length) continue;
    let score = 0;
    const fits = pattern.every((seg, i) => {
      if (seg.startsWith(":")) return true;
      score += 1;
      return seg === parts[i];
    });
    if (fits && (!best || score > best.score)) best = { entry, score };
  }
  return best?.entry ?? notFoundRoute;
}
