import type { RouteObject } from "react-router-dom";
import { importPage, routePlacement, routeTable, type LeafRoute } from "../routes";
import type { PageModule } from "./page-module";
import { rootRouteId } from "./root-data";
import { PageErrorBoundary, RootErrorBoundary, RootLayout } from "./root-layout";

/** Every page module, loaded eagerly: the server bundle has them all inline. */
export async function loadPageModules(): Promise<Map<string, PageModule>> {
  const entries = await Promise.all(routeTable.map(async (r) => [r.page, await importPage(r.page)] as const));
  return new Map(entries);
}

/**
 * The route table as react-router routes for the server render. They carry no
 * loaders: the render fills the loader data itself from each page's load()
 * (see createRenderer in src/entry-server.tsx).
 */
export function createServerRoutes(modules: Map<string, PageModule>): RouteObject[] {
  const children = routeTable.map((r): RouteObject => {
    const mod = modules.get(r.page);
    if (!mod) throw new Error(`page ${r.page} did not load`);
    const route: LeafRoute = {
      id: r.page,
      Component: mod.Component,
      ErrorBoundary: mod.ErrorBoundary ?? PageErrorBoundary,
      handle: { head: mod.head },
    };
    return { ...route, ...routePlacement(r) };
  });
  return [{ id: rootRouteId, path: "/", Component: RootLayout, ErrorBoundary: RootErrorBoundary, children }];
}
