import { describe, expect, it } from "vitest";
import { matchRoute, pathTo } from "./routes";

describe("matchRoute", () => {
  it("picks the page a path belongs to, static segments first", () => {
    expect(matchRoute("/").page).toBe("home-page");
    expect(matchRoute("/contact/").page).toBe("contact-page");
    expect(matchRoute("/contact/thank-you").page).toBe("thank-you-page");
    expect(matchRoute("/services/tree-removal").page).toBe("service-page");
    expect(matchRoute("/blog/category/storm-prep/page/3").page).toBe("blog-category-paged-page");
    expect(matchRoute("/nope/deeper").page).toBe("not-found-page");
  });

  it("gives the blog's skeletons: list pages and posts", () => {
    for (const p of ["/blog", "/blog/", "/blog/page/2", "/blog/category/storm-prep", "/blog/category/storm-prep/page/3"]) {
      expect(matchRoute(p).skeleton, p).toBe("list");
    }
    expect(matchRoute("/blog/when-to-prune").skeleton).toBe("post");
    // "page" alone is a post slug, as react-router ranks it.
    expect(matchRoute("/blog/page").skeleton).toBe("post");
    expect(matchRoute("/contact").skeleton).toBeUndefined();
    expect(matchRoute("/blogs").skeleton).toBeUndefined();
  });
});

describe("pathTo", () => {
  it("builds each URL its own entry matches", () => {
    const cases: [string, string][] = [
      [pathTo.home, "home-page"],
      [pathTo.contact, "contact-page"],
      [pathTo.contactThanks, "thank-you-page"],
      [pathTo.bookEstimate, "book-estimate-page"],
      [pathTo.bookEstimateThanks, "booked-page"],
      [pathTo.reviews, "reviews-page"],
      [pathTo.reviewThanks, "review-thank-you-page"],
      [pathTo.blog, "blog-list-page"],
      [pathTo.post("when-to-prune"), "blog-post-page"],
      [pathTo.blogList(null), "blog-list-page"],
      [pathTo.blogList(null, 2), "blog-list-paged-page"],
      [pathTo.blogList("storm-prep"), "blog-category-page"],
      [pathTo.blogList("storm-prep", 3), "blog-category-paged-page"],
      [pathTo.services, "services-index-page"],
      [pathTo.service("tree-removal"), "service-page"],
      [pathTo.locations, "locations-index-page"],
      [pathTo.town("chapin-sc"), "town-page"],
      [pathTo.privacy, "privacy-page"],
    ];
    for (const [path, page] of cases) expect(matchRoute(path).page, path).toBe(page);
  });

  it("gives page 1 of a list no /page/1", () => {
    expect(pathTo.blogList(null, 1)).toBe("/blog");
    expect(pathTo.blogList("storm-prep", 1)).toBe("/blog/category/storm-prep");
    expect(pathTo.blogList("storm-prep", 2)).toBe("/blog/category/storm-prep/page/2");
  });
});
