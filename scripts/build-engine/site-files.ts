import { escapeHtml } from "../../src/format/escape-html";
import type { Redirect } from "../../src/content/redirects";
import type { Site } from "../../src/content/site";
import { deskBase } from "../../src/desk/desk-routes";
import { httpsOnlyHeaders, securityHeaders } from "../../functions/http/security-headers";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** What a rendered page reports for the sitemap (from its head: noindex, lastModified). */
export interface ListedPage extends SitemapEntry {
  indexable: boolean;
}

/**
 * The sitemap's entries: every page that reports itself indexable, in the order
 * the route table listed them (`order`; pages come back from the workers in any
 * order, and the same site must give the same bytes).
 */
export function sitemapEntries(order: readonly { path: string }[], pages: readonly ListedPage[]): SitemapEntry[] {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  return order.flatMap(({ path }) => {
    const page = byPath.get(path);
    return page?.indexable ? [{ path, ...(page.lastmod ? { lastmod: page.lastmod } : {}) }] : [];
  });
}

/** sitemap.xml: every indexable page with its absolute URL. */
export function sitemapXml(site: Site, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${escapeHtml(site.url + (e.path === "/" ? "/" : e.path))}</loc>`;
    return `<url>${loc}${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Everything may be crawled but the owner's desk (src/desk/desk-routes.ts), which no page links to and every answer of says noindex. */
export const robotsTxt = (site: Site): string => `User-agent: *\nAllow: /\nDisallow: ${deskBase}\n\nSitemap: ${site.url}/sitemap.xml\n`;

/** What the two files below are called in dist/; scripts/static-site.ts answers them with the 404 page. */
export const hostConfigFiles = ["/_headers", "/_redirects"];

/**
 * Static-host config (Netlify and Cloudflare Pages read both files): the blog API
 * answers at /api/blog and /api/blog/{slug} like `npm start` does, hashed assets
 * are cached for a year, pages are revalidated, and every answer carries the
 * security headers `npm start` sends (one source: functions/http/security-headers.ts;
 * static hosts serve HTTPS, so Strict-Transport-Security too). The contact function
 * is a Node process of its own: see README "Deploying".
 */
export const headersFile = (): string =>
  [
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "/api/*",
    "  Cache-Control: no-cache",
    "  Content-Type: application/json; charset=utf-8",
    "/*",
    ...Object.entries({ ...securityHeaders, ...httpsOnlyHeaders }).map(([name, value]) => `  ${name}: ${value}`),
    "",
  ].join("\n");

/** Static-host config: the blog API's addresses, and every old address (content/redirects.json) moved for good. */
export const redirectsFile = (redirects: readonly Redirect[] = []): string =>
  [
    "/api/blog /api/blog.json 200",
    "/api/blog/:slug /api/blog/:slug.json 200",
    "/.server/* /404.html 404",
    ...redirects.map((r) => `${r.from} ${r.to} ${MOVED}`),
    "",
  ].join("\n");

/** The status of an old address in dist/_redirects, as `npm start` answers it too (scripts/static-site.ts). */
export const MOVED = 301;

/**
 * The page at an old address (dist/blog/old-name/index.html): a host that reads no _redirects
 * (nginx in deploy/nginx, any plain file server) serves it, and it sends the visitor on at once;
 * search engines take an immediate refresh as a permanent move, and its canonical link says where.
 */
export function redirectPage(site: Site, redirect: Redirect): [file: string, html: string] {
  const to = escapeHtml(redirect.to);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Moved | ${escapeHtml(site.name)}</title><meta name="robots" content="noindex">` +
    `<link rel="canonical" href="${escapeHtml(site.url + redirect.to)}"><meta http-equiv="refresh" content="0; url=${to}">` +
    `</head><body><p>This page has moved to <a href="${to}">${escapeHtml(site.url + redirect.to)}</a>.</p></body></html>\n`;
  return [`${redirect.from.replace(/^\/+|\/+$/g, "")}/index.html`, html];
}

/** The moved addresses of a dist/_redirects file, old to new. */
export function movedAddresses(file: string): Map<string, string> {
  const moved = new Map<string, string>();
  for (const line of file.split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (from && to && status === String(MOVED)) moved.set(from, to);
  }
  return moved;
}
