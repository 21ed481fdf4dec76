import path from "node:path";
import * as z from "zod";
import { ContentError, problemsFromZod, type ContentProblem } from "./content-error";
import { contactServiceTypes } from "./services";
import { card, choice, duplicateProblems, group, flag, list, metaDescription, order, readMarkdownDir, relativePath, text } from "./fields";

/**
 * Picks the hero artwork and mood: lakeside towns get water, farm towns
 * fields, old county seats their main streets, and so on.
 */
export const locationThemes = ["lake", "rural", "historic", "suburban", "urban"] as const;

/** Which side of its dot a town's name is written on the map, so close towns do not overlap. */
export const mapLabelSides = ["right", "left", "above", "below"] as const;

/**
 * Front matter of one town page, content/locations/{town}-sc.md, served at
 * /locations/{town}-sc. The page builds the fixed lines from `name`: badge
 * "Serving {name}, SC", H1 "Tree Service in {name}, SC" (unless `heading` says otherwise), the call buttons with
 * the phone from content/site.json. Everything town-specific lives here. The
 * Markdown body is not used: all text goes in the fields below.
 */
export const locationSchema = group({
  /** Town name as written on the page and in lists: "West Columbia", "Batesburg-Leesville". */
  name: text(),
  /** Position in service-area lists (1 first); unique across towns. */
  order: order(),
  /** The business's home town, highlighted in lists; exactly one town has it. */
  primary: flag(),
  /** Listed under "Areas we serve" on the contact page. */
  onContactPage: flag(),
  theme: choice(locationThemes),
  /**
   * Where the town sits on the service-area map (src/components/map/), drawn at
   * build time from these numbers: decimal degrees (South Carolina: latitude
   * about 32-35, longitude about -83 to -78.5), and which side of the dot the name goes.
   * Left out (a town the desk added before the owner tapped where it is), the town
   * has its page and its place in the lists, but no dot on the map yet.
   */
  map: group({
    latitude: z.number({ error: () => "expected a latitude like 34.1657" }).min(32, "expected a South Carolina latitude (32 to 35.3)").max(35.3, "expected a South Carolina latitude (32 to 35.3)"),
    longitude: z.number({ error: () => "expected a longitude like -81.3496" }).min(-83.4, "expected a South Carolina longitude (-83.4 to -78.5)").max(-78.5, "expected a South Carolina longitude (-83.4 to -78.5)"),
    label: choice(mapLabelSides).default("right"),
  }).optional(),
  /** The <title> without the business name; pages append " | {site.name}". */
  metaTitle: text(),
  /** Unique per town, so search engines do not treat the pages as duplicates. */
  metaDescription: metaDescription(),
  /** The keywords meta; left out on the pages the spec ships without one. */
  keywords: list(text(), "keywords", 1, Infinity).optional(),
  /** The hero's H1; left out, the page says `Tree Service in {name}, SC` (townHeading). */
  heading: text().optional(),
  /** The hero line under the H1. */
  subtitle: text(),
  /** An owner photo for the hero (beside this file) and what it shows; without one the hero shows the town's drawn scenery. */
  heroImage: text().optional(),
  heroImageAlt: text().optional(),
  intro: group({ heading: text(), paragraphs: list(text(), "paragraphs", 2) }),
  features: list(card(), "features", 3),
  /**
   * The "services in {name}" list: each line in the town's words, and which
   * service it is, by the `serviceType` of a file in content/services
   * (emergency-removal, tree-removal, tree-trimming, cabling-bracing,
   * stump-removal, tree-doctor); the line links to that service's page.
   */
  services: list(group({ name: text(), service: choice(contactServiceTypes) }), "services", 5, 6),
  /** Neighbourhoods and communities served, shown as plain tags when present. */
  neighborhoods: list(text(), "neighborhoods", 1, Infinity).optional(),
  /** The closing banner above the phone button. */
  closing: group({ heading: text(), line: text() }),
});

/** A town page: the front matter plus `slug`, the file name such as "chapin-sc" (the URL segment). */
export type Location = z.infer<typeof locationSchema> & { slug: string };

const townSlug = { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*-sc$/, hint: "ending in -sc, like chapin-sc.md" };

/**
 * Loads every town in `dir` (usually content/locations), sorted by `order`.
 * Besides each file's own fields it checks what only makes sense across files:
 * unique orders, names and meta descriptions, and exactly one primary town.
 * Throws one ContentError listing every problem. `root`: the content folder the
 * files must resolve inside (default: the parent of `dir`).
 */
export async function loadLocations(dir: string, root?: string): Promise<Location[]> {
  const { files, problems } = await readMarkdownDir(dir, townSlug, root);
  const loaded: { file: string; location: Location }[] = [];

  for (const { file, slug, data, body } of files) {
    const result = locationSchema.safeParse(data);
    if (!result.success) problems.push(...problemsFromZod(file, result.error));
    // A body would silently never appear on the page, so it is an error rather than ignored.
    if (body !== "") {
      problems.push({ file, field: "(body)", problem: "town pages show no Markdown body: move this text into intro.paragraphs" });
    }
    if (result.success) loaded.push({ file, location: { ...result.data, slug } });
  }

  problems.push(
    ...duplicateProblems(loaded, "order", ({ location }) => location.order),
    ...duplicateProblems(loaded, "name", ({ location }) => location.name),
    ...duplicateProblems(loaded, "metaDescription", ({ location }) => location.metaDescription),
    ...primaryProblems(dir, loaded, files.length === loaded.length),
  );
  if (problems.length > 0) throw new ContentError(problems);

  return loaded.map(({ location }) => location).sort((a, b) => a.order - b.order);
}

function primaryProblems(
  dir: string,
  loaded: readonly { file: string; location: Location }[],
  allParsed: boolean,
): ContentProblem[] {
  const primaries = loaded.filter(({ location }) => location.primary);
  const [first, ...others] = primaries;
  if (first === undefined) {
    // A file that failed to parse may be the primary one; its own problems say enough.
    if (!allParsed) return [];
    return [{ file: relativePath(path.resolve(dir)), field: "primary", problem: "no town has primary: true; mark the home town" }];
  }
  // The rings of the map are drawn around the home town, so it needs its place.
  const unplaced = first.location.map === undefined ? [{ file: first.file, field: "map", problem: "the home town (primary: true) needs its place on the map: latitude and longitude" }] : [];
  return [...unplaced, ...others.map(({ file }) => ({
    file,
    field: "primary",
    problem: `only one town can be primary, and ${first.file} already is`,
  }))];
}

