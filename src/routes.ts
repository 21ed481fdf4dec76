import type { NonIndexRouteObject } from "react-router-dom";
import type { PageModule } from "./app/page-module";

/**
 * The route table: the only list of pages. The server render, the client
 * router and the build (which asks each route for its paths) all read it.
 * `page` names a file in src/pages/ (kebab-case, `.tsx`); esbuild turns the
 * template import below into one lazy chunk per page, so a visitor downloads
 * only the code of the page they open. Keep only page modules in src/pages/.
 */
export interface RouteEntry {
  path: string;
  page: string;
}

export const routeTable: readonly RouteEntry[] = [
  { path: "/", page: "home-page" },
  { path: "/contact", page: "contact-page" },
  { path: "/contact/thank-you", page: "thank-you-page" },
  { path: "/reviews", page: "reviews-page" },
  { path: "/reviews/thank-you", page: "review-thank-you-page" },
  { path: "/blog", page: "blog-list-page" },
  { path: "/blog/page/:page", page: "blog-list-paged-page" },
  { path: "/blog/category/:category", page: "blog-category-page" },
  { path: "/blog/category/:category/page/:page", page: "blog-category-paged-page" },
  { path: "/blog/:slug", page: "blog-post-page" },
  { path: "/services", page: "services-index-page" },
  { path: "/services/:slug", page: "service-page" },
  { path: "/locations", page: "locations-index-page" },
  { path: "/locations/:slug", page: "town-page" },
  { path: "/privacy", page: "privacy-page" },
  { path: "*", page: "not-found-page" },
];

/** A page's react-router route before it is placed (index or path); pages have no children. */
export type LeafRoute = Omit<NonIndexRouteObject, "children" | "index" | "path">;

/** How a table entry sits under the root route in react-router terms. */
export const routePlacement = (r: RouteEntry): { index: true } | { path: string } =>
  r.path === "/" ? { index: true } : { path: r.path.replace(/^\//, "") };

/** The path the build renders into dist/404.html (served for every unknown URL). */
export const notFoundPath = "/404";

export async function importPage(page: string): Promise<PageModule> {
  const mod: unknown = await import(`./pages/${page}.tsx`);
  return checkPageModule(mod, page);
}

function checkPageModule(mod: unknown, page: string): PageModule {
  if (
    typeof mod === "object" &&
    mod !== null &&
    "load" in mod &&
    typeof mod.load === "function" &&
    "head" in mod &&
    typeof mod.head === "function" &&
    "Component" in mod &&
    typeof mod.Component === "function"
  ) {
    // The checks above are what PageModule requires at run time; the rest is optional.
    return mod as PageModule;
  }
  throw new Error(`src/pages/${page}.tsx must export load, head and Component (see src/app/page-module.ts)`);
}
