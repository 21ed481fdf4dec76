import type { LoadArgs } from "../app/page-module";
import { heroPreload, type Head, type HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { faqPageData, serviceData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CtaBanner } from "../components/cta-banner";
import { CallLink, QuoteLink } from "../components/cta-links";
import { FeatureCards } from "../components/feature-cards";
import { ArrowRightIcon } from "../components/icons";
import { EmergencyCard } from "../components/emergency-card";
import { JsonLd } from "../components/json-ld";
import { PageHero } from "../components/page-hero";
import { prose } from "../components/prose.css";
import { SectionHeader } from "../components/section-header";
import { FaqList } from "../components/service/faq-list";
import { ProcessSteps } from "../components/service/process-steps";
import * as css from "../components/service/service.css";
import type { SiteContent } from "../content/site-content";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

export const paths = (content: SiteContent) => content.services.map((s) => pathTo.service(s.slug));

export function load({ params, content }: LoadArgs) {
  const service = content.services.find((s) => s.slug === params.slug);
  if (!service) return null;
  // The Markdown source stays at build time; the page needs only its HTML.
  const { body: _body, ...rest } = service;
  return rest;
}

type Data = NonNullable<ReturnType<typeof load>>;

export function head(service: Data, { site }: HeadContext): Head {
  return { title: `${service.metaTitle} | ${site.name}`, description: service.metaDescription, preloadImage: heroPreload(service.heroPhoto?.photo), path: pathTo.service(service.slug) };
}

export function Component({ data: service }: { data: Data }) {
  const { site, services, locations } = useRootData();
  const path = pathTo.service(service.slug);
  const others = services.filter((s) => s.slug !== service.slug);
  return (
    <>
      <JsonLd
        data={serviceData(site, {
          name: service.title,
          serviceType: service.title,
          description: service.metaDescription,
          path,
          towns: locations.map((l) => l.name),
        })}
      />
      <JsonLd data={faqPageData(service.faqs)} />
      <PageHero
        scene="forest"
        photo={service.heroPhoto}
        size="compact"
        top={<Breadcrumbs tone="onDark" trail={[{ name: "Home", path: "/" }, { name: "Services", path: "/services" }, { name: service.title, path }]} />}
        badge={service.card.badge}
        title={service.hero.heading}
        subtitle={service.hero.subheading}
        actions={
          <>
            <CallLink label={`Call ${site.phone.display}`} call="hero" />
            <QuoteLink label="Get Free Consultation" />
          </>
        }
        aside={<EmergencyCard />}
      />
      <div className={section}>
        {/* The intro beside the other services on wide screens (the right of the page was empty), under it on phones. */}
        <div className={`${container} ${css.introGrid}`}>
          <section aria-label={`About ${service.title}`}>
            <div className={prose} dangerouslySetInnerHTML={{ __html: service.bodyHtml }} />
          </section>
          <nav className={css.related} aria-labelledby="other-services-title">
            <h2 id="other-services-title" className={css.relatedTitle}>Other Tree Services</h2>
            <ul className={css.relatedList}>
              {others.map((s) => (
                <li key={s.slug}>
                  <a className={css.relatedLink} href={pathTo.service(s.slug)}>
                    <span>{s.title}</span>
                    <ArrowRightIcon size={18} className={css.relatedArrow} />
                  </a>
                </li>
              ))}
            </ul>
            <a className={css.allLink} href="/services">All services</a>
          </nav>
        </div>
      </div>
      <section className={`${section} ${css.alt}`} aria-labelledby="features-title">
        <div className={container}>
          <SectionHeader id="features-title" title={`Why Choose Us for ${service.title}`} />
          <FeatureCards cards={service.features} />
        </div>
      </section>
      <section className={section} aria-labelledby="process-title">
        <div className={container}>
          <SectionHeader id="process-title" title={service.process.heading} intro={service.process.intro} />
          <ProcessSteps steps={service.process.steps} />
        </div>
      </section>
      <section className={`${section} ${css.alt}`} aria-labelledby="faq-title">
        <div className={container}>
          <SectionHeader id="faq-title" title="Frequently Asked Questions" />
          <FaqList faqs={service.faqs} />
        </div>
      </section>
      <CtaBanner title={service.cta.heading} text={service.cta.text} quoteLabel="Request Free Quote" />
    </>
  );
}
