import type { LoadArgs } from "../app/page-module";
import { heroPreload, type Head, type HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { serviceData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CtaBanner } from "../components/cta-banner";
import { CallLink, QuoteLink } from "../components/cta-links";
import { FeatureCards } from "../components/feature-cards";
import { EmergencyCard } from "../components/emergency-card";
import { JsonLd } from "../components/json-ld";
import { ServiceAreaMap } from "../components/map/service-area-map";
import { milesBetween } from "../components/map/projection";
import { PageHero } from "../components/page-hero";
import { SectionHeader } from "../components/section-header";
import { TownServices } from "../components/town/town-services";
import * as css from "../components/town/town.css";
import { townHeading } from "../content/town-heading";
import type { SiteContent } from "../content/site-content";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

export const paths = (content: SiteContent) => content.locations.map((l) => pathTo.town(l.slug));

export function load({ params, content }: LoadArgs) {
  const town = content.locations.find((l) => l.slug === params.slug);
  if (!town) return null;
  const home = content.locations.find((l) => l.primary);
  const pageOf = new Map(content.services.map((s) => [s.serviceType, pathTo.service(s.slug)]));
  return {
    ...town,
    // Each line links to the page of the service it names (by serviceType); none if that page is gone.
    services: town.services.map((line) => ({ name: line.name, href: pageOf.get(line.service) ?? null })),
    // The map beside the intro places this town among the others.
    mapTowns: content.locations.map((l) => ({ slug: l.slug, name: l.name, primary: l.primary, map: l.map })),
    milesFromHome: home?.map && town.map && !town.primary ? Math.round(milesBetween(home.map, town.map)) : null,
    homeName: home?.name ?? null,
  };
}

type Data = NonNullable<ReturnType<typeof load>>;

export function head(town: Data, { site }: HeadContext): Head {
  return { title: `${town.metaTitle} | ${site.name}`, description: town.metaDescription, preloadImage: heroPreload(town.heroPhoto?.photo), path: pathTo.town(town.slug), keywords: town.keywords };
}

/** One layout for all twenty towns; the town's file supplies every line that differs. */
export function Component({ data: town }: { data: Data }) {
  const { site } = useRootData();
  const path = pathTo.town(town.slug);
  const title = townHeading(town);
  return (
    <>
      <JsonLd data={serviceData(site, { name: title, serviceType: "Tree Service", description: town.metaDescription, path, towns: [town.name] })} />
      <PageHero
        scene={town.theme}
        photo={town.heroPhoto}
        size="tall"
        top={<Breadcrumbs tone="onDark" trail={[{ name: "Home", path: "/" }, { name: "Service Areas", path: "/locations" }, { name: `${town.name}, SC`, path }]} />}
        badge={`Serving ${town.name}, SC`}
        title={title}
        subtitle={town.subtitle}
        actions={
          <>
            <CallLink label={`Call ${site.phone.display}`} call="hero" />
            <QuoteLink label="Get Free Quote" />
          </>
        }
        aside={<EmergencyCard />}
      />
      <section className={section} aria-labelledby="intro-title">
        <div className={container}>
          <div className={css.introGrid}>
            <div>
              <SectionHeader id="intro-title" title={town.intro.heading} />
              <div className={css.intro}>
                {town.intro.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </div>
            <figure className={css.mapCard}>
              <ServiceAreaMap towns={town.mapTowns} current={town.slug} label={`Map of our service area with ${town.name} marked`} />
              <figcaption className={css.mapCaption}>
                {town.milesFromHome !== null && town.homeName
                  ? `${town.name} is about ${town.milesFromHome} miles from our ${town.homeName} base. `
                  : `${town.name} is our home base. `}
                <a href="/locations">All service areas</a>
              </figcaption>
            </figure>
          </div>
        </div>
      </section>
      <section className={`${section} ${css.alt}`} aria-labelledby="features-title">
        <div className={container}>
          <SectionHeader id="features-title" title={`Why ${town.name} Chooses ${site.shortName}`} />
          <FeatureCards cards={town.features} />
        </div>
      </section>
      <div className={section}>
        <div className={container}>
          <TownServices town={town} />
        </div>
      </div>
      <CtaBanner title={town.closing.heading} text={town.closing.line} quoteLabel="Get Free Quote" />
    </>
  );
}
