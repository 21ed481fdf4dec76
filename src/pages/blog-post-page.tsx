import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { useRootData } from "../app/root-data";
import { blogPostingData, breadcrumbData } from "../app/structured-data";
import { shareImage } from "../content/photo";
import type { Cover } from "../content/photo";
import type { SiteContent, SitePost } from "../content/site-content";
import { JsonLd } from "../components/json-ld";
import { PostView, type PostViewData } from "../components/post-view";
import { pathTo } from "../routes";

export const paths = (content: SiteContent) => content.posts.map((p) => pathTo.post(p.slug));

/** Posts by slug, built once per content object: the build loads thousands of post pages. */
const bySlugCache = new WeakMap<readonly SitePost[], Map<string, SitePost>>();
function postBySlug(posts: readonly SitePost[], slug: string): SitePost | undefined {
  let index = bySlugCache.get(posts);
  if (!index) {
    index = new Map(posts.map((p) => [p.slug, p]));
    bySlugCache.set(posts, index);
  }
  return index.get(slug);
}

/** Only what the page shows: the Markdown `content` stays out of the prerendered page. */
export function load({ params, content }: LoadArgs): PostViewData | null {
  const post = params.slug === undefined ? undefined : postBySlug(content.posts, params.slug);
  if (!post) return null;
  return {
    slug: post.slug,
    title: post.title,
    metaDescription: post.metaDescription,
    publishDate: post.publishDate,
    author: post.author,
    category: post.category,
    readingMinutes: post.readingMinutes,
    html: post.html,
    draft: post.draft,
    ...(post.cover ? { cover: post.cover } : {}),
  };
}

/** A post with a cover shares its cover; others share the site's image. */
function coverShareImage(cover: Cover): NonNullable<Head["image"]> {
  const { url, width, height } = shareImage(cover.photo);
  return { path: url, width, height, alt: cover.alt };
}

export function head(post: PostViewData, { site }: HeadContext): Head {
  return {
    title: `${post.title} | ${site.name}`,
    description: post.metaDescription,
    path: pathTo.post(post.slug),
    ogType: "article",
    article: { publishedTime: post.publishDate, author: post.author, ...(post.category ? { section: post.category } : {}) },
    ...(post.cover ? { image: coverShareImage(post.cover) } : {}),
    lastModified: post.publishDate,
    // Drafts exist only in dev builds; never let a preview be indexed.
    ...(post.draft ? { noindex: true } : {}),
  };
}

export function Component({ data: post }: { data: PostViewData }) {
  const { site } = useRootData();
  return (
    <>
      <JsonLd data={blogPostingData(site, post)} />
      <JsonLd
        data={breadcrumbData(site, [
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: post.title, path: pathTo.post(post.slug) },
        ])}
      />
      <PostView post={post} />
    </>
  );
}
