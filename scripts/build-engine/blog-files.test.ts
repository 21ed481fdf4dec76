import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { siteSchema } from "../../src/content/site";
import type { SitePost } from "../../src/content/site-content";
import { blogListFile, FEED_ITEMS, postApiFile, postApiJson, rssXml } from "./blog-files";

const site = siteSchema.parse(JSON.parse(await readFile("content/site.json", "utf8")));

const post = (i: number, extra: Partial<SitePost> = {}): SitePost => ({
  id: `id${i}`,
  slug: `post-${i}`,
  title: `Post ${i}`,
  metaDescription: `About post ${i}`,
  content: `Body ${i}`,
  html: `<p>Body ${i}</p>`,
  publishDate: new Date(Date.UTC(2025, 5, 30) - i * 86_400_000).toISOString(),
  category: "Storm Prep",
  author: "Cedar Ridge Tree Service",
  excerpt: `Excerpt ${i}`,
  featured: false,
  readingMinutes: 2,
  draft: false,
  ...extra,
});

const contractFields = ["author", "category", "content", "excerpt", "featured", "html", "id", "metaDescription", "publishDate", "slug", "title"];

describe("post JSON", () => {
  it("has the contract's fields, and a draft flag only on drafts (dev builds)", () => {
    const json = postApiJson(post(1));
    for (const field of contractFields) expect(json).toHaveProperty(field);
    expect(json).not.toHaveProperty("draft");
    expect(postApiJson(post(2, { draft: true }))).toMatchObject({ draft: true });
  });
});

describe("rss.xml", () => {
  it("links every item absolutely and dates it in RFC 822", () => {
    const xml = rssXml(site, [post(0), post(1)]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml).toContain(`<link>${site.url}/blog/post-0</link>`);
    expect(xml).toContain("<pubDate>Mon, 30 Jun 2025 00:00:00 GMT</pubDate>");
    expect(xml).toContain(`<atom:link href="${site.url}/rss.xml" rel="self"`);
  });

  it("escapes markup and drops characters XML cannot carry", () => {
    const xml = rssXml(site, [post(0, { title: 'Oaks & "pines" <b>now</b>\u0007', category: null })]);
    expect(xml).toContain("<title>Oaks &amp; &quot;pines&quot; &lt;b&gt;now&lt;/b&gt;</title>");
    expect(xml).not.toContain("\u0007");
    expect(xml).not.toContain("<category>");
  });

  it("carries the newest posts only, and never a draft", () => {
    const many = Array.from({ length: FEED_ITEMS + 10 }, (_, i) => post(i, { draft: i === 0 }));
    const xml = rssXml(site, many);
    expect(xml.match(/<item>/g)).toHaveLength(FEED_ITEMS);
    expect(xml).not.toContain("/blog/post-0<");
    expect(xml).toContain("/blog/post-1<");
  });

  it("is a valid empty channel without posts", () => {
    const xml = rssXml(site, []);
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("lastBuildDate");
    expect(xml).toContain("</channel></rss>");
  });
});

describe("blogListFile and postApiFile", () => {
  const apiJson = (p: SitePost) => postApiFile(p)[1];

  it("give the list newest first, made of each post's own file under its slug", () => {
    const posts = Array.from({ length: 300 }, (_, i) => post(i));
    const [listFile, pieces] = blogListFile(posts, apiJson);
    expect(listFile).toBe("api/blog.json");
    const text = Buffer.concat(pieces).toString();
    expect(text).toBe(JSON.stringify(posts.map(postApiJson)));
    const list: unknown = JSON.parse(text);
    expect(Array.isArray(list) && list.length).toBe(300);
    expect(list).toEqual(posts.map(postApiJson));
    const [file, json] = postApiFile(post(7));
    expect(file).toBe("api/blog/post-7.json");
    expect(JSON.parse(json.toString())).toEqual(postApiJson(post(7)));
  });

  it("gives [] without posts", () => {
    expect(Buffer.concat(blogListFile([], apiJson)[1]).toString()).toBe("[]");
  });
});
