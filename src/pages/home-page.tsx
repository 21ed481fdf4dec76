import type { LoadArgs } from "../app/page-module";
import { heroPreload, type Head, type HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { localBusinessData, shownRating } from "../app/structured-data";
import { CallLink, QuoteLink } from "../components/cta-links";
import { EmergencyCard } from "../components/emergency-card";
import { FloatingCallButton } from "../components/floating-call-button";
import { AboutSection } from "../components/home/about-section";
import { NativeTreesSection } from "../components/home/native-trees-section";
import { ServiceAreasSection } from "../components/home/service-areas-section";
import { ServicesSection } from "../components/home/services-section";
import { TestimonialsSection } from "../components/home/testimonials-section";
import { JsonLd } from "../components/json-ld";
import { PageHero } from "../components/page-hero";
import { initials } from "../format/initials";
import { homeTestimonials } from "./home-testimonials";

export function load({ content }: LoadArgs) {
  return {
    // The newest approved reviews first (home-testimonials.ts); the rating site.json states unless it says fromReviews.
    home: { ...content.home, testimonials: homeTestimonials(content.reviews, content.home.testimonials).map((t) => ({ ...t, initials: initials(t.name) })) },
    rating: shownRating(content.site.rating, content.reviews),
    services: content.services.map((s) => ({ slug: s.slug, icon: s.icon, title: s.title, card: s.card })),
    locations: content.locations.map((l) => ({ slug: l.slug, name: l.name, primary: l.primary, map: l.map })),
  };
}

type Data = ReturnType<typeof load>;

export function head(data: Data, { site }: HeadContext): Head {
  return {
    preloadImage: heroPreload(data.home.hero.photo?.photo),
    title: `${site.name} | Tree Service in Chapin, SC`,
    description: `Tree removal, pruning, stump grinding and 24/7 emergency tree service in Chapin, Lake Murray and the Midlands. ISA-certified, insured. Free estimates.`,
    path: "/",
  };
}

export function Component({ data: { home, services, locations, rating } }: { data: Data }) {
  const { site } = useRootData();
  const business = localBusinessData(
    { ...site, rating: { ...site.rating, ...rating } },
    services.map((s) => ({ slug: s.slug, title: s.title, description: s.card.description })),
    locations.map((l) => l.name),
  );
  return (
    <>
      <JsonLd data={business} />
      <PageHero
        scene="lake"
        photo={home.hero.photo}
        size="home"
        badge={site.emergencyLine}
        title={home.hero.heading}
        subtitle={home.hero.subheading}
        actions={
          <>
            <CallLink label={`Call ${site.phone.display}`} call="hero" />
            <QuoteLink label="Get Free Quote" />
          </>
        }
        points={home.hero.badges}
        aside={<EmergencyCard />}
      />
      <AboutSection about={home.about} benefits={home.benefits} />
      <ServicesSection heading={home.sections.services} services={services} />
      <TestimonialsSection heading={home.sections.testimonials} testimonials={home.testimonials} />
      <NativeTreesSection heading={home.sections.nativeTrees} trees={home.nativeTrees} />
      <ServiceAreasSection heading={home.sections.serviceAreas} areas={locations} />
      <FloatingCallButton />
    </>
  );
}
