import type { Home } from "./home";
import type { SiteJob } from "./jobs";
import type { Location } from "./locations";
import type { Cover } from "./photo";
import type { PostJson } from "./posts";
import type { Review } from "./review";
import type { Service } from "./services";

/** A post as pages see it: plain JSON (dates as ISO strings), so it crosses to workers and into pages as is. */
export type SitePost = PostJson & { draft: boolean };

/** A service with its Markdown intro rendered once at load, and its hero photo when it has one. */
export type SiteService = Service & { bodyHtml: string; heroPhoto?: Cover };

/** A town with its hero photo when it has one. */
export type SiteLocation = Location & { heroPhoto?: Cover };

/** The home page's text, with the hero photo when home.json names one. */
export type SiteHome = Home & { hero: Home["hero"] & { photo?: Cover } };
import type { EstimateVisits } from "./estimate-visits";
import type { Site } from "./site";

/**
 * Everything the pages render from, loaded and validated once per build.
 * Pages import only types from src/content: the loaders use Node and stay out of the browser bundle.
 */
export interface SiteContent {
  site: Site;
  home: SiteHome;
  services: SiteService[];
  locations: SiteLocation[];
  /** Approved reviews, newest first (src/content/load-reviews.ts says where they come from). */
  reviews: Review[];
  /** The jobs of "Our work" (content/work/), newest first. */
  jobs: SiteJob[];
  /** The free estimate visits offered (content/estimate-visits.json); absent when the file is not there. */
  estimateVisits?: EstimateVisits;
  /** Published posts, newest first (drafts only in dev builds). */
  posts: SitePost[];
  /** Build time: the copyright year and "future posts" cut-off come from it. */
  builtAt: string;
  mode: "production" | "development";
}
