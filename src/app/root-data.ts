import { createContext, useContext } from "react";
import type { SiteContent } from "../content/site-content";

/** What every page shares (header, footer): made once per build by the renderer (src/entry-server.tsx). */
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

/** The page being rendered, as every part of it may read it (src/entry-server.tsx provides it). */
export interface PageFrame {
  root: RootData;
  /** The page's path: the header marks the section it is in. */
  pathname: string;
}

export const PageFrameContext = createContext<PageFrame | null>(null);

function usePageFrame(): PageFrame {
  const frame = useContext(PageFrameContext);
  if (!frame) throw new Error("a page part rendered outside PageFrameContext (src/entry-server.tsx provides it)");
  return frame;
}

export const useRootData = (): RootData => usePageFrame().root;
export const usePathname = (): string => usePageFrame().pathname;
