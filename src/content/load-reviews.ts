import { stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import * as z from "zod";
import { ContentError, parseContent } from "./content-error";
import { readContentFile } from "./content-file";
import { newestFirst, reviewSchema, type Review } from "./review";
import { readReviewStates, REVIEWS_FILE } from "./review-states";

/** What `npm run reviews -- --export` writes, for a build with no DATA_DIR (a static host's CI). */
export const REVIEWS_EXPORT = "reviews.json";

const exportSchema = z.array(reviewSchema);

/**
 * The approved reviews the build shows, newest first. Where they come from:
 *  1. DATA_DIR/reviews.jsonl (DATA_DIR defaults to ./data), when it exists: the live
 *     store the reviews function writes and the owner approves into. It wins, so an
 *     approval on the server is never hidden by an older export.
 *  2. Otherwise content/reviews.json, an export of the approved ones (committed with the
 *     content for a static host, where the build has no DATA_DIR).
 *  3. Neither: none (the home page then shows content/home.json's testimonials).
 */
export async function loadApprovedReviews(contentDir: string, env: { DATA_DIR?: string } = process.env): Promise<Review[]> {
  const dataDir = resolve(env.DATA_DIR || "./data");
  if (await exists(join(dataDir, REVIEWS_FILE))) {
    // A torn or hand-edited line is skipped with a warning, as everywhere else the file is read.
    const states = await readReviewStates(dataDir);
    return states.filter((review) => review.approved).map(({ decision: _decision, ...review }) => review);
  }
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
