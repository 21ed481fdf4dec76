import path from "node:path";
import { folderStamp } from "../../src/content/file-stamp";
import { loadLocations } from "../../src/content/locations";
import { pathTo } from "../../src/routes";

/**
 * The towns of content/locations by page address ("/locations/irmo-sc" -> "Irmo"), read again
 * only when a file there changes (as serviceChoicesReader does for the services). A mistake in
 * those files must not hide the messages: then no town is named (the build reports it).
 */
export function townNamesReader(contentDir: string): () => Promise<ReadonlyMap<string, string>> {
  const dir = path.join(contentDir, "locations");
  let last: { stamp: string; loaded: Promise<ReadonlyMap<string, string>> } | undefined;
  return () => {
    const stamp = folderStamp(dir);
    if (last?.stamp !== stamp || stamp === "") {
      last = {
        stamp,
        loaded: loadLocations(dir, contentDir).then(
          (towns) => new Map(towns.map((town) => [pathTo.town(town.slug), town.name])),
          () => new Map(),
        ),
      };
    }
    return last.loaded;
  };
}

/** The town whose page a visit began on: `landingPage` is a path or a whole URL, with or without a trailing slash. */
export function townOf(landingPage: string | undefined, towns: ReadonlyMap<string, string>): string | undefined {
  if (!landingPage) return undefined;
  let pathname: string;
  try {
    pathname = new URL(landingPage, "http://site.invalid").pathname;
  } catch {
    return undefined;
  }
  return towns.get(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
}
