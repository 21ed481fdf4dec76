// The desk as an app a phone installs (issue 39): the web app manifest, its icons and the service
// worker, all under /owner and open to anyone (a browser fetches a manifest and icons without the
// owner's cookies; none of them tells anything the site does not). The public site has none of
// these: its pages never link the manifest, and no worker's scope reaches past /owner.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type express from "express";
import type sharpModule from "sharp";
import type { Site } from "../../src/content/site";
import { appIconPath, deskBase, deskPath } from "../../src/desk/desk-routes";
import { palette } from "../../src/styles/palette";

/** The manifest (W3C Web App Manifest): the desk's name from content/site.json, standalone, starting and staying at /owner. */
export function deskManifest(site: Pick<Site, "name" | "shortName">): Record<string, unknown> {
  return {
    id: deskBase,
    name: `${site.name} desk`,
    short_name: site.shortName,
    description: `The owner's desk of ${site.name}: messages, reviews and the site.`,
    start_url: deskBase,
    scope: deskBase,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: palette.brand,
    icons: [
      { src: appIconPath(192), sizes: "192x192", type: "image/png", purpose: "any" },
      { src: appIconPath(512), sizes: "512x512", type: "image/png", purpose: "any" },
      { src: appIconPath(512, true), sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

const ICONS: Record<string, { size: number; fill: boolean }> = {
  [appIconPath(180)]: { size: 180, fill: true },
  [appIconPath(192)]: { size: 192, fill: false },
  [appIconPath(512)]: { size: 512, fill: false },
  [appIconPath(512, true)]: { size: 512, fill: true },
};

/** When content/static/favicon.svg is missing: the brand's colour, plain. */
const PLAIN_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${palette.brand}"/></svg>`;

/**
 * The app's icons, made from the site's own mark (content/static/favicon.svg, the brand) with sharp:
 * as drawn, on transparency ("any"), and on a square of the brand's colour with the mark inside the
 * middle 80% ("maskable", which a phone cuts to its own shape; Apple's home screen, which shows
 * transparency as black). Made when first asked for, again only when the file changes; nothing is
 * fetched from anywhere.
 */
export function appIcons(contentDir: string, loadSharp: () => Promise<typeof sharpModule>) {
  const made = new Map<string, Promise<Buffer>>();
  return async (iconPath: string): Promise<Buffer | undefined> => {
    const spec = ICONS[iconPath];
    if (!spec) return undefined;
    const svg = await readFile(path.join(contentDir, "static", "favicon.svg")).catch(() => Buffer.from(PLAIN_ICON));
    const key = `${iconPath}:${createHash("sha256").update(svg).digest("hex")}`;
    let icon = made.get(key);
    if (!icon) {
      icon = drawIcon(await loadSharp(), svg, spec.size, spec.fill);
      icon.catch(() => made.delete(key));
      made.set(key, icon);
    }
    return icon;
  };
}

async function drawIcon(sharp: typeof sharpModule, svg: Buffer, size: number, fill: boolean): Promise<Buffer> {
  const inner = fill ? Math.round(size * 0.8) : size;
  const mark = await sharp(svg, { density: 72 * Math.ceil(inner / 64) }).resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  if (!fill) return mark;
  return sharp({ create: { width: size, height: size, channels: 4, background: palette.brand } })
    .composite([{ input: mark, gravity: "center" }])
    .png()
    .toBuffer();
}

/**
 * Mounts the manifest, the icons and the service worker on the desk's app. The worker is served
 * from under /owner/ with the header that lets it take /owner itself as its scope (a worker may
 * otherwise control only the folder it is in, /owner/, which leaves the desk's first page out).
 */
export function mountAppFiles(
  app: express.Express,
  deps: { currentSite: () => Promise<Site>; serviceWorker: () => Promise<Buffer>; icons: (iconPath: string) => Promise<Buffer | undefined> },
): void {
  app.get(deskPath.manifest, async (_req, res, next) => {
    try {
      res.type("application/manifest+json").set("Cache-Control", "no-cache").send(JSON.stringify(deskManifest(await deps.currentSite())));
    } catch (error) {
      next(error);
    }
  });
  app.get(`${deskPath.appIcon}-:name`, async (req, res, next) => {
    try {
      const icon = await deps.icons(req.path);
      if (!icon) return next();
      res.type("image/png").set("Cache-Control", "public, max-age=86400").send(icon);
    } catch (error) {
      next(error);
    }
  });
  app.get(deskPath.serviceWorker, async (_req, res, next) => {
    try {
      const script = await deps.serviceWorker();
      // no-cache: the browser asks again for a new version at every check, as it should for a worker.
      res.type("text/javascript; charset=utf-8").set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": deskBase }).send(script);
    } catch (error) {
      next(error);
    }
  });
}
