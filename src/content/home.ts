import path from "node:path";
import * as z from "zod";
import { parseContent } from "./content-error";
import { readContentFile } from "./content-file";
import { choice, group, list, relativePath, text } from "./fields";
import { parseJsonFile } from "./json-file";

/** Picks each benefit card's icon; the page maps each name to an SVG. */
export const benefitIcons = ["clock", "certified", "shield", "home", "estimate", "cleanup"] as const;

/** A home page section's heading and the short line under it. */
const section = () => group({ heading: text(), intro: text() });

/**
 * content/home.json: the home page text that is not already a service or a
 * town (those cards come from content/services and content/locations). The
 * business name and phone come from content/site.json, never from here.
 */
export const homeSchema = group({
  hero: group({
    heading: text(),
    subheading: text(),
    /** Short trust badges under the hero buttons: "24/7 Emergency Service". Optional: the benefit cards below say the same, so the home page now shows none. */
    badges: list(text(), "badges", 1, Infinity).optional(),
    /** An owner photo for the hero (in content/, like ./photos/crew.jpg) and what it shows; without one the hero shows drawn scenery. */
    image: text().optional(),
    imageAlt: text().optional(),
  }),
  /** The About section (id "about"), with the six benefit cards below it. */
  about: group({ heading: text(), paragraphs: list(text(), "paragraphs", 1, Infinity) }),
  benefits: list(
    group({
      icon: choice(benefitIcons),
      title: text(),
      description: text(),
    }),
    "benefits",
    6,
  ),
  /** Headings of the sections whose cards come from elsewhere, keyed like their ids: services, testimonials, native-trees, service-areas. */
  sections: group({
    services: section(),
    testimonials: section(),
    nativeTrees: section(),
    serviceAreas: section(),
  }),
  /** "Satisfied Clients". Initials for the avatar come from `initials(name)` in src/format/initials.ts, not from the file. */
  testimonials: list(
    group({
      /** First name and last initial: "Sarah M." */
      name: text(),
      /** "Chapin, SC" */
      location: text(),
      rating: z
        .number({ error: () => "expected a whole number of stars from 1 to 5" })
        .int("expected a whole number of stars from 1 to 5")
        .min(1, "expected a whole number of stars from 1 to 5")
        .max(5, "expected a whole number of stars from 1 to 5")
        .default(5),
      text: text(),
    }),
    "testimonials",
    2,
  ),
  /** "Top Native Trees", in display order. */
  nativeTrees: list(
    group({
      name: text(),
      /** Binomial, shown in italics: "Quercus virginiana". */
      scientificName: text(),
      description: text(),
      /** Typical mature height: "40-80 ft". */
      height: text().regex(/^\d+-\d+ ft$/, 'expected a range like "40-80 ft"'),
    }),
    "native trees",
    6,
  ),
});

export type Home = z.infer<typeof homeSchema>;

/** Reads and validates `{contentDir}/home.json`; throws a ContentError naming the file and field. */
export async function loadHome(contentDir: string): Promise<Home> {
  const absolute = path.join(contentDir, "home.json");
  const file = relativePath(absolute);
  const source = await readContentFile(contentDir, absolute, file);
  return parseContent(homeSchema, parseJsonFile(file, source), file);
}
