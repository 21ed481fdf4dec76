import { join } from "node:path";
import type { z } from "zod";
import { serviceChoices, serviceChoiceValues, type ServiceChoice } from "./contact";
import { ContentError, problemsFromZod } from "./content-error";
import { card, choice, duplicateProblems, group, list, metaDescription, order, readMarkdownDir, text } from "./fields";
import { folderStamp } from "./file-stamp";

export const serviceIcons = ["emergency", "removal", "trimming", "cabling", "stump", "doctor"] as const;

/** The contact form's serviceType values (spec section 3) minus "other": one per service page (src/content/contact.ts). */
export const contactServiceTypes = serviceChoiceValues;

/**
 * Front matter of one service page. The page shows, top to bottom: hero,
 * intro (the Markdown body), features, process, FAQs, call to action. Phone
 * numbers and the business name are never written here: pages take them from
 * content/site.json so a change there reaches every page.
 */
export const serviceSchema = group({
  /** Service name as used in navigation, the footer list and JSON-LD: "Emergency Tree Removal". */
  title: text(),
  /** Display order in menus, cards and the footer (1 first); unique across services. */
  order: order(),
  icon: choice(serviceIcons),
  /** Which contact-form choice this service pre-selects; unique across services. */
  serviceType: choice(contactServiceTypes),
  /** The home page card linking to /services/{slug}. Only emergency shows a badge ("Available 24/7"). */
  card: group({ title: text(), description: text(), badge: text().optional() }),
  /** The <title> without the business name; pages append " | {site.name}". */
  metaTitle: text(),
  metaDescription: metaDescription(),
  hero: group({ heading: text(), subheading: text() }),
  /** An owner photo for the hero (beside this file: ./photos/crane.jpg) and what it shows; without one the hero shows drawn scenery. */
  heroImage: text().optional(),
  heroImageAlt: text().optional(),
  /** Three feature cards under the intro. */
  features: list(card(), "features", 3),
  /** How the job runs, as numbered steps; `intro` is an optional lead-in paragraph. */
  process: group({
    heading: text(),
    intro: text().optional(),
    steps: list(card(), "steps", 3, 5),
  }),
  faqs: list(group({ question: text(), answer: text() }), "FAQs", 4, Infinity),
  /** Closing banner; the page adds the phone button. */
  cta: group({ heading: text(), text: text() }),
});

/** A service page: the front matter plus `slug` (the file name) and `body` (the Markdown intro, unrendered). */
export type Service = z.infer<typeof serviceSchema> & { slug: string; body: string };

/**
 * Loads every service in `dir` (usually content/services), sorted by `order`; throws one ContentError listing every problem.
 * `root`: the content folder the files must resolve inside (default: the parent of `dir`).
 */
export async function loadServices(dir: string, root?: string): Promise<Service[]> {
  const { files, problems } = await readMarkdownDir(dir, undefined, root);
  const loaded: { file: string; service: Service }[] = [];

  for (const { file, slug, data, body } of files) {
    const result = serviceSchema.safeParse(data);
    if (!result.success) problems.push(...problemsFromZod(file, result.error));
    if (body === "") {
      problems.push({ file, field: "(body)", problem: "the intro is empty: write 2-3 paragraphs of Markdown below the front matter" });
    }
    if (result.success) loaded.push({ file, service: { ...result.data, slug, body } });
  }

  problems.push(
    ...duplicateProblems(loaded, "order", ({ service }) => service.order),
    ...duplicateProblems(loaded, "title", ({ service }) => service.title),
    ...duplicateProblems(loaded, "serviceType", ({ service }) => service.serviceType),
  );
  if (problems.length > 0) throw new ContentError(problems);

  return loaded.map(({ service }) => service).sort((a, b) => a.order - b.order);
}

/**
 * The contact form's choices as the services in `contentDir` name them, for the
 * function's emails and the owner's terminal, which read content as it is now.
 * A content mistake must not hold up a message: then there are no choices and each
 * value stands for itself (serviceLabel); the build and `npm start` report the mistake.
 */
export async function loadServiceChoices(contentDir: string): Promise<{ choices: ServiceChoice[]; problem?: unknown }> {
  try {
    return { choices: serviceChoices(await loadServices(join(contentDir, "services"), contentDir)) };
  } catch (problem) {
    return { choices: [], problem };
  }
}

/**
 * loadServiceChoices for a process that asks again and again (the contact function names
 * the service in every email): the files are read again only when one in content/services
 * was saved, added or removed since the last read. Reading and parsing the six services
 * for each email was a tenth of the function's CPU while it mailed a backlog.
 */
export function serviceChoicesReader(contentDir: string): () => Promise<{ choices: ServiceChoice[]; problem?: unknown }> {
  const dir = join(contentDir, "services");
  let last: { stamp: string; loaded: Promise<{ choices: ServiceChoice[]; problem?: unknown }> } | undefined;
  return () => {
    // Taken before reading: a save during the read gives the next call a new stamp.
    const stamp = folderStamp(dir);
    if (last?.stamp !== stamp || stamp === "") last = { stamp, loaded: loadServiceChoices(contentDir) };
    return last.loaded;
  };
}
