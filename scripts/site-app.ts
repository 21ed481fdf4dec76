import compression from "compression";
import express from "express";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createBlogApi } from "../functions/blog/app";
import { finalErrorHandler, rejectMalformedUrl } from "../functions/http/final-error-handler";
import type { TrustProxy } from "../functions/http/trust-proxy";
import { refuseUnreadableBodies } from "../functions/http/request-body";
import { sendSecurityHeaders } from "../functions/http/security-headers";
import { staticSite } from "./static-site";
import { apiPath } from "../src/routes";

export interface SiteAppOptions {
  distDir: string;
  /** The contact function's app (functions/contact/app.ts), mounted before the static files. */
  contact?: express.Express;
  /** Extra handlers mounted first (the dev server's reload stream). */
  before?: express.RequestHandler[];
  /** TRUST_PROXY, parsed (functions/http/trust-proxy.ts): whether X-Forwarded-* may be believed. */
  trustProxy?: TrustProxy;
}

/** One process for the whole site: functions, blog API and the built pages. */
export function createSiteApp(opts: SiteAppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", opts.trustProxy ?? false);
  // First, so every answer has them, errors and the dev server's own files included.
  app.use(sendSecurityHeaders());
  app.use(rejectMalformedUrl);
  // Before any body is read: none is inflated, each has a declared length (functions/http/request-body.ts).
  app.use(refuseUnreadableBodies);
  // Before compression, which would buffer an event stream.
  for (const handler of opts.before ?? []) app.use(handler);
  app.use(compression());
  if (opts.contact) app.use(opts.contact);
  // The pages served without their functions count no visits, and say so as the visit function
  // says it of a beacon it does not count: 204. A 404 would show in every visitor's console.
  else app.post(apiPath.event, (_req, res) => void res.status(204).end());
  app.use(createBlogApi(opts.distDir));
  app.use(staticSite(opts.distDir));
  // 4xx answers show the site's own 404 page (read per error: it changes with every build).
  app.use(finalErrorHandler({ htmlPage: (status) => (status < 500 ? readPage(join(opts.distDir, "404.html")) : undefined) }));
  return app;
}

function readPage(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
