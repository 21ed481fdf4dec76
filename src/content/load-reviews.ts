import { stat } from "node:fs/promises";
import { join, relative } from "node:path";
import * as z from "zod";
import { ContentError, parseContent } from "./content-error";
import { readContentFile } from "./content-file";
import { newestFirst, reviewSchema, type Review } from "./review";

/** What `npm run reviews -- --export` writes, for a build with no DATA_DIR (a static host's CI). */
export const REVIEWS_EXPORT = "reviews.json";

const exportSchema = z.array(reviewSchema);

/**
 * The approved reviews the build shows, newest first. Where they come from:
 *  1. `live`: the servers' store's approved reviews (the build's caller reads them: scripts/build
 *     is handed them, npm start from the store it serves with), when that store has ever held a
 *     review. It wins, so an approval on the server is never hidden by an older export.
 *  2. Otherwise content/reviews.json, an export of the approved ones (`npm run reviews -- --export`,
 *     committed with the content for a static host, where the build has no store).
 *  3. Neither: none (the home page then shows content/home.json's testimonials).
 */
export async function loadApprovedReviews(contentDir: string, live?: readonly Review[]): Promise<Review[]> {
  if (live) return [...live].sort(newestFirst);
  const file = join(contentDir, REVIEWS_EXPORT);
  if (!(await exists(file))) return [];
  const shown = relative(process.cwd(), file) || file;
  // Like every content file: inside the content folder, and not too big to read.
  const text = await readContentFile(contentDir, file, shown);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ContentError([{ file: shown, field: "(file)", problem: `cannot read it as JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  return parseContent(exportSchema, data, shown)
    .filter((review) => review.approved)
    .sort(newestFirst);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
