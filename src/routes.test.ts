import { describe, expect, it } from "vitest";
import { matchRoute } from "./routes";

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
