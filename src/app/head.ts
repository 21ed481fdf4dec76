import { escapeHtml } from "../format/escape-html";
import { HERO_SIZES, pictureParts, type Photo } from "../content/photo";
import type { Site } from "../content/site";

/** What a page puts in <head>; rendered by renderHead at build and applied by useHeadSync after client navigation. */
export interface Head {
  title: string;
  description: string;
  /** Site-relative path of the canonical page, e.g. "/locations/chapin-sc". */
  path: string;
  /** Open Graph type: "website" for most pages, "article" for posts. */
  ogType?: "website" | "article";
  keywords?: string[];
  /** Set on pages search engines should skip (404, thank-you, drafts); the sitemap lists every page without it. */
  noindex?: boolean;
  /** When what the page shows last changed (ISO): the sitemap's <lastmod>. A post's date; /blog, its newest post's; /our-work, its newest job's. */
  lastModified?: string;
  article?: { publishedTime: string; author?: string; section?: string };
  /** The page's own share image (a post's cover), site-relative; default: the site's og-image.png. */
  image?: { path: string; width: number; height: number; alt: string };
  /**
   * The photo that is the page's largest paint (a hero photo): fetched from the head, first, in the
   * size its <picture> will choose (heroPreload).
   */
  preloadImage?: { type: string; srcSet: string; sizes: string };
}

/** The preload of a hero photo as <PageHero> shows it: its AVIF (browsers without it skip the link and use the <picture>), full width. */
export function heroPreload(photo: Photo | undefined): Head["preloadImage"] {
  const avif = photo && pictureParts(photo).sources.find((s) => s.type === "image/avif");
  return avif && avif.srcSet ? { type: avif.type, srcSet: avif.srcSet, sizes: HERO_SIZES } : undefined;
}

export interface HeadContext {
  site: Site;
}

/** Comments around the page's own head tags, so the client can replace exactly those (src/app/use-head-sync.ts). */
export const pageHeadMarker = "page-head";


export const absoluteUrl = (site: Site, path: string): string => site.url + (path === "/" ? "/" : path);

/** The site's own share image, drawn at build time (scripts/build-engine/og-image.ts). */
export const SITE_SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

function shareImageTags(head: Head, site: Site, meta: (attr: "property", key: string, value: string) => string): string[] {
  const image = head.image ?? { ...SITE_SHARE_IMAGE, alt: site.name };
  return [
    meta("property", "og:image", absoluteUrl(site, image.path)),
    meta("property", "og:image:width", String(image.width)),
    meta("property", "og:image:height", String(image.height)),
    meta("property", "og:image:alt", image.alt),
  ];
}

/** The <head> tags for one page: title, description, canonical, Open Graph and Twitter card. */
export function renderHead(head: Head, site: Site): string {
  const url = absoluteUrl(site, head.path);
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    head.keywords?.length ? meta("name", "keywords", head.keywords.join(", ")) : "",
    head.noindex ? meta("name", "robots", "noindex") : "",
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    head.preloadImage
      ? `<link rel="preload" as="image" type="${escapeHtml(head.preloadImage.type)}" imagesrcset="${escapeHtml(head.preloadImage.srcSet)}" imagesizes="${escapeHtml(head.preloadImage.sizes)}" fetchpriority="high">`
      : "",
    meta("property", "og:type", head.ogType ?? "website"),
    meta("property", "og:site_name", site.name),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", url),
    ...shareImageTags(head, site, meta),
    meta("property", "og:locale", "en_US"),
    head.article ? meta("property", "article:published_time", head.article.publishedTime) : "",
    head.article?.author ? meta("property", "article:author", head.article.author) : "",
    head.article?.section ? meta("property", "article:section", head.article.section) : "",
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
  ];
  return tags.filter(Boolean).join("");
}
