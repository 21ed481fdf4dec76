import type { PostCardData } from "../components/blog-card";
import type { BlogCategory } from "../content/blog-categories";
import type { SiteContent, SitePost } from "../content/site-content";
import { pathTo } from "../routes";

/**
 * The data and paths of the blog's list pages (src/pages/blog-list-page.tsx and
 * the three entries that re-export it): which posts each page shows and which
 * pages exist. Pure functions of the content, apart from the page's .tsx so they
 * are tested without its styles.
 */

export const POSTS_PER_PAGE = 12;

/** What the list pages read: the posts and the blog's categories (`blogCategories` in content/site.json). */
type BlogContent = Pick<SiteContent, "posts"> & { site: Pick<SiteContent["site"], "blogCategories"> };

export interface BlogListData {
  /** null on the unfiltered list ("All"). */
  category: BlogCategory | null;
  /** Every category, for the filter buttons. */
  categories: BlogCategory[];
  posts: PostCardData[];
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Posts in this list across all its pages. */
  total: number;
  /** The publish date of the list's newest post that is not a draft (none: null). */
  newest: string | null;
}

const toCard = (p: SitePost): PostCardData => ({
  slug: p.slug,
  title: p.title,
  metaDescription: p.metaDescription,
  publishDate: p.publishDate,
  category: p.category,
  draft: p.draft,
  featured: p.featured,
  ...(p.cover ? { cover: p.cover } : {}),
});

/**
 * A list with its featured posts first (newest first among them), then the rest,
 * newest first: so a featured post leads page 1 and is not repeated further on.
 * Cached per list, like postsByCategory below.
 */
const featuredFirstCache = new WeakMap<readonly SitePost[], readonly SitePost[]>();
export function featuredFirst(posts: readonly SitePost[]): readonly SitePost[] {
  const cached = featuredFirstCache.get(posts);
  if (cached) return cached;
  const ordered = posts.some((p) => p.featured) ? [...posts.filter((p) => p.featured), ...posts.filter((p) => !p.featured)] : posts;
  featuredFirstCache.set(posts, ordered);
  return ordered;
}

/**
 * Posts per category slug, newest first (content.posts is already newest first).
 * Computed once per content object: the build calls load() for hundreds of list
 * pages, and each would otherwise scan every post.
 */
const byCategoryCache = new WeakMap<readonly SitePost[], Map<string, SitePost[]>>();
function postsByCategory({ posts, site }: BlogContent): Map<string, SitePost[]> {
  const cached = byCategoryCache.get(posts);
  if (cached) return cached;
  const groups = new Map<string, SitePost[]>(site.blogCategories.map((c) => [c.slug, []]));
  // A post's category is one of the list's names as written there (parsePost checks it).
  const slugOf = new Map(site.blogCategories.map((c) => [c.name, c.slug]));
  for (const post of posts) {
    if (post.category === null) continue;
    groups.get(slugOf.get(post.category) ?? "")?.push(post);
  }
  byCategoryCache.set(posts, groups);
  return groups;
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / POSTS_PER_PAGE));

/** "2", "10": a page number as it appears in a URL. "1", "02", "x" are not pages (page 1 is the bare list). */
const PAGE_PARAM = /^(?:[2-9]|[1-9]\d+)$/;

/**
 * The data of one list page, or null when the URL names no such page (unknown
 * category, page past the end): the route then answers 404.
 */
export function loadListing(content: BlogContent, params: { category?: string; page?: string }): BlogListData | null {
  let page = 1;
  if (params.page !== undefined) {
    if (!PAGE_PARAM.test(params.page)) return null;
    page = Number(params.page);
  }
  let category: BlogCategory | null = null;
  let posts: readonly SitePost[] = content.posts;
  if (params.category !== undefined) {
    const found = content.site.blogCategories.find((c) => c.slug === params.category);
    const inCategory = postsByCategory(content).get(params.category);
    if (!found || !inCategory) return null;
    category = found;
    posts = inCategory;
  }
  const pageCount = pageCountOf(posts.length);
  if (page > pageCount) return null;
  const start = (page - 1) * POSTS_PER_PAGE;
  const ordered = featuredFirst(posts);
  const newest = posts.find((p) => !p.draft)?.publishDate ?? null;
  return { category, categories: content.site.blogCategories, posts: ordered.slice(start, start + POSTS_PER_PAGE).map(toCard), page, pageCount, total: posts.length, newest };
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** /blog/page/2 ... for the unfiltered list. */
export const pagedListPaths = (content: Pick<SiteContent, "posts">): string[] =>
  range(2, pageCountOf(content.posts.length)).map((n) => pathTo.blogList(null, n));

/** One page per category, also when it has no posts yet (its button must never lead to a 404). */
export const categoryPaths = (content: BlogContent): string[] => content.site.blogCategories.map((c) => pathTo.blogList(c.slug));

/** /blog/category/C/page/2 ... */
export const pagedCategoryPaths = (content: BlogContent): string[] => {
  const groups = postsByCategory(content);
  return content.site.blogCategories.flatMap((c) => range(2, pageCountOf(groups.get(c.slug)?.length ?? 0)).map((n) => pathTo.blogList(c.slug, n)));
};
