import type { Location } from "../../content/locations";
import { CheckIcon } from "../icons";
import * as css from "./town.css";

/** The bulleted services list and, where the town file has them, its neighbourhoods. */
export function TownServices({ town }: { town: Pick<Location, "name" | "services" | "neighborhoods"> }) {
  return (
    <div className={css.columns}>
      <section className={css.box} aria-labelledby="town-services-title">
        <h2 id="town-services-title" className={css.boxTitle}>Our Services in {town.name}</h2>
        <ul className={css.checklist}>
          {town.services.map((s) => (
            <li key={s} className={css.checkItem}>
              <CheckIcon size={20} className={css.checkMark} />
              {s}
            </li>
          ))}
        </ul>
      </section>
      {town.neighborhoods?.length ? (
        <section className={css.box} aria-labelledby="town-neighborhoods-title">
          <h2 id="town-neighborhoods-title" className={css.boxTitle}>{town.name} Neighborhoods We Serve</h2>
          <ul className={css.chips}>
            {town.neighborhoods.map((n) => (
              <li key={n} className={css.chip}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
