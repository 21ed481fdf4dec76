import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { splitFrontMatter } from "../../src/content/front-matter";
import { cameraJpeg } from "../build-engine/photo-fixtures";
import { editFrontMatter } from "../../functions/desk/yaml-edit";
import type { AuditPage } from "./audit-pages";

/**
 * `npm run audit`'s pages with a hero photo (issue 38): the second service and the second town of
 * `contentDir` (a copy) get a camera-sized photo (2400 x 1600 JPEG, as the desk keeps an owner's
 * upload) as the desk writes one, so Lighthouse measures the largest paint of a page whose hero is a
 * photo beside the pages whose hero is drawn. Returns those pages.
 */
export async function addHeroPhotos(contentDir: string): Promise<AuditPage[]> {
  const photo = await cameraJpeg(2400, 1600);
  const pages: AuditPage[] = [];
  for (const [folder, label, route] of [["services", "service+photo", "/services/"], ["locations", "town+photo", "/locations/"]] as const) {
    const names = (await readdir(join(contentDir, folder))).filter((n) => n.endsWith(".md"));
    const files = await Promise.all(names.map(async (name) => ({ name, text: await readFile(join(contentDir, folder, name), "utf8") })));
    const ordered = files.map((f) => ({ ...f, data: splitFrontMatter(f.name, f.text).data })).sort((a, b) => Number(a.data.order) - Number(b.data.order));
    const second = ordered[1];
    if (!second) throw new Error(`content/${folder} has fewer than two pages to audit`);
    await mkdir(join(contentDir, folder, "photos"), { recursive: true });
    await writeFile(join(contentDir, folder, "photos", "audit-hero.jpg"), photo);
    const text = editFrontMatter(second.text, { ...second.data, heroImage: "./photos/audit-hero.jpg", heroImageAlt: "A crew at work under a tall pine" }, ["hero", "subtitle", "heroImage", "heroImageAlt"]);
    await writeFile(join(contentDir, folder, second.name), text);
    pages.push({ label, path: route + second.name.replace(/\.md$/, "") });
  }
  return pages;
}
