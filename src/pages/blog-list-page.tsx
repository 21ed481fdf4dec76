import { Link, useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import { container, section } from "../styles/layout.css";

export function load({ content }: LoadArgs) {
  return { posts: content.posts.map((p) => ({ slug: p.slug, title: p.title })) };
}

type Data = ReturnType<typeof load>;

export function head(_data: Data, { site }: HeadContext): Head {
  return { title: `Tree Care Blog | ${site.name}`, description: "Tree care tips for Chapin and Lake Murray homeowners.", path: "/blog" };
}

export function Component() {
  const { posts } = useLoaderData<typeof load>();
  return (
    <div className={`${container} ${section}`}>
      <h1>Tree Care Blog</h1>
      {posts.length === 0 ? <p>No blog posts yet. Check back soon!</p> : null}
      <ul>
        {posts.map((p) => (
          <li key={p.slug}>
            <Link to={`/blog/${p.slug}`}>{p.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
