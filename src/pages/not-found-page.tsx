import type { Head, HeadContext } from "../app/head";
import { NotFound } from "../components/not-found";
import { PostNotFound } from "../components/post-view";

export const load = () => ({});

export function head(_data: unknown, { site }: HeadContext): Head {
  return { title: `Page Not Found | ${site.name}`, description: "The page you were looking for does not exist.", path: "/404", noindex: true };
}

/**
 * dist/404.html answers every unknown URL, also on static hosts. Under /blog/ the
 * spec says "Post Not Found": the site script puts that text (kept in a
 * <template>, out of the page until then) in place of the general one
 * (showNotFoundKind in src/client/navigate.ts); without scripts the general one shows.
 */
export function Component() {
  return (
    <>
      <div data-not-found-for="page">
        <NotFound />
      </div>
      <template data-not-found-for="post">
        <PostNotFound />
      </template>
    </>
  );
}
