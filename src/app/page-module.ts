import type { ComponentType } from "react";
import type { Params } from "react-router-dom";
import type { SiteContent } from "../content/site-content";
import type { Head, HeadContext } from "./head";

export interface LoadArgs {
  params: Params;
  content: SiteContent;
}

/**
 * What every file in src/pages/ exports. `load` runs only at build time (and in
 * the dev server) with the whole content; its result must be plain JSON, since it
 * is embedded in the page for hydration and written to /_data/<path>.json for
 * client navigation. Returning null means "no such page" (404).
 */
export interface PageModule<Data = unknown> {
  load: (args: LoadArgs) => Data | null;
  /** Dynamic routes list their concrete paths; the build asks for nothing else. */
  paths?: (content: SiteContent) => string[];
  head: (data: Data, ctx: HeadContext) => Head;
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
  /** Shown while the page's data loads on a first render without prerendered HTML (404.html served for this URL). */
  HydrateFallback?: ComponentType;
  /** Overrides the default client loader (which fetches /_data/<path>.json). */
  clientDataUrl?: (params: Params, pathname: string) => string;
}

/** Where the client finds a page's data after navigation; see build.ts writeData. */
export function dataUrl(pathname: string): string {
  const clean = pathname.replace(/\/+$/, "");
  return `/_data${clean === "" ? "/index" : clean}.json`;
}
