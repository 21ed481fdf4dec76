import type { RouteObject } from "react-router-dom";
import type { LeafRoute } from "../routes";
import type { SiteContent } from "../content/site-content";
import { importPage, routePlacement, routeTable } from "../routes";
import type { PageModule } from "./page-module";
import { loadRootData, rootRouteId } from "./root-data";
import { PageErrorBoundary, RootErrorBoundary, RootLayout } from "./root-layout";

/** Every page module, loaded eagerly: the server bundle has them all inline. */
export async function loadPageModules(): Promise<Map<string, PageModule>> {
  const entries = await Promise.all(routeTable.map(async (r) => [r.page, await importPage(r.page)] as const));
  return new Map(entries);
}

/** The route table as react-router routes whose loaders read the build's content. */
export function createServerRoutes(modules: Map<string, PageModule>, content: SiteContent): RouteObject[] {
  const children = routeTable.map((r): RouteObject => {
    const mod = modules.get(r.page);
    if (!mod) throw new Error(`page ${r.page} did not load`);
    const route: LeafRoute = {
      id: r.page,
      loader: ({ params }) => {
        const data = mod.load({ params, content });
        if (data === null) throw new Response("Not Found", { status: 404 });
        return data;
      },
      Component: mod.Component,
      ErrorBoundary: mod.ErrorBoundary ?? PageErrorBoundary,
      handle: { head: mod.head },
    };
    return { ...route, ...routePlacement(r) };
  });
  return [
    {
      id: rootRouteId,
      path: "/",
      loader: () => loadRootData(content),
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children,
    },
  ];
}
