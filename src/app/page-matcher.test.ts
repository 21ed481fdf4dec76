import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMatcher } from "./page-matcher";
import { routesToMatch } from "./server-routes";

const dataRoutes = routesToMatch();

const cases: [path: string, page: string][] = [
  ["/", "home-page"],
  ["/contact", "contact-page"],
  ["/contact/thank-you", "thank-you-page"],
  ["/blog", "blog-list-page"],
  ["/blog/page/2", "blog-list-paged-page"],
  ["/blog/category/storm-damage", "blog-category-page"],
  ["/blog/category/storm-damage/page/12", "blog-category-paged-page"],
  ["/blog/when-to-prune-live-oaks", "blog-post-page"],
  ["/blog/post_1.5", "blog-post-page"],
  ["/blog/Caps-In-Slug", "blog-post-page"],
  ["/blog/with-trailing-slash/", "blog-post-page"],
  ["/blog/caf%C3%A9", "blog-post-page"],
  ["/services/tree-removal", "service-page"],
  ["/locations/chapin-sc", "town-page"],
  ["/404", "not-found-page"],
  ["/privacy", "privacy-page"],
];

// What rendering reads from a match: the root's copy (with only the page under it) is the same route by id.
const shape = (matches: ReturnType<typeof matchRoutes> | undefined) =>
  matches?.map((m) => ({ params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: m.route.id })) ?? null;

describe("pageMatcher", () => {
  const match = pageMatcher(dataRoutes);
  it.each(cases)("matches %s as react-router's matchRoutes does", (path, page) => {
    const expected = matchRoutes(dataRoutes, path);
    expect(expected?.at(-1)?.route.id).toBe(page);
    const got = match(path, page);
    expect(shape(got)).toEqual(shape(expected));
    expect(got?.at(-1)?.route).toBe(expected?.at(-1)?.route);
  });

  it("gives no match for a path that is not its page's", () => {
    expect(match("/blog/a/b", "blog-post-page")).toBeNull();
    expect(match("/services/x", "blog-post-page")).toBeNull();
  });

  it("matches against the whole table without a page", () => {
    expect(shape(match("/blog/x"))).toEqual(shape(matchRoutes(dataRoutes, "/blog/x")));
  });
});
