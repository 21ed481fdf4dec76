import { formatShortDate } from "../format/format-date";
import type { Cover } from "../content/photo";
import * as css from "./blog-card.css";
import { visuallyHidden } from "../styles/layout.css";
import { Picture } from "./picture";
import { pathTo } from "../routes";

/** What one card shows, and nothing more: list pages must stay small with thousands of posts. */
export interface PostCardData {
  slug: string;
  title: string;
  metaDescription: string;
  publishDate: string;
  category: string | null;
  draft: boolean;
  /** The spec's `featured` flag: the card comes first in its list and is drawn larger. */
  featured: boolean;
  /** The post's cover photo, shown as the card's thumbnail. */
  cover?: Cover;
}

/** A visible "Draft" label; drafts exist only in dev builds (see scripts/build-engine/run-build.ts and src/content/posts.ts selectPublished). */
export function DraftBadge() {
  return <span className={css.draft}>Draft</span>;
}

export function BlogCard({ post }: { post: PostCardData }) {
  const href = pathTo.post(post.slug);
  const titleId = `post-card-${post.slug}`;
  return (
    <article className={post.featured ? `${css.card} ${css.featured}` : css.card} data-featured={post.featured || undefined}>
      {post.cover ? (
        // Decorative here: the title says what the post is, and the post page describes the photo.
        <Picture photo={post.cover.photo} alt="" className={css.thumbnail} sizes={post.featured ? "(min-width: 72rem) 70rem, 100vw" : "(min-width: 44rem) 22rem, 100vw"} />
      ) : null}
      <div className={css.meta}>
        {post.featured ? <span className={css.featuredLabel}>Featured</span> : null}
        <time dateTime={post.publishDate}>{formatShortDate(post.publishDate)}</time>
        {post.category ? <span className={css.category}>{post.category}</span> : null}
        {post.draft ? <DraftBadge /> : null}
      </div>
      <h2 className={post.featured ? `${css.title} ${css.featuredTitle}` : css.title} id={titleId}>
        <a href={href} className={css.titleLink}>
          {post.title}
        </a>
      </h2>
      <p className={css.description}>{post.metaDescription}</p>
      {/*
        Every card says "Read More" (the spec's words). Search engines mark links that read only
        "Read More" as undescriptive (Lighthouse SEO "link-text"), so the post's title follows, unseen.
      */}
      <a href={href} className={css.readMore} aria-describedby={titleId}>
        Read More<span className={visuallyHidden}> about {post.title}</span>
      </a>
    </article>
  );
}

/** The cards of one list page. */
export function BlogCardGrid({ posts }: { posts: readonly PostCardData[] }) {
  return (
    <ul className={css.grid}>
      {posts.map((p) => (
        <li key={p.slug} className={p.featured ? css.featuredItem : undefined}>
          <BlogCard post={p} />
        </li>
      ))}
    </ul>
  );
}
