import type { RouteObject } from "react-router-dom";
import { routePlacement, routeTable, type LeafRoute } from "../routes";
import type { PageModule } from "./page-module";
import { rootRouteId } from "./root-data";
import { RootLayout } from "./root-layout";

/** One page module; esbuild bundles every file in src/pages/ for this template import. */
async function importPage(page: string): Promise<PageModule> {
  const mod: unknown = await import(`../pages/${page}.tsx`);
  return checkPageModule(mod, page);
}

function checkPageModule(mod: unknown, page: string): PageModule {
  if (
    typeof mod === "object" &&
    mod !== null &&
    "load" in mod &&
    typeof mod.load === "function" &&
    "head" in mod &&
    typeof mod.head === "function" &&
    "Component" in mod &&
    typeof mod.Component === "function"
  ) {
    // The checks above are what PageModule requires at run time; the rest is optional.
    return mod as PageModule;
  }
  throw new Error(`src/pages/${page}.tsx must export load, head and Component (see src/app/page-module.ts)`);
}

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
      handle: { head: mod.head },
    };
    return { ...route, ...routePlacement(r) };
  });
  return [{ id: rootRouteId, path: "/", Component: RootLayout, children }];
}
