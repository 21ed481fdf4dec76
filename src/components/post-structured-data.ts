import type { BlogPosting, WithContext } from "schema-dts";
import { absoluteUrl, SITE_SHARE_IMAGE } from "../app/head";
import { shareImage } from "../content/photo";
import { businessId, businessType } from "../app/structured-data";
import type { Site } from "../content/site";
import type { SitePost } from "../content/site-content";
import { pathTo } from "../routes";

export type PostForStructuredData = Pick<SitePost, "slug" | "title" | "metaDescription" | "publishDate" | "author" | "category" | "cover">;

/**
 * BlogPosting for a post page. The author is the business itself unless the post
 * names a person (front matter `author:`); the publisher is always the business,
 * linked by @id to the home page's LocalBusiness node (src/app/structured-data.ts).
 */
export function blogPostingData(site: Site, post: PostForStructuredData): WithContext<BlogPosting> {
  const url = absoluteUrl(site, pathTo.post(post.slug));
  const business = { "@type": businessType(site), "@id": businessId(site), name: site.name, url: absoluteUrl(site, "/") } as const;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.metaDescription,
    datePublished: post.publishDate,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    image: absoluteUrl(site, post.cover ? shareImage(post.cover.photo).url : SITE_SHARE_IMAGE.path),
    author: post.author === site.name ? business : { "@type": "Person", name: post.author },
    publisher: business,
    inLanguage: "en-US",
    ...(post.category ? { articleSection: post.category } : {}),
  };
}
