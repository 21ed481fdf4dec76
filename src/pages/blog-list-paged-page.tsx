// /blog/page/N: the same page as /blog (src/pages/blog-list-page.tsx); only its list of paths differs.
export { Component, head, load } from "./blog-list-page";
export { pagedListPaths as paths } from "./blog-listing";
