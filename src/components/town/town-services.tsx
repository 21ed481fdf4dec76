import type { Location } from "../../content/locations";
import { ArrowRightIcon } from "../icons";
import * as css from "./town.css";

/** The town's services, each linking to its service page, and, where the town file has them, its neighbourhoods as plain tags. */
export interface TownServiceLine {
  name: string;
  /** The service page, or null when no page has that serviceType. */
  href: string | null;
}

export function TownServices({ town }: { town: Pick<Location, "name" | "neighborhoods"> & { services: readonly TownServiceLine[] } }) {
  const withNeighborhoods = Boolean(town.neighborhoods?.length);
  return (
    <div className={withNeighborhoods ? css.columns : undefined}>
      <section className={css.box} aria-labelledby="town-services-title">
        <h2 id="town-services-title" className={css.boxTitle}>Our Services in {town.name}</h2>
        {/* Alone (no neighbourhoods) the box spans the page, so the list takes two columns instead of leaving half of it empty. */}
        <ul className={withNeighborhoods ? css.serviceList : `${css.serviceList} ${css.serviceListWide}`}>
          {town.services.map((s) => (
            <li key={s.name}>
              {s.href ? (
                <a className={css.serviceLink} href={s.href}>
                  <span>{s.name}</span>
                  <ArrowRightIcon size={18} className={css.serviceArrow} />
                </a>
              ) : (
                <span className={css.serviceLine}>{s.name}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {withNeighborhoods ? (
        <section className={css.box} aria-labelledby="town-neighborhoods-title">
          <h2 id="town-neighborhoods-title" className={css.boxTitle}>{town.name} Neighborhoods We Serve</h2>
          <ul className={css.tags}>
            {town.neighborhoods?.map((n) => (
              <li key={n} className={css.tag}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
