import { describe, expect, it } from "vitest";
import type { Post } from "../../src/content/posts";
import { formatPostNews, postNews } from "./summary";

const post = (slug: string, publishDate: string, extra: Partial<Post> = {}): Post => ({
  id: slug,
  file: `content/blog/${slug}.md`,
  slug,
  title: `Title of ${slug}`,
  publishDate: new Date(publishDate),
  author: "A",
  excerpt: "",
  metaDescription: "",
  content: "",
  html: "",
  readingMinutes: 1,
  featured: false,
  draft: false,
  category: undefined,
  ...extra,
});

const now = new Date("2025-06-01T12:00:00Z");
const posts = [
  post("old", "2025-01-01"),
  post("edited", "2025-05-01"),
  post("later", "2025-07-04T13:00:00Z"),
  post("sooner", "2025-06-02T14:30:00Z"),
  post("wip", "2025-05-20", { draft: true }),
];

describe("the build's post lines", () => {
  it("lists changed published posts, drafts and scheduled posts (soonest first)", () => {
    const news = postNews({ posts, changed: new Set(["content/blog/edited.md", "content/blog/later.md", "content/blog/wip.md"]), now, mode: "production", timeZone: "America/New_York" });
    expect(news.changed.map((n) => n.path)).toEqual(["/blog/edited"]);
    expect(news.drafts.map((n) => n.file)).toEqual(["content/blog/wip.md"]);
    expect(news.scheduled.map((n) => n.path)).toEqual(["/blog/sooner", "/blog/later"]);
    expect(news.nextPublishAt).toBe("2025-06-02T14:30:00.000Z");

    const lines = formatPostNews(news).join("\n");
    expect(lines).toContain("New or changed posts (1):\n  /blog/edited  Title of edited");
    expect(lines).toContain("content/blog/wip.md  Title of wip");
    // The business's clock, not the server's.
    expect(lines).toContain("/blog/sooner  Title of sooner  goes live Jun 2, 2025, 10:30 AM EDT");
  });

  it("counts drafts as published in a dev build", () => {
    const news = postNews({ posts, changed: new Set(["content/blog/wip.md"]), now, mode: "development", timeZone: "America/New_York" });
    expect(news.changed.map((n) => n.path)).toEqual(["/blog/wip"]);
  });

  it("cuts a long list", () => {
    const many = Array.from({ length: 25 }, (_, i) => post(`p${i}`, "2025-01-01"));
    const lines = formatPostNews(postNews({ posts: many, changed: new Set(many.map((p) => p.file)), now, mode: "production", timeZone: "UTC" }));
    expect(lines).toContain("  ... and 15 more");
  });
});
