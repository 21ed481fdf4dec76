import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from "react-router-dom";
import { renderDocument, type AssetManifest, type PageAssets } from "./app/document";
import { renderHead, type Head } from "./app/head";
import { createServerRoutes, loadPageModules } from "./app/server-routes";
import type { SiteContent } from "./content/site-content";
import { notFoundPath, routeTable } from "./routes";
import { themeColor } from "./styles/theme.css";

// The build (and its worker threads) and the servers import this one bundle.
export { loadPageContent, loadSite } from "./content/load-content";
export { parsePost, selectPublished, checkUniqueSlugs, toPostJson } from "./content/posts";
export { ContentError, formatProblem, isContentError } from "./content/content-error";
export { dataUrl } from "./app/page-module";
export { routeTable, notFoundPath } from "./routes";
export type { AssetManifest } from "./app/document";

export interface RenderedPage {
  status: number;
  html: string;
  /** The route table entry's page name, e.g. "town-page" (for the build's summary). */
  page: string;
  /** The page's own loader data, written to /_data/<path>.json for client navigation. */
  data: unknown;
  rootData: unknown;
  head: Head;
}

export type Renderer = Awaited<ReturnType<typeof createRenderer>>;

/** Everything done once per build: page modules, routes, the static handler. Then render(url) per page. */
export async function createRenderer(content: SiteContent, assets: AssetManifest) {
  const modules = await loadPageModules();
  const routes = createServerRoutes(modules, content);
  const handler = createStaticHandler(routes);

  async function listPaths(): Promise<string[]> {
    const paths: string[] = [];
    for (const r of routeTable) {
      if (r.path === "*") continue;
      const mod = modules.get(r.page);
      if (!r.path.includes(":")) {
        paths.push(r.path);
        continue;
      }
      if (!mod?.paths) throw new Error(`src/pages/${r.page}.tsx: route ${r.path} is dynamic and must export paths()`);
      for (const p of mod.paths(content)) {
        if (!matchPath(r.path, p)) throw new Error(`src/pages/${r.page}.tsx: paths() gave "${p}", which does not match ${r.path}`);
        paths.push(p);
      }
    }
    return paths;
  }

  async function render(pathname: string): Promise<RenderedPage> {
    const context = await handler.query(new Request(new URL(pathname, content.site.url)));
    if (context instanceof Response) throw new Error(`${pathname}: unexpected redirect or response`);
    const leaf = context.matches[context.matches.length - 1];
    if (!leaf) throw new Error(`${pathname}: no route matched`);
    const page = leaf.route.id;
    const mod = modules.get(page);
    if (!mod) throw new Error(`${pathname}: no page module for route ${page}`);
    const status = context.statusCode;
    if (context.errors) throw new Error(`${pathname}: ${status} while loading data`);
    const data = context.loaderData[page];
    const rootData = context.loaderData.root;
    const head = mod.head(data, { site: content.site });
    const router = createStaticRouter(handler.dataRoutes, context);
    const appHtml = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
    const notFound = pathname === notFoundPath;
    const html = renderDocument({
      headHtml: renderHead(notFound ? { ...head, noindex: true } : head, content.site),
      appHtml,
      routerData: { loaderData: context.loaderData },
      assets: pageAssets(assets, page),
      notFound,
      themeColor,
      liveReload: content.mode === "development",
    });
    return { status: notFound ? 404 : status, html, page, data, rootData, head };
  }

  return { listPaths, render };
}

function pageAssets(assets: AssetManifest, page: string): PageAssets {
  return { css: assets.css, entry: assets.entry, preload: assets.pages[page] ?? [] };
}
