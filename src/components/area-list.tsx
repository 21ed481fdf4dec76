import type { Location } from "../content/locations";
import { PinIcon } from "./icons";
import * as css from "./area-list.css";
import { pathTo } from "../routes";

export type AreaData = Pick<Location, "slug" | "name" | "primary">;

/** Every town page as a compact link, the home town first and highlighted: the home page's Service Areas and /locations. */
export function AreaList({ areas }: { areas: readonly AreaData[] }) {
  return (
    <ul className={css.list}>
      {areas.map((a) => (
        <li key={a.slug} className={a.primary ? css.primaryItem : undefined}>
          <a className={a.primary ? `${css.area} ${css.primaryArea}` : css.area} href={pathTo.town(a.slug)} data-primary={a.primary || undefined}>
            <PinIcon size={16} className={css.pin} />
            {a.name}
            {a.primary ? " " : null}
            {a.primary ? <span className={css.primaryTag}>Our home base</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
