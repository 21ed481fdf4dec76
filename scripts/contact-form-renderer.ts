// The real contact and reviews pages for invalid form posts made without JavaScript.
// The servers (scripts/start.ts, scripts/dev.ts, tests/global-setup.ts) make them after
// each build and give them to createContactFunction (formPages); the contact and reviews
// apps call them, and answer with a plain page when there are none or they fail.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { serverDirName, type BuildResult } from "../build/run-build";
import type { FormPages } from "../functions/contact/app";

/**
 * The form pages of the build in `distDir`, from the content and assets that build
 * rendered with (`runBuild`'s `rendered`): no file is read back, so there is nothing
 * to check against a second copy of the content's schema. Rendering is synchronous,
 * as the functions expect. `reload`: the dev server rebuilds under the same file name.
 */
export async function createFormPages(distDir: string, rendered: BuildResult["rendered"], opts: { reload?: boolean } = {}): Promise<FormPages> {
  // The bundle, not src/ under tsx: the same code (and CSS class names) that rendered the built pages.
  const server: typeof import("../src/entry-server") = await import(
    // A new query string makes Node load the new bundle.
    pathToFileURL(join(distDir, serverDirName, "entry-server.mjs")).href + (opts.reload ? `?build=${Date.now()}` : "")
  );
  const renderer = await server.createRenderer(rendered.content, rendered.assets);
  return {
    contact: (values, errors) => renderer.renderContactWithErrors(values, errors),
    reviews: (values, errors) => renderer.renderReviewsWithErrors(values, errors),
  };
}
