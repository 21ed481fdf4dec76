import { lstat } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { parseContent } from "./content-error";
import { readContentFile } from "./content-file";
import { parseJsonFile } from "./json-file";

// Old addresses that keep working: content/redirects.json, a list of { "from": "/blog/old-name",
// "to": "/blog/new-name" }. The owner's desk adds one when a published post gets a new address;
// a person may add others. The build writes them for static hosts
// (dist/_redirects) and as a page at the old address that sends the visitor on
// (scripts/build-engine/site-files.ts); `npm start` answers them with a 301 (scripts/static-site.ts).

export const REDIRECTS_FILE = "redirects.json";

const sitePath = z
  .string({ error: "expected an address on this site, like /blog/old-name" })
  .regex(/^\/[A-Za-z0-9._~\-/%]*$/, "expected an address on this site, like /blog/old-name")
  .refine((p) => !p.includes("//") && !p.split("/").includes(".."), "expected an address on this site, like /blog/old-name");

export const redirectSchema = z.strictObject({ from: sitePath, to: sitePath });
export const redirectsSchema = z.array(redirectSchema);
export type Redirect = z.infer<typeof redirectSchema>;

/** The redirects, or none when the file is not there. */
export async function loadRedirects(contentDir: string): Promise<Redirect[]> {
  const file = path.join(contentDir, REDIRECTS_FILE);
  const shown = path.relative(process.cwd(), file).split(path.sep).join("/");
  if (!(await lstat(file).then(() => true, () => false))) return [];
  return parseContent(redirectsSchema, parseJsonFile(shown, await readContentFile(contentDir, file, shown)), shown);
}

/**
 * The list with `from` -> `to` added: an older redirect to `from` now leads to `to` too (no
 * chains), one from `to` is dropped (the address is a post again), and one from `from` is replaced.
 */
export function withRedirect(list: readonly Redirect[], from: string, to: string): Redirect[] {
  const kept = list.filter((r) => r.from !== from && r.from !== to).map((r) => (r.to === from ? { ...r, to } : r));
  return from === to ? kept : [...kept, { from, to }];
}
