import { join, relative, sep } from "node:path";
import type { ContentProblem } from "../../src/content/content-error";
import { apiPath } from "../../src/routes";

// Links from one page of the site to another that does not exist ([see](/services/nope)
// in a post or service). A warning by default, a build error with --strict (CI builds
// strict: .github/workflows/build.yml). The known addresses are the pages the route
// table lists (src/routes.ts, asked by the build) plus the files written beside them.

/** Files and endpoints the build or the servers answer that are not pages (scripts/build-engine/run-build.ts siteFiles, functions/). */
const FIXED = ["/rss.xml", "/sitemap.xml", "/robots.txt", "/og-image.png", "/_headers", "/_redirects", apiPath.blog, apiPath.contact, apiPath.reviews];
/** Folders whose files are named by the build (hashed assets, photos). */
const GENERATED = ["/assets/"];

export interface LinkSources {
  /** Every parsed post, with the file it came from and its rendered body. */
  posts: readonly { file: string; slug: string; html: string }[];
  services: readonly { slug: string; bodyHtml: string }[];
  contentDir: string;
  /** Every page path the build renders. */
  pages: readonly string[];
  /** Files of content/static/, relative to it (copied to the site's root). */
  staticFiles: readonly string[];
}

const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** The site-relative link targets in rendered HTML: `/x`, not `//host/x`, `https://...`, `#top` or `mailto:`. */
export function siteLinks(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const raw = (match[1] ?? "").replaceAll("&amp;", "&");
    if (!raw.startsWith("/") || raw.startsWith("//")) continue;
    found.add(raw);
  }
  return [...found];
}

// A long-running process keeps its unchanged posts from build to build (scripts/build-engine/build-session.ts):
// their links are found once, not in 12 MB of HTML per build with 4,000 posts.
const linksByPost = new WeakMap<object, string[]>();

function linksOf(post: object, html: string): string[] {
  let links = linksByPost.get(post);
  if (!links) linksByPost.set(post, (links = siteLinks(html)));
  return links;
}

/** One problem per link to an address of this site that the build does not make. */
export function findBrokenLinks(sources: LinkSources): ContentProblem[] {
  const known = new Set([...sources.pages.map(clean), ...FIXED, ...sources.staticFiles.map((f) => `/${f.split(sep).join("/")}`)]);
  for (const post of sources.posts) known.add(`/api/blog/${post.slug}`);
  const exists = (link: string) => {
    let path = link.replace(/[?#].*$/, "");
    try {
      path = decodeURI(path);
    } catch {
      return false;
    }
    path = clean(path);
    return path === "" || known.has(path) || known.has(path.replace(/\.json$/, "")) || GENERATED.some((dir) => path.startsWith(dir));
  };
  const problems: ContentProblem[] = [];
  const check = (file: string, html: string, from?: object) => {
    for (const link of from ? linksOf(from, html) : siteLinks(html)) {
      if (!exists(link)) {
        problems.push({ file, field: "(body)", problem: `the link to ${link} leads to no page of this site: check the address (dist/sitemap.xml lists every page)` });
      }
    }
  };
  for (const post of sources.posts) check(post.file, post.html, post);
  for (const service of sources.services) {
    check(relative(process.cwd(), join(sources.contentDir, "services", `${service.slug}.md`)).split(sep).join("/"), service.bodyHtml);
  }
  return problems;
}
