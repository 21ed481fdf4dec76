import { Link, useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import type { SiteContent } from "../content/site-content";
import { container, section } from "../styles/layout.css";

export const paths = (content: SiteContent) => content.posts.map((p) => `/blog/${p.slug}`);

export function load({ params, content }: LoadArgs) {
  const post = content.posts.find((p) => p.slug === params.slug);
  return post ?? null;
}

type Data = NonNullable<ReturnType<typeof load>>;

export function head(post: Data, _ctx: HeadContext): Head {
  return { title: post.title, description: post.metaDescription, path: `/blog/${post.slug}`, ogType: "article" };
}

export function Component() {
  const post = useLoaderData<typeof load>();
  if (!post) return null;
  return (
    <article className={`${container} ${section}`}>
      <h1>{post.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: post.html }} />
      <Link to="/blog">Back to Blog</Link>
    </article>
  );
}
