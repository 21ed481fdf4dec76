import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { useRootData } from "../app/root-data";
import { itemListData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CtaBanner } from "../components/cta-banner";
import { CallLink, QuoteLink } from "../components/cta-links";
import { EmergencyCard } from "../components/emergency-card";
import { JsonLd } from "../components/json-ld";
import { PageHero } from "../components/page-hero";
import { ServiceCardGrid } from "../components/service-card-grid";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

/** /services: every service page as a card (the header's "Services" link). */
export function load({ content }: LoadArgs) {
  return { services: content.services.map((s) => ({ slug: s.slug, icon: s.icon, title: s.title, card: s.card })) };
}

type Data = ReturnType<typeof load>;

export function head(_data: Data, { site }: HeadContext): Head {
  return {
    title: `Tree Services in ${site.address.locality} & Lake Murray | ${site.name}`,
    description: `Emergency tree removal, tree removal, trimming and pruning, cabling and bracing, stump grinding and tree health care from ISA-certified arborists in ${site.address.locality}, SC. Free estimates.`,
    path: "/services",
  };
}

export function Component({ data: { services } }: { data: Data }) {
  const { site } = useRootData();
  return (
    <>
      <JsonLd data={itemListData(site, "Tree services", services.map((s) => ({ name: s.title, path: pathTo.service(s.slug) })))} />
      <PageHero
        scene="forest"
        size="compact"
        top={<Breadcrumbs tone="onDark" trail={[{ name: "Home", path: "/" }, { name: "Services", path: "/services" }]} />}
        title="Our Tree Services"
        subtitle={`Six services from ISA-certified arborists in ${site.address.locality}, from a tree on the roof at midnight to pruning that keeps a tree healthy for decades.`}
        actions={
          <>
            <CallLink label={`Call ${site.phone.display}`} call="hero" />
            <QuoteLink label="Get Free Quote" />
          </>
        }
        aside={<EmergencyCard />}
      />
      <section className={section} aria-label="All services">
        <div className={container}>
          <ServiceCardGrid services={services} headingLevel={2} />
        </div>
      </section>
      <CtaBanner title="Not sure which service you need?" text="Tell us what you see; an arborist will look at the tree with you and give you a written price." quoteLabel="Get Free Quote" />
    </>
  );
}
