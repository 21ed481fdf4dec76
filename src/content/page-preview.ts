import { ContentError, problemsFromZod } from "./content-error";
import { homeSchema } from "./home";
import { locationSchema } from "./locations";
import { renderMarkdownWithSummary } from "./markdown";
import type { Cover, Photo } from "./photo";
import { serviceSchema } from "./services";
import type { SiteContent } from "./site-content";
import { pathTo } from "../routes";

/** One of the site's own pages as the desk's form has it, not saved (the desk server's pages/site-pages.ts). */
export interface EditedPage {
  kind: "service" | "town" | "home";
  slug: string;
  /** The file's name as the build prints it in a problem: content/services/tree-removal.md. */
  file: string;
  /** The file's data with the form's values in. */
  data: Record<string, unknown>;
  /** A service's Markdown intro. */
  body: string;
  /**
   * A hero photo added in the form and not saved yet, as the site's photo pipeline made it (its
   * files where the desk serves them); `data` names it where Save will put it.
   */
  heroPhoto?: Photo;
}

/**
 * The hero photo a page shows with the form's values: the form's new photo, else the built one
 * while the page names the same file; none when it names none. Its description as typed.
 */
function heroCover(edit: EditedPage, image: string | undefined, alt: string | undefined, built: { image: string | undefined; cover: Cover | undefined }): Cover | undefined {
  if (image === undefined) return undefined;
  const photo = edit.heroPhoto ?? (image === built.image ? built.cover?.photo : undefined);
  return photo ? { photo, alt: alt?.trim() ?? "" } : undefined;
}

/**
 * The site's content with one page as the desk's form has it, parsed by the build's own schemas
 * and Markdown (src/content/load-content.ts does the same for the saved files), and the address
 * of that page. The hero photo is the form's new one (`heroPhoto`), else the built one while the
 * page names the same file (heroCover). Throws a ContentError in the build's words.
 */
export function withEditedPage(content: SiteContent, edit: EditedPage): { content: SiteContent; path: string } {
  if (edit.kind === "home") {
    const parsed = homeSchema.safeParse(edit.data);
    if (!parsed.success) throw new ContentError(problemsFromZod(edit.file, parsed.error));
    const home = parsed.data;
    const photo = heroCover(edit, home.hero.image, home.hero.imageAlt, { image: content.home.hero.image, cover: content.home.hero.photo });
    return { content: { ...content, home: { ...home, hero: { ...home.hero, ...(photo ? { photo } : {}) } } }, path: pathTo.home };
  }
  if (edit.kind === "service") {
    const parsed = serviceSchema.safeParse(edit.data);
    if (!parsed.success) throw new ContentError(problemsFromZod(edit.file, parsed.error));
    const saved = content.services.find((s) => s.slug === edit.slug);
    const rendered = renderMarkdownWithSummary(edit.body, { file: edit.file });
    if (rendered.problems.length > 0) throw new ContentError(rendered.problems);
    const heroPhoto = heroCover(edit, parsed.data.heroImage, parsed.data.heroImageAlt, { image: saved?.heroImage, cover: saved?.heroPhoto });
    const service = { ...parsed.data, slug: edit.slug, body: edit.body, bodyHtml: rendered.html, ...(heroPhoto ? { heroPhoto } : {}) };
    const services = content.services.filter((s) => s.slug !== edit.slug).concat(service).sort((a, b) => a.order - b.order);
    return { content: { ...content, services }, path: pathTo.service(edit.slug) };
  }
  const parsed = locationSchema.safeParse(edit.data);
  if (!parsed.success) throw new ContentError(problemsFromZod(edit.file, parsed.error));
  const saved = content.locations.find((l) => l.slug === edit.slug);
  const heroPhoto = heroCover(edit, parsed.data.heroImage, parsed.data.heroImageAlt, { image: saved?.heroImage, cover: saved?.heroPhoto });
  const town = { ...parsed.data, slug: edit.slug, ...(heroPhoto ? { heroPhoto } : {}) };
  const locations = content.locations.filter((l) => l.slug !== edit.slug).concat(town).sort((a, b) => a.order - b.order);
  return { content: { ...content, locations }, path: pathTo.town(edit.slug) };
}
