// The real contact and reviews pages for invalid form posts made without JavaScript.
// The servers (scripts/start.ts, scripts/dev.ts, tests/global-setup.ts) make them after
// each build and give them to createContactFunction (formPages); the contact and reviews
// apps call them, and answer with a plain page when there are none or they fail.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { textSha } from "./build-engine/text-sha";
import { serverDirName, type BuildResult } from "./build-engine/run-build";
import { serverScript } from "./build-engine/server-scripts";
import type { FormPages } from "../functions/contact/app";

/**
 * The form pages of the build in `distDir`, from the content and assets that build
 * rendered with (`runBuild`'s `rendered`): no file is read back, so there is nothing
 * to check against a second copy of the content's schema. Rendering is synchronous,
 * as the functions expect.
 */
export async function createFormPages(distDir: string, rendered: BuildResult["rendered"]): Promise<FormPages> {
  const entry = serverScript(join(distDir, serverDirName), "entry-server");
  // The bundle, not src/ under tsx: the same code (and CSS class names) that rendered the built pages.
  // Its hash in the query: new code (same file name) is loaded, the same code is not loaded again
  // (a long-running process publishes many builds; each import would stay in memory).
  const server: typeof import("../src/entry-server") = await import(`${pathToFileURL(entry).href}?code=${textSha(await readFile(entry))}`);
  const renderer = await server.createRenderer(rendered.content, rendered.assets);
  return {
    contact: (values, errors) => renderer.renderContactWithErrors(values, errors),
    reviews: (values, errors) => renderer.renderReviewsWithErrors(values, errors),
    booking: (state) => renderer.renderBookingPage(state),
    notice: (title, body, path) => renderer.renderNotice(title, body, path),
  };
}
