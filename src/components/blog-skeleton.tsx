import type { ReactNode } from "react";
import { useNavigation } from "react-router-dom";
import { container, section, visuallyHidden } from "../styles/layout.css";
import { blogSkeletonFor } from "./blog-listing";
import * as cardCss from "./blog-card.css";
import * as css from "./blog-skeleton.css";

const Bar = ({ width, height }: { width: string; height?: string }) => (
  <span className={css.bar} style={{ width, height }} />
);

/** The spec's loading state of the blog list: three placeholder cards. */
export function BlogListSkeleton() {
  return (
    <div className={`${container} ${section}`} aria-busy="true" data-testid="blog-list-skeleton">
      <p role="status" className={visuallyHidden}>Loading blog posts…</p>
      <div aria-hidden="true">
        <Bar width="16rem" height="2.5rem" />
        <ul className={cardCss.grid} style={{ marginTop: "2rem" }}>
          {[0, 1, 2].map((i) => (
            <li key={i} className={css.card}>
              <Bar width="6rem" />
              <Bar width="85%" height="1.5rem" />
              <Bar width="100%" />
              <Bar width="100%" />
              <Bar width="60%" />
              <Bar width="5rem" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The loading state of one post: title, date line and a few paragraphs. */
export function PostSkeleton() {
  return (
    <div className={`${container} ${section}`} aria-busy="true" data-testid="post-skeleton">
      <p role="status" className={visuallyHidden}>Loading post…</p>
      <div className={css.post} aria-hidden="true">
        <Bar width="90%" height="2.5rem" />
        <Bar width="14rem" />
        {[0, 1, 2].map((i) => (
          <div key={i} className={css.post}>
            <Bar width="100%" />
            <Bar width="100%" />
            <Bar width="70%" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Wraps the root layout's <Outlet /> (src/app/root-layout.tsx): while a client
 * navigation into the blog waits for its data or page code, the blog's skeleton
 * stands in for the page being left. Other navigations keep the current page.
 */
export function BlogNavigationSkeleton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const kind = navigation.state === "loading" ? blogSkeletonFor(navigation.location.pathname) : null;
  if (kind === "list") return <BlogListSkeleton />;
  if (kind === "post") return <PostSkeleton />;
  return children;
}
