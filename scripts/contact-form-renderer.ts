// The real contact page for invalid form posts made without JavaScript. The
// servers (scripts/start.ts, tests/global-setup.ts) pass the result to
// createContactFunction as renderInvalidForm; functions/contact/app.ts calls it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { serverDirName, serverFiles } from "../build/run-build";
import type { RenderInvalidForm } from "../functions/contact/form-pages";
import type { RenderInvalidReviewForm } from "../functions/reviews/review-pages";
import type { AssetManifest } from "../src/app/document";
import { homeSchema } from "../src/content/home";
import { locationSchema } from "../src/content/locations";
import { reviewSchema } from "../src/content/review";
import { serviceSchema } from "../src/content/services";
import type { SiteContent } from "../src/content/site-content";
import { siteSchema } from "../src/content/site";

// The build wrote these files from values it had validated; they are checked
// again here because a server may start on an output folder from another
// version of the code, and a mismatch should fail at start, not on a visitor's post.
const siteContentSchema = z.object({
  site: siteSchema,
  home: homeSchema,
  services: z.array(serviceSchema.extend({ slug: z.string(), body: z.string(), bodyHtml: z.string() })),
  locations: z.array(locationSchema.extend({ slug: z.string() })),
  reviews: z.array(reviewSchema),
  // The build leaves posts out of this file (see writeJson in build/run-build.ts).
  posts: z.array(z.never()).max(0),
  builtAt: z.string(),
  mode: z.enum(["production", "development"]),
}) satisfies z.ZodType<SiteContent>;

const assetManifestSchema = z.object({
  css: z.array(z.string()),
  site: z.object({ entry: z.string(), preload: z.array(z.string()) }),
  islands: z.record(z.string(), z.array(z.string())),
}) satisfies z.ZodType<AssetManifest>;

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const result = schema.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!result.success) {
    throw new Error(`${file} does not match this version of the code; run the build again.\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/**
 * Loads the server bundle of the build in `distDir` (its .server/ folder) with
 * the content and assets that build used, and returns the contact function's
 * renderInvalidForm: the contact page rendered with the visitor's values and
 * the messages. Rendering is synchronous, as the function expects.
 */
export async function createContactFormRenderer(distDir: string, opts: { reload?: boolean } = {}): Promise<RenderInvalidForm> {
  const renderer = await loadRenderer(distDir, opts);
  return (values, errors) => renderer.renderContactWithErrors(values, errors);
}

/** The same for reviews: /reviews with the visitor's review and the messages (functions/reviews/app.ts). */
export async function createReviewFormRenderer(distDir: string, opts: { reload?: boolean } = {}): Promise<RenderInvalidReviewForm> {
  const renderer = await loadRenderer(distDir, opts);
  return (values, errors) => renderer.renderReviewsWithErrors(values, errors);
}

/** Both, from one load of the bundle (the dev server reloads it after every rebuild). */
export async function createFormRenderers(distDir: string, opts: { reload?: boolean } = {}): Promise<{ contact: RenderInvalidForm; reviews: RenderInvalidReviewForm }> {
  const renderer = await loadRenderer(distDir, opts);
  return {
    contact: (values, errors) => renderer.renderContactWithErrors(values, errors),
    reviews: (values, errors) => renderer.renderReviewsWithErrors(values, errors),
  };
}

async function loadRenderer(distDir: string, opts: { reload?: boolean }) {
  const serverDir = join(distDir, serverDirName);
  const [content, assets] = await Promise.all([
    readJson(join(serverDir, serverFiles.content), siteContentSchema),
    readJson(join(serverDir, serverFiles.assets), assetManifestSchema),
  ]);
  // The bundle, not src/ under tsx: the same code (and CSS class names) that rendered the built pages.
  const server: typeof import("../src/entry-server") = await import(
    // The dev server rebuilds under the same file name; a new query string makes Node load the new bundle.
    pathToFileURL(join(serverDir, "entry-server.mjs")).href + (opts.reload ? `?build=${Date.now()}` : "")
  );
  return server.createRenderer(content, assets);
}
