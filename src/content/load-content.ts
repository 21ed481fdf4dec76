import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { ContentError, parseContent, type ContentProblem } from "./content-error";
import { loadHome } from "./home";
import { loadLocations } from "./locations";
import { renderMarkdown } from "./markdown";
import { loadServices } from "./services";
import { siteSchema } from "./site";

/** Reads and validates content/site.json; SITE_URL, when set, replaces its `url` (previews, staging). */
export async function loadSite(contentDir: string, env: { SITE_URL?: string } = process.env) {
  const file = join(contentDir, "site.json");
  const shown = relative(process.cwd(), file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (err) {
    throw new ContentError([{ file: shown, field: "(file)", problem: `could not be read as JSON: ${errorText(err)}` }]);
  }
  const withUrl = env.SITE_URL && raw && typeof raw === "object" ? { ...raw, url: env.SITE_URL } : raw;
  return parseContent(siteSchema, withUrl, env.SITE_URL ? `${shown} (url from SITE_URL)` : shown);
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Everything but the site facts and the blog posts (which the build parses in worker threads).
 * Problems from every file are reported together, so the owner fixes them in one go.
 */
export async function loadPageContent(contentDir: string) {
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
  const [home, services, locations] = await Promise.all([
    settle(loadHome(contentDir)),
    settle(loadServices(join(contentDir, "services"))),
    settle(loadLocations(join(contentDir, "locations"))),
  ]);
  if (problems.length > 0 || !home || !services || !locations) throw new ContentError(problems);
  return { home, services: services.map((s) => ({ ...s, bodyHtml: renderMarkdown(s.body) })), locations };
}
