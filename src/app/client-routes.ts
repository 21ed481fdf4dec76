import type { LoaderFunctionArgs, RouteObject } from "react-router-dom";
import type { LeafRoute } from "../routes";
import { importPage, routePlacement, routeTable } from "../routes";
import { dataUrl, type PageModule } from "./page-module";
import { rootRouteId } from "./root-data";
import { PageErrorBoundary, RootErrorBoundary, RootLayout } from "./root-layout";

/**
 * Fetches a page's data as written by the build. Any non-success answer becomes
 * a route error (404 shows the not-found page), per the spec's "status: text" rule.
 */
async function fetchPageData(url: string, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, credentials: "include", headers: { accept: "application/json" } });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Response(`${res.status}: ${text}`, { status: res.status, statusText: res.statusText });
  }
  return res.json();
}

function clientLoader(mod: PageModule) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const { pathname } = new URL(request.url);
    const url = mod.clientDataUrl ? mod.clientDataUrl(params, pathname) : dataUrl(pathname);
    return fetchPageData(url, request.signal);
  };
}

const EmptyFallback = () => null;

/** The same route table for the browser: pages load lazily, data comes from /_data JSON. */
export function createClientRoutes(): RouteObject[] {
  const children = routeTable.map((r): RouteObject => {
    const route: LeafRoute = {
      id: r.page,
      lazy: async () => {
        const mod = await importPage(r.page);
        return {
          Component: mod.Component,
          ErrorBoundary: mod.ErrorBoundary ?? PageErrorBoundary,
          HydrateFallback: mod.HydrateFallback ?? EmptyFallback,
          loader: clientLoader(mod),
          handle: { head: mod.head },
        };
      },
    };
    return { ...route, ...routePlacement(r) };
  });
  return [
    {
      id: rootRouteId,
      path: "/",
      // Root data (site facts, menus) is in every page's hydration data and never changes during a visit.
      loader: ({ request }) => fetchPageData("/_data/_root.json", request.signal),
      shouldRevalidate: () => false,
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children,
    },
  ];
}
