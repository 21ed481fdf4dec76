import { escapeHtml } from "../src/app/head";
import type { Site } from "../src/content/site";
import type { SitePost } from "../src/content/site-content";

/** The public JSON of one post, as /api/blog/{slug} answers (fields: shared/CONTRACT.md). */
export function postApiJson(post: SitePost) {
  const { draft: _draft, ...json } = post;
  return json;
}

const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** RSS 2.0 with absolute links; the newest 50 posts. */
export function rssXml(site: Site, posts: SitePost[]): string {
  const items = posts.slice(0, 50).map((p) => {
    const link = `${site.url}/blog/${p.slug}`;
    return [
      "<item>",
      `<title>${escapeHtml(p.title)}</title>`,
      `<link>${escapeHtml(link)}</link>`,
      `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      `<pubDate>${rfc822(p.publishDate)}</pubDate>`,
      p.category ? `<category>${escapeHtml(p.category)}</category>` : "",
      `<description>${escapeHtml(p.excerpt)}</description>`,
      "</item>",
    ].join("");
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
    `<title>${escapeHtml(`${site.name} Blog`)}</title>` +
    `<link>${escapeHtml(site.url)}/blog</link>` +
    `<atom:link href="${escapeHtml(site.url)}/rss.xml" rel="self" type="application/rss+xml"/>` +
    `<description>${escapeHtml(`Tree care articles from ${site.name}`)}</description>` +
    `<language>en-us</language>` +
    (posts[0] ? `<lastBuildDate>${rfc822(posts[0].publishDate)}</lastBuildDate>` : "") +
    items.join("\n") +
    `</channel></rss>\n`
  );
}
