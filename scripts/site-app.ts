import compression from "compression";
import express from "express";
import { createBlogApi } from "../functions/blog/app";
import { staticSite } from "./static-site";

export interface SiteAppOptions {
  distDir: string;
  /** The contact function's app (functions/contact/app.ts), mounted before the static files. */
  contact?: express.Express;
  /** Extra handlers mounted first (the dev server's reload stream). */
  before?: express.RequestHandler[];
}

/** One process for the whole site: functions, blog API and the built pages. */
export function createSiteApp(opts: SiteAppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Before compression, which would buffer an event stream.
  for (const handler of opts.before ?? []) app.use(handler);
  app.use(compression());
  if (opts.contact) app.use(opts.contact);
  app.use(createBlogApi(opts.distDir));
  app.use(staticSite(opts.distDir));
  return app;
}
