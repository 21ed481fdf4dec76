import { useLoaderData } from "react-router-dom";
import type { LoadArgs } from "../app/page-module";
import type { Head, HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { serviceData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CtaBanner } from "../components/cta-banner";
import { CallLink, QuoteLink } from "../components/cta-links";
import { FeatureCards } from "../components/feature-cards";
import { JsonLd } from "../components/json-ld";
import { PageHero } from "../components/page-hero";
import { SectionHeader } from "../components/section-header";
import { TownServices } from "../components/town/town-services";
import * as css from "../components/town/town.css";
import type { SiteContent } from "../content/site-content";
import { container, section } from "../styles/layout.css";

export const paths = (content: SiteContent) => content.locations.map((l) => `/locations/${l.slug}`);

export function load({ params, content }: LoadArgs) {
  return content.locations.find((l) => l.slug === params.slug) ?? null;
}

type Data = NonNullable<ReturnType<typeof load>>;

export function head(town: Data, { site }: HeadContext): Head {
  return { title: `${town.metaTitle} | ${site.name}`, description: town.metaDescription, path: `/locations/${town.slug}`, keywords: town.keywords };
}

/** One layout for all twenty towns; the town's file supplies every line that differs. */
export function Component() {
  const town = useLoaderData<typeof load>();
  const { site } = useRootData();
  if (!town) return null;
  const path = `/locations/${town.slug}`;
  const title = `Tree Service in ${town.name}, SC`;
  return (
    <>
      <JsonLd data={serviceData(site, { name: title, serviceType: "Tree Service", description: town.metaDescription, path, towns: [town.name] })} />
      <PageHero
        scene={town.theme}
        size="tall"
        top={<Breadcrumbs tone="onDark" trail={[{ name: "Home", path: "/" }, { name: `${town.name}, SC`, path }]} />}
        badge={`Serving ${town.name}, SC`}
        title={title}
        subtitle={town.subtitle}
        actions={
          <>
            <CallLink label={`Call ${site.phone.display}`} />
            <QuoteLink label="Get Free Quote" />
          </>
        }
      />
      <section className={section} aria-labelledby="intro-title">
        <div className={container}>
          <SectionHeader id="intro-title" title={town.intro.heading} />
          <div className={css.intro}>
            {town.intro.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
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
