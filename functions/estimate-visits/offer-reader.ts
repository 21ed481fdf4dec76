import path from "node:path";
import { ESTIMATE_VISITS_FILE, loadEstimateVisits, type EstimateVisits } from "../../src/content/estimate-visits";
import { fileStamp, folderStamp } from "../../src/content/file-stamp";
import { loadLocations } from "../../src/content/locations";
import type { ServedTown } from "../../src/content/booking";
import { describeError, type Logger } from "../logger";

/** The owner's offer as the function uses it: the offer (none when the file is not there) and the towns it serves, by name. */
export interface CurrentOffer {
  offer?: EstimateVisits;
  /** The towns visited, in the site's order (content/locations `order`). */
  served: ServedTown[];
}

/**
 * content/estimate-visits.json and the towns of content/locations, as the build checks them, read
 * again only when one of those files changed (the desk saves the offer, a person edits it, a git
 * deploy brings a new one), so a booking always meets the offer as it is now. A file with a
 * mistake keeps the last good offer while it is fixed (the build reports the mistake; the log
 * says so once per change).
 */
export function offerReader(contentDir: string, logger: Logger): () => Promise<CurrentOffer> {
  const file = path.join(contentDir, ESTIMATE_VISITS_FILE);
  const townsDir = path.join(contentDir, "locations");
  let good: CurrentOffer = { served: [] };
  let last: { stamp: string; loaded: Promise<CurrentOffer> } | undefined;
  const read = async (): Promise<CurrentOffer> => {
    try {
      const towns = await loadLocations(townsDir, contentDir);
      const offer = await loadEstimateVisits(contentDir, towns.map((t) => t.slug));
      const wanted = new Set(offer?.towns ?? []);
      good = { ...(offer ? { offer } : {}), served: towns.filter((t) => wanted.has(t.slug)).map((t) => ({ slug: t.slug, name: t.name })) };
    } catch (error) {
      logger.error(`bookings: ${ESTIMATE_VISITS_FILE} or the towns could not be read; the last good offer stands (${describeError(error)})`);
    }
    return good;
  };
  return () => {
    // Taken before reading: a save during the read gives the next call a new stamp.
    const stamp = `${fileStamp(file)}\n${folderStamp(townsDir)}`;
    if (last?.stamp !== stamp) last = { stamp, loaded: read() };
    return last.loaded;
  };
}
