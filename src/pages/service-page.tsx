import { useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import type { SiteContent } from "../content/site-content";
import { container, section } from "../styles/layout.css";

export const paths = (content: SiteContent) => content.services.map((s) => `/services/${s.slug}`);

export function load({ params, content }: LoadArgs) {
  return content.services.find((s) => s.slug === params.slug) ?? null;
}

type Data = NonNullable<ReturnType<typeof load>>;

export function head(service: Data, _ctx: HeadContext): Head {
  return { title: service.metaTitle, description: service.metaDescription, path: `/services/${service.slug}` };
}

export function Component() {
  const service = useLoaderData<typeof load>();
  if (!service) return null;
  return (
    <div className={`${container} ${section}`}>
      <h1>{service.hero.heading}</h1>
      <p>{service.hero.subheading}</p>
    </div>
  );
}
