import { formatLongDate } from "../format/format-date";
import { container, section } from "../styles/layout.css";
import { DraftBadge } from "./blog-card";
import type { Cover } from "../content/photo";
import { button } from "./button.css";
import { Picture } from "./picture";
import { prose } from "./prose.css";
import * as css from "./post-view.css";

/** What a post page shows: the post without its Markdown source (that is in /api/blog/{slug}). */
export interface PostViewData {
  slug: string;
  title: string;
  metaDescription: string;
  publishDate: string;
  author: string;
  category: string | null;
  readingMinutes: number;
  /** Sanitized when the post was parsed (src/content/markdown.ts), so it is safe to inject. */
  html: string;
  draft: boolean;
  cover?: Cover;
}

export function PostView({ post }: { post: PostViewData }) {
  return (
    <article className={`${container} ${section}`}>
      <div className={css.article}>
        <a href="/blog" className={css.back}>
          <span aria-hidden="true">← </span>Back to Blog
        </a>
        <header>
          {post.draft ? <DraftBadge /> : null}
          <h1 className={css.title}>{post.title}</h1>
          <ul className={css.meta}>
            <li>
              <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
            </li>
            <li>By {post.author}</li>
            {post.category ? <li>{post.category}</li> : null}
            <li>{post.readingMinutes} min read</li>
          </ul>
        </header>
        {post.cover ? (
          <Picture photo={post.cover.photo} alt={post.cover.alt} priority className={css.cover} sizes="(min-width: 48rem) 44rem, 100vw" />
        ) : null}
        <div className={`${prose} ${css.body}`} dangerouslySetInnerHTML={{ __html: post.html }} />
        <footer className={css.footer}>
          <a href="/contact" className={button.primary}>
            Need Tree Service? Contact Us
          </a>
        </footer>
      </div>
    </article>
  );
}

/** The spec's missing-post state: an unknown slug, on first load (404.html) or after client navigation. */
export function PostNotFound() {
  return (
    <div className={`${container} ${css.notFound}`}>
      <h1>Post Not Found</h1>
      <p>The article you are looking for does not exist or has been moved.</p>
      <a href="/blog" className={button.brand}>
        Back to Blog
      </a>
    </div>
  );
}
