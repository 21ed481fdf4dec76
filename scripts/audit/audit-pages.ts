import { deskPath, sectionPath } from "../../src/desk/desk-routes";

/** The four categories, in the order Lighthouse's report shows them. */
export const categoryIds = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof categoryIds)[number];

/** One page Lighthouse audits: what the table calls it and its path on the site. */
export interface AuditPage {
  label: string;
  path: string;
  /** The categories that must score 100; default all four (and no layout shift). */
  judged?: readonly CategoryId[];
  /** Audited signed in to the owner's desk. */
  signedIn?: boolean;
}

/**
 * The owner's desk's screens: Accessibility and Best Practices must be 100 (issue 28). Performance
 * is the public pages' measure, and SEO cannot be 100 on pages that ask not to be indexed.
 */
const deskJudged: readonly CategoryId[] = ["accessibility", "best-practices"];
// The sign-in page last: it gives the browser a cookie (the CSRF key of its forms), which Lighthouse
// does not clear between pages and which Chromium would then send instead of the signed-in pages' Cookie header.
export const deskAuditPages: readonly AuditPage[] = [
  { label: "desk home", path: deskPath.home, judged: deskJudged, signedIn: true },
  { label: "desk business", path: sectionPath("business"), judged: deskJudged, signedIn: true },
  { label: "desk account", path: deskPath.account, judged: deskJudged, signedIn: true },
  { label: "desk messages", path: sectionPath("messages"), judged: deskJudged, signedIn: true },
  { label: "desk visits", path: sectionPath("visits"), judged: deskJudged, signedIn: true },
  { label: "desk bookings", path: sectionPath("bookings"), judged: deskJudged, signedIn: true },
  { label: "desk settings", path: sectionPath("settings"), judged: deskJudged, signedIn: true },
  { label: "desk our work", path: sectionPath("work"), judged: deskJudged, signedIn: true },
  { label: "desk new job", path: deskPath.jobNew, judged: deskJudged, signedIn: true },
  { label: "desk sign-in", path: deskPath.signIn, judged: deskJudged },
];

/**
 * The seven pages of `npm run audit`, picked from the built sitemap.xml so that a
 * renamed or removed service, town or post never leaves the audit pointing at a 404:
 * the first service, town and post the sitemap lists (posts come newest first), and
 * /our-work, the page of the owner's photos.
 */
export function pickAuditPages(sitemapXml: string): AuditPage[] {
  const paths = [...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "", "http://site.invalid").pathname);
  const first = (label: string, test: (segments: string[]) => boolean): AuditPage => {
    const path = paths.find((p) => test(p.split("/").filter(Boolean)));
    if (!path) throw new Error(`sitemap.xml lists no ${label} page to audit`);
    return { label, path };
  };
  const one = (section: string) => (s: string[]) => s.length === 2 && s[0] === section;
  return [
    first("home", (s) => s.length === 0),
    first("service", one("services")),
    first("town", one("locations")),
    first("blog", (s) => s.length === 1 && s[0] === "blog"),
    // Listings (/blog/page/2, /blog/category/x) have three segments, a post two.
    first("post", one("blog")),
    first("contact", (s) => s.length === 1 && s[0] === "contact"),
    // Rendered by the booking function at request time, with the free times as radio buttons (issue 40).
    first("booking", (s) => s.length === 1 && s[0] === "book-estimate"),
    first("our work", (s) => s.length === 1 && s[0] === "our-work"),
  ];
}
