import { describe, expect, it } from "vitest";
import type { SitePost } from "../content/site-content";
import { categoryPaths, loadListing, pagedCategoryPaths, pagedListPaths, POSTS_PER_PAGE } from "./blog-listing";

const categories = ["Tree Care Tips", "Seasonal Maintenance", "Storm Prep", "Tree Health"];
// The blog's categories are content (blogCategories in content/site.json); this is a copy of that list.
const site = {
  blogCategories: categories.map((name) => ({ name, slug: name.toLowerCase().replaceAll(" ", "-"), description: `About ${name}.` })),
};

/** n posts, newest first like content.posts, cycling through the four categories (every fifth has none). */
function posts(n: number): SitePost[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `id-${i}`,
    slug: `post-${i}`,
    title: `Post ${i}`,
    metaDescription: `About ${i}`,
    content: "BODY MARKDOWN",
    html: "<p>BODY HTML</p>",
    publishDate: new Date(Date.UTC(2025, 0, 1) - i * 86_400_000).toISOString(),
    category: i % 5 === 4 ? null : (categories[i % 4] ?? null),
    author: "Someone",
    excerpt: "x",
    featured: false,
    readingMinutes: 1,
    draft: false,
  }));
}

describe("list pages", () => {
  it("shows the newest 12 on /blog and only what a card needs (no bodies)", () => {
    const content = { site, posts: posts(30) };
    const data = loadListing(content, {});
    expect(data).not.toBeNull();
    expect(data?.posts.map((p) => p.slug)).toEqual(content.posts.slice(0, POSTS_PER_PAGE).map((p) => p.slug));
    expect(data).toMatchObject({ category: null, page: 1, pageCount: 3, total: 30 });
    expect(Object.keys(data?.posts[0] ?? {}).sort()).toEqual(["category", "draft", "featured", "metaDescription", "publishDate", "slug", "title"]);
    expect(JSON.stringify(data)).not.toMatch(/BODY/);
  });

  it("pages through the rest and refuses pages that do not exist", () => {
    const content = { site, posts: posts(30) };
    expect(loadListing(content, { page: "3" })?.posts.map((p) => p.slug)).toEqual(["post-24", "post-25", "post-26", "post-27", "post-28", "post-29"]);
    for (const page of ["1", "4", "02", "0", "-1", "x", "2.0"]) expect(loadListing(content, { page }), page).toBeNull();
  });

  it("filters by category slug and paginates each category", () => {
    const content = { site, posts: posts(100) };
    const storm = loadListing(content, { category: "storm-prep" });
    expect(storm?.category).toEqual({ name: "Storm Prep", slug: "storm-prep", description: "About Storm Prep." });
    expect(storm?.categories).toEqual(site.blogCategories);
    expect(storm?.posts.every((p) => p.category === "Storm Prep")).toBe(true);
    expect(storm?.total).toBe(content.posts.filter((p) => p.category === "Storm Prep").length);
    expect(loadListing(content, { category: "storm-prep", page: "2" })?.posts[0]?.category).toBe("Storm Prep");
    expect(loadListing(content, { category: "lawn-care" })).toBeNull();
  });

  it("takes its categories from the content: one added to the list gets its page and posts", () => {
    const withLawns = { blogCategories: [...site.blogCategories, { name: "Lawn Care", slug: "lawn-care", description: "Grass." }] };
    const list = posts(3).map((p) => ({ ...p, category: "Lawn Care" }));
    expect(loadListing({ site: withLawns, posts: list }, { category: "lawn-care" })?.total).toBe(3);
    expect(categoryPaths({ site: withLawns, posts: list })).toContain("/blog/category/lawn-care");
    expect(loadListing({ site, posts: list }, { category: "lawn-care" })).toBeNull();
  });

  it("gives an empty first page when there are no posts, so the empty state shows", () => {
    expect(loadListing({ site, posts: [] }, {})).toEqual({ category: null, categories: site.blogCategories, posts: [], page: 1, pageCount: 1, total: 0, newest: null });
    expect(loadListing({ site, posts: [] }, { category: "tree-health" })?.total).toBe(0);
  });

  it("lists every list path the build must render", () => {
    const content = { site, posts: posts(30) };
    expect(pagedListPaths(content)).toEqual(["/blog/page/2", "/blog/page/3"]);
    expect(categoryPaths(content)).toEqual([
      "/blog/category/tree-care-tips",
      "/blog/category/seasonal-maintenance",
      "/blog/category/storm-prep",
      "/blog/category/tree-health",
    ]);
    expect(pagedCategoryPaths({ site, posts: posts(100) })).toContain("/blog/category/storm-prep/page/2");
    expect(pagedCategoryPaths(content)).toEqual([]);
    expect(pagedListPaths({ posts: posts(12) })).toEqual([]);
  });

  it("stays cheap with 4,000 posts", () => {
    const content = { site, posts: posts(4000) };
    const started = performance.now();
    const paths = [...pagedListPaths(content), ...pagedCategoryPaths(content)];
    for (const path of paths) {
      const m = /^\/blog(?:\/category\/([^/]+))?\/page\/(\d+)$/.exec(path);
      const shown = loadListing(content, { category: m?.[1], page: m?.[2] })?.posts.length ?? 0;
      expect(shown, path).toBeGreaterThan(0);
      expect(shown, path).toBeLessThanOrEqual(POSTS_PER_PAGE);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("featured posts", () => {
  it("come first, newest first among them, then the rest newest first, and are not repeated on later pages", () => {
    const all = posts(30).map((p) => ({ ...p, featured: p.slug === "post-5" || p.slug === "post-20" }));
    const first = loadListing({ site, posts: all }, {});
    expect(first?.posts.slice(0, 3).map((p) => [p.slug, p.featured])).toEqual([
      ["post-5", true],
      ["post-20", true],
      ["post-0", false],
    ]);
    const second = loadListing({ site, posts: all }, { page: "2" });
    const shown = [...(first?.posts ?? []), ...(second?.posts ?? []), ...(loadListing({ site, posts: all }, { page: "3" })?.posts ?? [])].map((p) => p.slug);
    expect(shown).toHaveLength(30);
    expect(new Set(shown).size).toBe(30);
  });

  it("also lead their category's list", () => {
    const all = posts(30).map((p) => ({ ...p, featured: p.slug === "post-8" }));
    // post-8 is in categories[8 % 4] = "Tree Care Tips", after post-0 in date order.
    expect(loadListing({ site, posts: all }, { category: "tree-care-tips" })?.posts[0]?.slug).toBe("post-8");
  });
});
