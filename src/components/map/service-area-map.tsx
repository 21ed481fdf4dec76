import type { Location } from "../../content/locations";
import { lakeMurrayShore } from "./lake-murray";
import * as css from "./service-area-map.css";
import { placeFittingLabels, placeLabels, type PlacedLabel } from "./label-placement";
import { fitProjection, type Projection } from "./projection";
import { pathTo } from "../../routes";

export type MapTown = Pick<Location, "slug" | "name" | "primary" | "map">;
type Placed = MapTown & { map: NonNullable<MapTown["map"]> };

interface ServiceAreaMapProps {
  towns: readonly MapTown[];
  /** The town whose page this is: drawn larger, named in the caption. */
  current?: string;
  /** The map's accessible name: "Map of the towns we serve around Lake Murray". */
  label: string;
}

const WIDTH = 800;
const PADDING = 56;
/** Rings around the home town, in miles: how far each town is at a glance. */
export const RING_MILES = [10, 20];

type Kind = "primary" | "current" | "town";
const kindOf = (town: MapTown, current?: string): Kind => (town.primary ? "primary" : town.slug === current ? "current" : "town");

/** The home town says so, except in the large type of a narrow map: there its halo and the caption do. */
const labelText = (town: MapTown, set: keyof typeof css.names = "all") => (town.primary && set === "all" ? `${town.name} (home base)` : town.name);

const lakePath = (projection: Projection) =>
  lakeMurrayShore
    .map((p, i) => {
      const { x, y } = projection.point(p);
      return `${i === 0 ? "M" : "L"}${x} ${y}`;
    })
    .join(" ") + " Z";

/**
 * The service area drawn at build time as plain SVG from the towns'
 * coordinates in content/locations: no map tiles, no script, no other site.
 * Every town is a link to its page; the home town is highlighted with rings
 * around it every 10 miles; Lake Murray is outlined.
 */
export function ServiceAreaMap({ towns: listed, current, label }: ServiceAreaMapProps) {
  // A town without a place yet (content/locations: `map` left out) is in the lists, not on the map.
  const towns = listed.filter((t): t is Placed => t.map !== undefined);
  const projection = fitProjection([...towns.map((t) => t.map), ...lakeMurrayShore], WIDTH, PADDING);
  const home = towns.find((t) => t.primary);
  const center = home ? projection.point(home.map) : null;
  // Names are placed home town first, then this page's town, then the rest in content order;
  // drawn in the reverse order, so the important ones sit on top.
  const rank = (t: Placed) => (t.primary ? 0 : t.slug === current ? 1 : 2);
  const placeOrder = [...towns].sort((a, b) => rank(a) - rank(b));
  const frame = { x: 4, y: 4, width: projection.width - 8, height: projection.height - 8 };
  const requests = (set: keyof typeof css.names) =>
    placeOrder.map((town) => {
      const { x, y } = projection.point(town.map);
      const kind = kindOf(town, current);
      const [font, dots] = set === "all" ? [css.FONT, css.DOT] : [css.FONT_NARROW, css.DOT_NARROW];
      return { x, y, r: dots[kind], text: labelText(town, set), fontSize: kind === "primary" ? font.primary : font.town, preferred: town.map.label, required: kind !== "town" };
    });
  // Every name at the size for a wide map; on a narrow one, larger, and only those that fit (css.names).
  const all = placeLabels(requests("all"), frame);
  const fitting = placeFittingLabels(requests("fitting"), frame);
  const drawOrder = placeOrder.map((town, i) => ({ town, all: all[i], fitting: fitting[i] })).reverse();
  const name = (town: Placed, kind: Kind, spot: PlacedLabel | null | undefined, set: keyof typeof css.names) =>
    spot ? (
      <text className={`${css.label[kind]} ${css.names[set]}`} x={spot.x} y={spot.y} textAnchor={spot.anchor}>
        {labelText(town, set)}
      </text>
    ) : null;
  return (
    <div className={css.frame}>
      <svg className={css.map} viewBox={`0 0 ${projection.width} ${projection.height}`} role="group" aria-label={label}>
        <rect className={css.land} x="0" y="0" width={projection.width} height={projection.height} rx="16" />
        {center
          ? RING_MILES.map((miles) => (
              // The captions beside the map say what the rings mean; labels on them collided with town names.
              <circle key={miles} className={css.ring} cx={center.x} cy={center.y} r={Math.round(miles * projection.perMile)} aria-hidden="true" data-ring-miles={miles} />
            ))
          : null}
        <path className={css.lake} d={lakePath(projection)} aria-hidden="true" />
        {drawOrder.map(({ town, all: spot, fitting: narrowSpot }) => {
          const { x, y } = projection.point(town.map);
          const kind = kindOf(town, current);
          const r = css.DOT[kind];
          // Named here, not by its text: on a narrow map the name may not be drawn.
          return (
            <a key={town.slug} className={css.town} href={pathTo.town(town.slug)} aria-label={labelText(town)} data-town={town.slug} data-primary={town.primary || undefined} aria-current={kind === "current" ? "page" : undefined}>
              {town.primary ? <circle className={css.halo} cx={x} cy={y} r={r + css.HALO} /> : null}
              <circle className={css.dot[kind]} cx={x} cy={y} r={r} />
              {name(town, kind, spot, "all")}
              {name(town, kind, narrowSpot, "fitting")}
            </a>
          );
        })}
      </svg>
    </div>
  );
}
