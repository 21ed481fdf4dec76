import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { useRootData } from "../app/root-data";
import { itemListData, serviceData } from "../app/structured-data";
import { AreaList } from "../components/area-list";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CtaBanner } from "../components/cta-banner";
import { JsonLd } from "../components/json-ld";
import { RING_MILES, ServiceAreaMap } from "../components/map/service-area-map";
import * as css from "../components/locations-index.css";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

/** /locations: the service-area map and every town page (the header's "Service Areas" link). */
export function load({ content }: LoadArgs) {
  return { towns: content.locations.map((l) => ({ slug: l.slug, name: l.name, primary: l.primary, map: l.map, subtitle: l.subtitle })) };
}

type Data = ReturnType<typeof load>;

export function head({ towns }: Data, { site }: HeadContext): Head {
  return {
    title: `Service Areas: ${towns.length} Towns Around Lake Murray | ${site.name}`,
    description: `Tree service in ${towns.map((t) => t.name).slice(0, 6).join(", ")} and ${towns.length - 6} more towns around Lake Murray and the Midlands, from our base in ${site.address.locality}, SC.`,
    path: "/locations",
  };
}

export function Component({ data: { towns } }: { data: Data }) {
  const { site } = useRootData();
  const home = towns.find((t) => t.primary);
  return (
    <>
      <JsonLd
        data={serviceData(site, {
          name: `Tree Service around ${site.address.locality} and Lake Murray`,
          serviceType: "Tree Service",
          description: `Tree care in ${towns.length} towns around Lake Murray and the Midlands.`,
          path: "/locations",
          towns: towns.map((t) => t.name),
        })}
      />
      <JsonLd data={itemListData(site, "Service areas", towns.map((t) => ({ name: `${t.name}, SC`, path: pathTo.town(t.slug) })))} />
      <div className={`${container} ${section}`}>
        <Breadcrumbs trail={[{ name: "Home", path: "/" }, { name: "Service Areas", path: "/locations" }]} />
        <header className={css.intro}>
          <h1>Service Areas</h1>
          <p className={css.lead}>
            {home ? `Based in ${home.name}, ` : ""}we serve {towns.length} communities around Lake Murray and across the Midlands. Every town below has its own page: what we see in its trees, its neighborhoods and how to reach us.
          </p>
        </header>
        <div className={css.layout}>
          <figure className={css.mapCard}>
            <ServiceAreaMap towns={towns} label="Map of the towns we serve around Lake Murray" />
            <figcaption className={css.caption}>Rings every {RING_MILES[0]} miles from {home ? home.name : "our base"}. Select a town for its page.</figcaption>
          </figure>
          <section aria-labelledby="towns-title">
            <h2 id="towns-title" className={css.listTitle}>All {towns.length} towns</h2>
            <AreaList areas={towns} />
          </section>
        </div>
      </div>
      <CtaBanner title="Don't see your town?" text="We often travel a little farther for larger jobs. Call or send a message and we'll tell you straight away." quoteLabel="Get Free Quote" />
    </>
  );
}
