import type { BlogCategory } from "../content/blog-categories";
import { pageWindow } from "./page-window";
import { pathTo } from "../routes";
import * as css from "./blog-nav.css";

/**
 * The category filter: links, so it works without JavaScript and each filter is a
 * page of its own (/blog/category/storm-prep). The link of the list being shown has
 * aria-current: "page" when it is exactly this page, "true" on its later pages.
 * The categories are the content's list (blogCategories in content/site.json).
 * (aria-pressed belongs to buttons, not links, so it is not used.)
 */
export function BlogCategoryFilter({ categories, current, page }: { categories: readonly BlogCategory[]; current: string | null; page: number }) {
  const options = [{ name: "All", slug: null }, ...categories];
  return (
    <nav aria-label="Blog categories">
      <ul className={css.filters}>
        {options.map((c) => {
          const active = c.slug === current;
          return (
            <li key={c.name}>
              <a
                href={pathTo.blogList(c.slug)}
                className={css.toggle}
                aria-current={active ? (page === 1 ? "page" : "true") : undefined}
              >
                {c.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function BlogPagination({ category, page, pageCount }: { category: string | null; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Blog pages" className={css.pager}>
      {page > 1 ? (
        <a href={pathTo.blogList(category, page - 1)} className={css.pageLink} rel="prev">
          Newer posts
        </a>
      ) : null}
      <ul className={css.pagerList}>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className={css.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={pathTo.blogList(category, n)}
                className={css.pageLink}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <a href={pathTo.blogList(category, page + 1)} className={css.pageLink} rel="next">
          Older posts
        </a>
      ) : null}
    </nav>
  );
}
