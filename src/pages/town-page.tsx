import { Link, useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import type { SiteContent } from "../content/site-content";
import { container, section } from "../styles/layout.css";

export const paths = (content: SiteContent) => content.locations.map((l) => `/locations/${l.slug}`);

export function load({ params, content }: LoadArgs) {
  return content.locations.find((l) => l.slug === params.slug) ?? null;
}

type Data = NonNullable<ReturnType<typeof load>>;

export function head(town: Data, _ctx: HeadContext): Head {
  return { title: town.metaTitle, description: town.metaDescription, path: `/locations/${town.slug}`, keywords: town.keywords };
}

export function Component() {
  const town = useLoaderData<typeof load>();
  if (!town) return null;
  return (
    <div className={`${container} ${section}`}>
      <h1>Tree Service in {town.name}, SC</h1>
      <p>{town.subtitle}</p>
      <Link to="/contact">Get Free Quote</Link>
    </div>
  );
}
