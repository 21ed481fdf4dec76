import type { DataRouteObject } from "react-router";
import { routePlacement, routeTable } from "../routes";
import type { PageModule } from "./page-module";

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
 * The route table as react-router routes, for matching a path to its page
 * (src/app/page-matcher.ts). Rendering does not go through react-router: the
 * renderer puts the page's Component, with its data, into the root layout
 * (src/entry-server.tsx).
 */
export function routesToMatch(): DataRouteObject[] {
  return [{ id: "root", path: "/", children: routeTable.map((r): DataRouteObject => ({ id: r.page, ...routePlacement(r) })) }];
}
