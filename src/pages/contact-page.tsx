import { useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import { container, section } from "../styles/layout.css";

export function load({ content }: LoadArgs) {
  return { areas: content.locations.filter((l) => l.onContactPage).map((l) => l.name) };
}

type Data = ReturnType<typeof load>;

export function head(_data: Data, { site }: HeadContext): Head {
  return { title: `Contact ${site.name} | Free Estimates`, description: "Get a free estimate or schedule emergency tree services", path: "/contact" };
}

export function Component() {
  const { areas } = useLoaderData<typeof load>();
  return (
    <div className={`${container} ${section}`}>
      <h1>Contact Us</h1>
      <p>Get a free estimate or schedule emergency tree services</p>
      <ul>
        {areas.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </div>
  );
}
