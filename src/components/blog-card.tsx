import { formatShortDate } from "../app/format-date";
import type { PostCardData } from "./blog-listing";
import * as css from "./blog-card.css";

/** A visible "Draft" label; drafts exist only in dev builds (see build/run-build.ts and src/content/posts.ts selectPublished). */
export function DraftBadge() {
  return <span className={css.draft}>Draft</span>;
}

export function BlogCard({ post }: { post: PostCardData }) {
  const href = `/blog/${post.slug}`;
  // Every card's link says "Read More" (the spec's words); the title, as its description, tells them apart.
  const titleId = `post-card-${post.slug}`;
  return (
    <article className={css.card}>
      <div className={css.meta}>
        <time dateTime={post.publishDate}>{formatShortDate(post.publishDate)}</time>
        {post.category ? <span className={css.category}>{post.category}</span> : null}
        {post.draft ? <DraftBadge /> : null}
      </div>
      <h2 className={css.title} id={titleId}>
        <a href={href} className={css.titleLink}>
          {post.title}
        </a>
      </h2>
      <p className={css.description}>{post.metaDescription}</p>
      <a href={href} className={css.readMore} aria-describedby={titleId}>
        Read More
      </a>
    </article>
  );
}

/** The cards of one list page. */
export function BlogCardGrid({ posts }: { posts: readonly PostCardData[] }) {
  return (
    <ul className={css.grid}>
      {posts.map((p) => (
        <li key={p.slug}>
          <BlogCard post={p} />
        </li>
      ))}
    </ul>
  );
}
