import { stat } from "node:fs/promises";
import path from "node:path";
import { loadSite } from "../../src/content/load-content";
import type { Site } from "../../src/content/site";

/**
 * content/site.json as the build reads it, read again when the file changed (the desk changes
 * it, and so may the owner on the server), and the last good one kept while it has a mistake:
 * the desk must keep working so the mistake can be fixed.
 */
export function siteFacts(contentDir: string, env: { SITE_URL?: string }, first: Site): () => Promise<Site> {
  const file = path.join(contentDir, "site.json");
  let good = first;
  let seen = "";
  return async () => {
    const now = await stat(file).then((s) => `${s.mtimeMs}:${s.size}:${s.ino}`, () => "");
    if (now === seen) return good;
    seen = now;
    good = await loadSite(contentDir, env).catch(() => good);
    return good;
  };
}
