import type { Home } from "../../content/home";
import { container, drawnNearViewport, section } from "../../styles/layout.css";
import { AreaList } from "../area-list";
import { RING_MILES, ServiceAreaMap, type MapTown } from "../map/service-area-map";
import { SectionHeader } from "../section-header";
import * as css from "./home.css";

/** Service Areas (id "service-areas"): the drawn map beside every town page's link, the home town first and highlighted. */
export function ServiceAreasSection({ heading, areas }: { heading: Home["sections"]["serviceAreas"]; areas: readonly MapTown[] }) {
  return (
    <section id="service-areas" className={`${section} ${drawnNearViewport} ${css.untilDrawn.serviceAreas}`} aria-labelledby="service-areas-title">
      <div className={container}>
        <SectionHeader id="service-areas-title" title={heading.heading} intro={heading.intro} centered />
        <div className={css.areasLayout}>
          <figure className={css.mapFrame}>
            <ServiceAreaMap towns={areas} label="Map of the towns we serve around Lake Murray" />
            <figcaption className={css.mapCaption}>Rings every {RING_MILES[0]} miles from {areas.find((a) => a.primary)?.name ?? "our base"}. Select a town for its page.</figcaption>
          </figure>
          <AreaList areas={areas} />
        </div>
      </div>
    </section>
  );
}
