import type { Home } from "../../content/home";
import type { Location } from "../../content/locations";
import { container, section } from "../../styles/layout.css";
import { PinIcon } from "../icons";
import { SectionHeader } from "../section-header";
import * as css from "./home.css";

export type AreaData = Pick<Location, "slug" | "name" | "primary">;

/** Service Areas (id "service-areas"): every town page, the home town first and highlighted. */
export function ServiceAreasSection({ heading, areas }: { heading: Home["sections"]["serviceAreas"]; areas: readonly AreaData[] }) {
  return (
    <section id="service-areas" className={section} aria-labelledby="service-areas-title">
      <div className={container}>
        <SectionHeader id="service-areas-title" title={heading.heading} intro={heading.intro} centered />
        <ul className={css.areaGrid}>
          {areas.map((a) => (
            <li key={a.slug} className={a.primary ? css.primaryItem : undefined}>
              <a className={a.primary ? `${css.area} ${css.primaryArea}` : css.area} href={`/locations/${a.slug}`} data-primary={a.primary || undefined}>
                <PinIcon size={18} className={css.pin} />
                {a.name}
                {a.primary ? " " : null}
                {a.primary ? <span className={css.primaryTag}>Our home base</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
