import { join, relative, sep } from "node:path";
import { ContentError, parseContent, type ContentProblem } from "./content-error";
import { readContentFile } from "./content-file";
import { parseJsonFile } from "./json-file";
import { loadHome } from "./home";
import { loadLocations } from "./locations";
import { loadApprovedReviews } from "./load-reviews";
import { renderMarkdown } from "./markdown";
import { loadServices } from "./services";
import { siteSchema } from "./site";

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
 * `file` takes longer than FILE_PARSE_LIMIT_MS (build/render-worker.ts); the default just runs it.
 */
export type TimedParse = <T>(file: string, parse: () => T) => T;

const untimed: TimedParse = (_file, parse) => parse();

/**
 * Everything but the site facts and the blog posts (which the build parses in worker threads).
 * Problems from every file are reported together, so the owner fixes them in one go.
 * Front matter and JSON are bounded by the file size limit; the Markdown of a service is
 * parsed under `timed`, since its parser can take minutes on a file well under that limit.
 */
export async function loadPageContent(contentDir: string, timed: TimedParse = untimed) {
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
    settle(loadApprovedReviews(contentDir)),
  ]);
  if (problems.length > 0 || !home || !services || !locations || !reviews) throw new ContentError(problems);
  const rendered = services.map((s) => {
    const file = relative(process.cwd(), join(contentDir, "services", `${s.slug}.md`)).split(sep).join("/");
    return { ...s, bodyHtml: timed(file, () => renderMarkdown(s.body)) };
  });
  return { home, services: rendered, locations, reviews };
}
