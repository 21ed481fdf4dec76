import { escapeHtml } from "../../src/format/escape-html";
import type { PostJson } from "../../src/content/posts";
import type { Site } from "../../src/content/site";
import type { SitePost } from "../../src/content/site-content";
import { pathTo } from "../../src/routes";

/**
 * The blog's machine-readable files: /api/blog.json, /api/blog/{slug}.json and
 * /rss.xml. The posts come in as the build selected them (src/content/posts.ts
 * selectPublished: newest first, no future posts, drafts only in dev builds).
 * `npm start` answers /api/blog from these files (functions/blog/app.ts); static
 * hosts map the URLs with dist/_redirects (scripts/build-engine/site-files.ts).
 */

/**
 * The public JSON of one post (fields: shared/CONTRACT.md). `draft: true` is
 * added only to drafts, which exist only in dev builds: the post page reads this
 * file after client navigation and shows its Draft badge from it.
 */
export function postApiJson(post: SitePost): PostJson & { draft?: true } {
  const { draft, ...json } = post;
  return draft ? { ...json, draft: true } : json;
}

/** How many posts the feed carries: readers only look at the newest, and the file stays small with 4,000 posts. */
export const FEED_ITEMS = 50;

// Characters XML 1.0 forbids even when escaped: one stray control character in a title would make the whole feed unreadable.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (s: string): string => escapeHtml(s.replace(XML_FORBIDDEN, ""));

const rfc822 = (iso: string): string => new Date(iso).toUTCString();

/**
 * RSS 2.0 with absolute links: the newest FEED_ITEMS posts. Drafts never go in
 * (a dev build's feed must not announce a preview), whatever the build selected.
 */
export function rssXml(site: Site, posts: readonly SitePost[]): string {
  const shown = posts.filter((p) => !p.draft).slice(0, FEED_ITEMS);
  const items = shown.map((p) => {
    const link = `${site.url}${pathTo.post(p.slug)}`;
    return [
      "<item>",
      `<title>${xmlText(p.title)}</title>`,
      `<link>${xmlText(link)}</link>`,
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      `<pubDate>${rfc822(p.publishDate)}</pubDate>`,
      `<dc:creator>${xmlText(p.author)}</dc:creator>`,
      p.category ? `<category>${xmlText(p.category)}</category>` : "",
      `<description>${xmlText(p.metaDescription)}</description>`,
      "</item>",
    ].join("");
  });
  const newest = shown[0];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>` +
    `<title>${xmlText(`${site.name} Blog`)}</title>` +
    `<link>${xmlText(`${site.url}${pathTo.blog}`)}</link>` +
    `<atom:link href="${xmlText(`${site.url}/rss.xml`)}" rel="self" type="application/rss+xml"/>` +
    `<description>${xmlText(`Tree care articles from ${site.name}`)}</description>` +
    `<language>en-us</language>` +
    // The newest post's date rather than the clock: the same content gives the same feed bytes.
    (newest ? `<lastBuildDate>${rfc822(newest.publishDate)}</lastBuildDate>` : "") +
    "\n" +
    items.join("\n") +
    `\n</channel></rss>\n`
  );
}

/**
 * dist/api/blog.json: every post, newest first, full fields: [path in the output, its UTF-8 bytes in
 * pieces]. It is the posts' API files (postApiFile) in a list: `apiJson` gives each post's, as the
 * render worker that wrote it sent it back (scripts/build-engine/render-worker.ts), so no post is encoded twice.
 */
export function blogListFile(posts: readonly SitePost[], apiJson: (post: SitePost) => Uint8Array): [file: string, pieces: Uint8Array[]] {
  const pieces = posts.flatMap((post, i) => [i === 0 ? open : comma, apiJson(post)]);
  return ["api/blog.json", [...(pieces.length > 0 ? pieces : [open]), close]];
}

const open = Buffer.from("[");
const comma = Buffer.from(",");
const close = Buffer.from("]");

/**
 * dist/api/blog/{slug}.json: [path in the output, its UTF-8 bytes]. The build writes it in the
 * render worker that has the post's body for its page (scripts/build-engine/render-worker.ts).
 */
export function postApiFile(post: SitePost): [file: string, json: Buffer] {
  return [postApiFileName(post.slug), Buffer.from(JSON.stringify(postApiJson(post)))];
}

/** Where a post's API file is in the output. */
export function postApiFileName(slug: string): string {
  return `api/blog/${slug}.json`;
}
