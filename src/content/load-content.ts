import { join, relative, sep } from "node:path";
import { ContentError, parseContent, type ContentProblem } from "./content-error";
import { readContentFile } from "./content-file";
import { parseJsonFile } from "./json-file";
import { loadHome } from "./home";
import { loadJobs } from "./jobs";
import { loadLocations } from "./locations";
import { loadApprovedReviews } from "./load-reviews";
import { renderMarkdownWithSummary } from "./markdown";
import { namedPhoto } from "./named-photo";
import type { Photo } from "./photo";
import type { Review } from "./review";
import { loadServices } from "./services";
import { loadEstimateVisits } from "./estimate-visits";
import { siteSchema } from "./site";
import type { ContentReaders } from "./content-pipeline";
import { readPostFiles } from "./post-list";
import { parsePost } from "./posts";

/** Reads and validates content/site.json; SITE_URL, when set, replaces its `url` (previews, staging). */
export async function loadSite(contentDir: string, env: { SITE_URL?: string } = process.env) {
  const file = join(contentDir, "site.json");
  const shown = relative(process.cwd(), file);
  const source = await readContentFile(contentDir, file, shown);
  const raw = parseJsonFile(shown, source);
  const withUrl = env.SITE_URL && raw && typeof raw === "object" ? { ...raw, url: env.SITE_URL } : raw;
  return parseContent(siteSchema, withUrl, env.SITE_URL ? `${shown} (url from SITE_URL)` : shown);
}

/**
 * Runs the parse of one file. The build's workers pass one that ends the worker when
 * `file` takes longer than FILE_PARSE_LIMIT_MS (scripts/build-engine/render-worker.ts); the default just runs it.
 */
export type TimedParse = <T>(file: string, parse: () => T) => T;

const untimed: TimedParse = (_file, parse) => parse();

/**
 * Everything but the site facts and the blog posts (which the build parses in worker threads):
 * home, services, towns, reviews and the jobs of "Our work".
 * Problems from every file are reported together, so the owner fixes them in one go.
 * Front matter and JSON are bounded by the file size limit; the Markdown of a service is
 * parsed under `timed`, since its parser can take minutes on a file well under that limit.
 */
export async function loadPageContent(
  contentDir: string,
  timed: TimedParse = untimed,
  photos: Readonly<Record<string, Photo>> = {},
  /** The servers' store's approved reviews, when it has held any (load-reviews.ts). */
  liveReviews?: readonly Review[],
) {
  const problems: ContentProblem[] = [];
  const settle = async <T,>(p: Promise<T>): Promise<T | undefined> => {
    try {
      return await p;
    } catch (err) {
      if (err instanceof ContentError) problems.push(...err.problems);
      else throw err;
      return undefined;
    }
  };
  const [home, services, locations, reviews] = await Promise.all([
    settle(loadHome(contentDir)),
    settle(loadServices(join(contentDir, "services"), contentDir)),
    settle(loadLocations(join(contentDir, "locations"), contentDir)),
    settle(loadApprovedReviews(contentDir, liveReviews)),
  ]);
  if (problems.length > 0 || !home || !services || !locations || !reviews) throw new ContentError(problems);
  // The estimate visits offered name towns of content/locations, so they are read after them.
  const estimateVisits = await settle(loadEstimateVisits(contentDir, locations.map((l) => l.slug)));
  const shown = (...parts: string[]) => relative(process.cwd(), join(contentDir, ...parts)).split(sep).join("/");
  // Hero photos (scripts/build-engine/photos.ts processed them), each beside the file naming it.
  const hero = (file: string, src: string | undefined, alt: string | undefined, field: string) =>
    namedPhoto({ file, field, altField: `${field}Alt`, src, alt, photos, problems });
  const rendered = services.map((s) => {
    const file = shown("services", `${s.slug}.md`);
    const body = timed(file, () => renderMarkdownWithSummary(s.body, { file, photos }));
    problems.push(...body.problems);
    return { ...s, bodyHtml: body.html, heroPhoto: hero(file, s.heroImage, s.heroImageAlt, "heroImage") };
  });
  const towns = locations.map((l) => ({ ...l, heroPhoto: hero(shown("locations", `${l.slug}.md`), l.heroImage, l.heroImageAlt, "heroImage") }));
  const homePhoto = hero(shown("home.json"), home.hero.image, home.hero.imageAlt, "hero.image");
  // A job names its town and service: read once both lists are known.
  const jobs = await settle(loadJobs(contentDir, { towns: locations, services }, photos, timed));
  if (problems.length > 0 || !jobs) throw new ContentError(problems);
  return { home: { ...home, hero: { ...home.hero, photo: homePhoto } }, services: rendered, locations: towns, reviews, jobs, ...(estimateVisits ? { estimateVisits } : {}) };
}

/**
 * The content readers (src/content/content-pipeline.ts) that do everything in this
 * thread, one file after another: what tests and small tools use. The build runs
 * the same functions in worker threads (scripts/build-engine/content-readers.ts).
 */
export function inThisThread(
  opts: { photos?: Readonly<Record<string, Photo>>; env?: { SITE_URL?: string }; reviews?: readonly Review[] } = {},
): ContentReaders {
  const photos = opts.photos ?? {};
  return {
    site: (contentDir) => loadSite(contentDir, opts.env),
    pages: (contentDir) => loadPageContent(contentDir, untimed, photos, opts.reviews),
    posts: async (contentDir, files, site) => {
      const { results, problems } = readPostFiles(contentDir, files, (file, text) => parsePost(file.shown, text, site, photos));
      return { posts: results, problems };
    },
  };
}
