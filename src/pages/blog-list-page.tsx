import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { BlogCardGrid } from "../components/blog-card";
import { loadListing, type BlogListData } from "./blog-listing";
import { BlogCategoryFilter, BlogPagination } from "../components/blog-nav";
import * as css from "../components/blog-list.css";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

/**
 * Every list page of the blog: /blog, /blog/page/N, /blog/category/C and
 * /blog/category/C/page/N. The three other route entries (src/routes.ts) re-export
 * this module with their own paths(); the URL's params pick the posts. A page's
 * data is only the cards it shows (at most 12 summaries, no bodies): blog-listing.ts.
 */
export function load({ params, content }: LoadArgs): BlogListData | null {
  return loadListing(content, { category: params.category, page: params.page });
}

export function head(data: BlogListData, { site }: HeadContext): Head {
  const pageNote = data.page > 1 ? ` (Page ${data.page})` : "";
  const where = data.category ? `${data.category.name} | ` : "";
  return {
    title: `${where}Tree Care Blog${pageNote} | ${site.name}`,
    // A category's own description (blogCategories in content/site.json) is what search engines show for its page.
    description: data.category
      ? data.category.description
      : `Tree care tips, seasonal maintenance, storm prep and tree health advice for ${site.address.locality}, Lake Murray and the Midlands from ${site.name}.`,
    path: pathTo.blogList(data.category?.slug ?? null, data.page),
    // The blog's front page changes with every post; its other pages say no date.
    ...(data.category === null && data.page === 1 && data.newest ? { lastModified: data.newest } : {}),
  };
}

export function Component({ data: { category, categories, posts, page, pageCount, total } }: { data: BlogListData }) {
  return (
    <div className={`${container} ${section}`}>
      <header className={css.intro}>
        <h1>Tree Care Blog</h1>
        <p className={css.lead}>Advice from our arborists on keeping the trees around your home healthy and safe.</p>
      </header>
      <BlogCategoryFilter categories={categories} current={category?.slug ?? null} page={page} />
      {total === 0 ? (
        <p className={css.empty}>No blog posts yet. Check back soon!</p>
      ) : (
        <>
          <p className={css.count}>
            {category ? `${total} ${total === 1 ? "post" : "posts"} in ${category.name}` : `${total} ${total === 1 ? "post" : "posts"}`}
            {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
          </p>
          <BlogCardGrid posts={posts} />
          <BlogPagination category={category?.slug ?? null} page={page} pageCount={pageCount} />
        </>
      )}
    </div>
  );
}
