import type { ComponentType } from "react";
import type { Params } from "react-router";
import type { SiteContent } from "../content/site-content";
import type { Head, HeadContext } from "./head";

export interface LoadArgs {
  params: Params;
  content: SiteContent;
}

/**
 * What every file in src/pages/ exports. `load` runs only at build time (and in
 * the servers that render a refused form) with the whole content; its result is
 * `head`'s first argument and `Component`'s `data` prop. Pages are rendered to HTML
 * only: the browser gets no page code, only the islands a page holds
 * (src/app/island.tsx). Returning null means "no such page".
 */
export interface PageModule<Data = unknown> {
  load: (args: LoadArgs) => Data | null;
  /** Dynamic routes list their concrete paths; the build asks for nothing else. */
  paths?: (content: SiteContent) => string[];
  head: (data: Data, ctx: HeadContext) => Head;
  Component: ComponentType<{ data: Data }>;
}
