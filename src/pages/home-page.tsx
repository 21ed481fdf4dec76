import { Link, useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import { container, section } from "../styles/layout.css";

export function load({ content }: LoadArgs) {
  return {
    home: content.home,
    locations: content.locations.map((l) => ({ slug: l.slug, name: l.name, primary: l.primary })),
  };
}

type Data = ReturnType<typeof load>;

export function head(_data: Data, { site }: HeadContext): Head {
  return { title: `${site.name} | Tree Service in Chapin, SC`, description: site.tagline, path: "/" };
}

export function Component() {
  const { home, locations } = useLoaderData<typeof load>();
  return (
    <div className={`${container} ${section}`}>
      <h1>{home.hero.heading}</h1>
      <ul>
        {locations.map((l) => (
          <li key={l.slug}>
            <Link to={`/locations/${l.slug}`}>{l.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
