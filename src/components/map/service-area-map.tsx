import type { Location } from "../../content/locations";
import { lakeMurrayShore } from "./lake-murray";
import * as css from "./service-area-map.css";
import { placeLabels } from "./label-placement";
import { fitProjection, type Projection } from "./projection";

export type MapTown = Pick<Location, "slug" | "name" | "primary" | "map">;

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
const FONT = { town: 17, primary: 20 };

const dotRadius = (town: MapTown, current?: string) => (town.primary ? 9 : town.slug === current ? 8 : 6);

const labelText = (town: MapTown) => (town.primary ? `${town.name} (home base)` : town.name);

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
export function ServiceAreaMap({ towns, current, label }: ServiceAreaMapProps) {
  const projection = fitProjection([...towns.map((t) => t.map), ...lakeMurrayShore], WIDTH, PADDING);
  const home = towns.find((t) => t.primary);
  const center = home ? projection.point(home.map) : null;
  // Names are placed home town first, then this page's town, then the rest in content order;
  // drawn in the reverse order, so the important ones sit on top.
  const rank = (t: MapTown) => (t.primary ? 0 : t.slug === current ? 1 : 2);
  const placeOrder = [...towns].sort((a, b) => rank(a) - rank(b));
  const labels = placeLabels(
    placeOrder.map((town) => {
      const { x, y } = projection.point(town.map);
      return { x, y, r: dotRadius(town, current), text: labelText(town), fontSize: town.primary ? FONT.primary : FONT.town, preferred: town.map.label };
    }),
    { x: 4, y: 4, width: projection.width - 8, height: projection.height - 8 },
  );
  const drawOrder = placeOrder.map((town, i) => ({ town, label: labels[i] })).reverse();
  return (
    <svg className={css.map} viewBox={`0 0 ${projection.width} ${projection.height}`} role="group" aria-label={label}>
      <rect className={css.land} x="0" y="0" width={projection.width} height={projection.height} rx="16" />
      {center
        ? RING_MILES.map((miles) => (
            // The captions beside the map say what the rings mean; labels on them collided with town names.
            <circle key={miles} className={css.ring} cx={center.x} cy={center.y} r={Math.round(miles * projection.perMile)} aria-hidden="true" data-ring-miles={miles} />
          ))
        : null}
      <path className={css.lake} d={lakePath(projection)} aria-hidden="true" />
      {drawOrder.map(({ town, label: text }) => {
        if (!text) return null;
        const { x, y } = projection.point(town.map);
        const isCurrent = town.slug === current;
        const r = dotRadius(town, current);
        const kind = town.primary ? "primary" : isCurrent ? "current" : "town";
        return (
          <a key={town.slug} className={css.town} href={`/locations/${town.slug}`} data-town={town.slug} data-primary={town.primary || undefined} aria-current={isCurrent ? "page" : undefined}>
            {town.primary ? <circle className={css.halo} cx={x} cy={y} r={r + 7} /> : null}
            <circle className={css.dot[kind]} cx={x} cy={y} r={r} />
            <text className={css.label[kind]} x={text.x} y={text.y} textAnchor={text.anchor}>
              {labelText(town)}
            </text>
          </a>
        );
      })}
    </svg>
  );
}
