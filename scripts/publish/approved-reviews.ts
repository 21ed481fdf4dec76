// The store's approved reviews for a build of npm start or npm run dev. While the store cannot
// be read (the database not reachable yet) the build goes on with content/reviews.json's, as
// the site served before: the store says when its approved reviews can be read
// (watchApproved, heard again when the database answers) and the site is published again.
import type { Review } from "../../src/content/review";
import type { Store } from "../../functions/store/store";
import { StoreUnavailableError } from "../../functions/store/store-errors";

export function approvedReviewsForBuild(store: Store): () => Promise<Review[] | undefined> {
  return () =>
    store.reviews.approved().catch((error: unknown) => {
      if (!(error instanceof StoreUnavailableError)) throw error;
      console.warn(`build: the approved reviews cannot be read yet (${error.message}); this build shows content/reviews.json's, and the site is published again when they can be read`);
      return undefined;
    });
}
