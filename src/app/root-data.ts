import { useRouteLoaderData } from "react-router-dom";
import type { SiteContent } from "../content/site-content";

/** What every page shares (header, footer): loaded once per visit by the root route. */
export function loadRootData(content: SiteContent) {
  return {
    site: content.site,
    year: new Date(content.builtAt).getUTCFullYear(),
    dev: content.mode === "development",
    services: content.services.map((s) => ({ slug: s.slug, title: s.title })),
    locations: content.locations.map((l) => ({ slug: l.slug, name: l.name, primary: l.primary })),
  };
}

export type RootData = ReturnType<typeof loadRootData>;

export const rootRouteId = "root";

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loadRootData>(rootRouteId);
  if (!data) throw new Error("useRootData must be used inside the root route");
  return data;
}
