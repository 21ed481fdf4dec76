import type { LatLng } from "../../../src/components/map/projection";
import { milesBetween } from "../../../src/components/map/projection";
import { writeFrontMatter } from "../yaml-edit";

// A new town's page, as the desk writes it when the owner adds a town by its name: the fields
// every town file has (content/locations/*.md, src/content/locations.ts), in the order the files
// have them, with sensible words the owner then changes in Service areas. Business facts (the
// name, the phone) are never written here: the page takes them from content/site.json. The home
// town's name is its file's (content/locations: primary).

export interface TownNeighbour {
  name: string;
  theme: string;
  map?: LatLng;
}

export interface NewTown {
  name: string;
  /** After the last town in the lists. */
  order: number;
  /** Where the owner tapped on the map; none: not on the map yet. */
  place?: LatLng;
  /** The home town (for "just down the road from ...") and the other towns (the nearest lends its look). */
  home: { name: string; map?: LatLng };
  towns: readonly TownNeighbour[];
  /** The services, in the site's order: their names and serviceType values (content/services). */
  services: readonly { title: string; serviceType: string }[];
}

/** The nearest of `towns` to `place` that has a place of its own. */
export function nearestTown<T extends { map?: LatLng }>(place: LatLng | undefined, towns: readonly T[]): T | undefined {
  if (!place) return undefined;
  let best: { town: T; miles: number } | undefined;
  for (const town of towns) {
    if (!town.map) continue;
    const miles = milesBetween(place, town.map);
    if (!best || miles < best.miles) best = { town, miles };
  }
  return best?.town;
}

/** The text of content/locations/<slug>.md for a new town. */
export function newTownText(town: NewTown): string {
  const { name, home } = town;
  const near = nearestTown(town.place, town.towns);
  const miles = town.place && home.map ? Math.round(milesBetween(town.place, home.map)) : undefined;
  const from = miles !== undefined && miles <= 15 ? `just down the road from ${home.name}` : `from our base in ${home.name}`;
  const metaDescription = `Tree service in ${name}, SC: tree removal, trimming, stump grinding and 24/7 emergency help from certified arborists ${from}.`;
  return writeFrontMatter({
    name,
    order: town.order,
    theme: near?.theme ?? "suburban",
    ...(town.place ? { map: { latitude: round(town.place.latitude), longitude: round(town.place.longitude), label: "right" } } : {}),
    metaTitle: `Tree Service in ${name}, SC | Certified Arborists`,
    metaDescription: metaDescription.length <= 155 ? metaDescription : `Tree service in ${name}, SC: removal, trimming, stump grinding and 24/7 emergency help from certified arborists.`,
    keywords: [`tree service ${name} SC`, `tree removal ${name} SC`, `tree trimming ${name}`],
    subtitle: `Certified arborists for ${name} homeowners, from routine pruning to storm damage.`,
    intro: {
      heading: `Tree Service for ${name}`,
      paragraphs: [
        `We care for trees all around ${name}: big shade oaks over the house, tall pines along the drive, and the storm damage that comes with both.`,
        `Our ISA-certified arborists work ${from}, with free written estimates and a 24/7 emergency line when a tree comes down.`,
      ],
    },
    features: [
      { title: "Close By", description: `${name} is on our regular routes ${from}, so an emergency call gets a crew out fast.` },
      { title: "Certified Arborists", description: "Every job is planned by an ISA-certified arborist and done to ANSI A300 standards." },
      { title: "Clean-Up Included", description: "Wood and brush hauled away and the yard raked before we leave." },
    ],
    services: town.services.slice(0, 6).map((s) => ({ name: s.title, service: s.serviceType })),
    closing: { heading: `${name}'s Local Tree Experts`, line: `Free estimates from certified arborists ${from}.` },
  });
}

/** Four decimals: about 10 m, as the other towns' files write them. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;
