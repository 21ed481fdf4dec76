import type { Home } from "../../content/home";
import { container, drawnNearViewport, section } from "../../styles/layout.css";
import { SectionHeader } from "../section-header";
import { ServiceCardGrid, type ServiceCardData } from "../service-card-grid";
import * as css from "./home.css";

export type { ServiceCardData };

/** Services (id "services"): one card per service page. */
export function ServicesSection({ heading, services }: { heading: Home["sections"]["services"]; services: readonly ServiceCardData[] }) {
  return (
    <section id="services" className={`${section} ${css.alt} ${drawnNearViewport} ${css.untilDrawn.services}`} aria-labelledby="services-title">
      <div className={container}>
        <SectionHeader id="services-title" title={heading.heading} intro={heading.intro} centered />
        <ServiceCardGrid services={services} />
      </div>
    </section>
  );
}
