// The owner's photos, made fast for phones: each becomes AVIF, WebP and its own
// format (JPEG or PNG) at a few widths, with content-hashed names under
// dist/assets/photos/. Work is cached by the photo's bytes in `cacheDir`, so a
// rebuild never encodes an unchanged photo again. Pages render the result with
// <Picture> (src/components/picture.tsx) and Markdown (src/content/markdown-photos.ts).
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { basename, join, relative, sep } from "node:path";
import type { Sharp } from "sharp";
import { loadSharp } from "./sharp";
import { isGone, listTree, resolveContentFile } from "../../src/content/content-file";
import { isContentError, type ContentProblem } from "../../src/content/content-error";
import * as z from "zod";
import { PHOTO_FILE, photoFormats, type Photo, type PhotoFormat } from "../../src/content/photo";

/** A cache entry's photo.json, checked before it is trusted. */
const photoSchema: z.ZodType<Photo> = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fallback: z.enum(["jpeg", "png"]),
  variants: z.array(z.object({ format: z.enum(photoFormats), width: z.number().int().positive(), height: z.number().int().positive(), url: z.string() })),
});

// Owner photos are JPEG, PNG, WebP or AVIF (the other loaders are off: scripts/build-engine/sharp.ts).
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
/** A photo this large (60 megapixels) is a mistake or an attack, not a camera picture. */
const MAX_INPUT_PIXELS = 60_000_000;

/** Target widths; a photo is never made wider than it is. */
export const PHOTO_WIDTHS = [480, 800, 1200] as const;
/** The widest file made: enough for a 800 px column on a 2x screen. */
export const MAX_PHOTO_WIDTH = 1600;
/** Bumped when the encoding settings change, so cached outputs are made again. */
const SETTINGS_VERSION = "2";
export const PHOTO_URL_DIR = "/assets/photos";

const encoders: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // Effort 0 of 9: measured on a 2400 px photo (4 widths), 0.4 s against 18 s at
  // sharp's default 4, for files 15% larger, still the smallest of the three formats.
  avif: (image) => image.avif({ quality: 50, effort: 0 }),
  // Effort 2 of 6: 40% faster than the default for 3% larger files.
  webp: (image) => image.webp({ quality: 72, effort: 2 }),
  // Only browsers without AVIF and WebP get these: plain libjpeg, three times faster than mozjpeg.
  jpeg: (image) => image.jpeg({ quality: 78, progressive: true }),
  png: (image) => image.png({ compressionLevel: 9, palette: false }),
};

/** What a photo file turned into: the files to publish and what a page needs to show it. */
export interface ProcessedPhoto {
  photo: Photo;
  /** Output files: URL path under the site root → the cached file to publish. */
  files: Array<{ urlPath: string; cachedFile: string }>;
}

export class PhotoError extends Error {}

/** Widths to make for a photo `width` pixels wide: the targets below it, then its own width up to MAX_PHOTO_WIDTH. */
export function variantWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((w) => w < width), Math.min(width, MAX_PHOTO_WIDTH)];
}

/**
 * Processes one photo (its bytes and a name for its files, like "oak"),
 * or returns the cached result. Orientation from EXIF is applied, then every
 * metadata block (EXIF with GPS, XMP, IPTC) is dropped: sharp writes none
 * unless asked to.
 */
export async function processPhoto(bytes: Buffer, name: string, cacheDir: string): Promise<ProcessedPhoto> {
  const hash = createHash("sha256").update(SETTINGS_VERSION).update(bytes).digest("hex").slice(0, 16);
  const dir = join(cacheDir, hash);
  const manifestFile = join(dir, "photo.json");
  const cached = await readManifest(manifestFile);
  if (cached) return withFiles(cached, dir);

  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => undefined);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) throw new PhotoError("is not a photo the site can use: save it as JPEG, PNG, WebP or AVIF");
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new PhotoError("is too large: save it at most 8,000 pixels wide");
  const fallback: PhotoFormat = meta.format === "png" ? "png" : "jpeg";
  // Decoded once, turned the way the camera said (autoOrient), as raw pixels; every
  // width is resized once from them and encoded to each format from that.
  const decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().raw().toBuffer({ resolveWithObject: true });
  const info = decoded.info;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const safeName = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "photo";

  await mkdir(dir, { recursive: true });
  const byFormat = new Map<PhotoFormat, Photo["variants"]>();
  for (const width of variantWidths(info.width)) {
    const resized = await sharp(decoded.data, raw).resize({ width, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } } as const;
    for (const format of ["avif", "webp", fallback] as const) {
      const fileName = `${safeName}-${hash.slice(0, 10)}-${width}.${format === "jpeg" ? "jpg" : format}`;
      const out = await encoders[format](sharp(resized.data, pixels)).toBuffer({ resolveWithObject: true });
      await writeFile(join(dir, fileName), out.data);
      byFormat.set(format, [...(byFormat.get(format) ?? []), { format, width: out.info.width, height: out.info.height, url: `${PHOTO_URL_DIR}/${fileName}` }]);
    }
  }
  const variants = (["avif", "webp", fallback] as const).flatMap((format) => byFormat.get(format) ?? []);
  const photo: Photo = { width: info.width, height: info.height, fallback, variants };
  // Written last and renamed into place: a cache entry with a manifest is complete.
  await writeFile(`${manifestFile}.tmp`, JSON.stringify(photo));
  await rename(`${manifestFile}.tmp`, manifestFile);
  return withFiles(photo, dir);
}

/**
 * The file of a photo processPhoto made, by its file name ("oak-1a2b3c4d5e-640.webp"), when the
 * cache holds it: a complete entry (its manifest written) whose variants list that name. The
 * name's hash finds the entry, so any process with the same cache serves it (the desk's
 * thumbnails and preview, on whichever instance the request reaches, before or after a restart).
 */
export async function cachedPhotoFile(fileName: string, cacheDir: string): Promise<string | undefined> {
  const hash = /^[a-z0-9-]+-([0-9a-f]{10})-\d+\.(?:avif|webp|jpg|png)$/.exec(fileName)?.[1];
  if (!hash) return undefined;
  for (const entry of (await readdir(cacheDir).catch(() => [])).filter((name) => name.startsWith(hash))) {
    const photo = await readManifest(join(cacheDir, entry, "photo.json"));
    if (photo?.variants.some((v) => v.url === `${PHOTO_URL_DIR}/${fileName}`)) return join(cacheDir, entry, fileName);
  }
  return undefined;
}

/** The desk's photo work on one cache folder (`.cache/photos` of a checkout): new photos processed into it, processed files found in it by name. */
export function photoCache(cacheDir: string): { processPhoto: (bytes: Buffer, name: string) => Promise<ProcessedPhoto>; processedPhotoFile: (fileName: string) => Promise<string | undefined> } {
  return {
    processPhoto: (bytes, name) => processPhoto(bytes, name, cacheDir),
    processedPhotoFile: (fileName) => cachedPhotoFile(fileName, cacheDir),
  };
}

function withFiles(photo: Photo, dir: string): ProcessedPhoto {
  return {
    photo,
    files: photo.variants.map((v) => ({ urlPath: v.url, cachedFile: join(dir, v.url.slice(PHOTO_URL_DIR.length + 1)) })),
  };
}

/** A complete cache entry, or undefined (none yet, or unreadable: it is made again). */
async function readManifest(file: string): Promise<Photo | undefined> {
  try {
    return photoSchema.safeParse(JSON.parse(await readFile(file, "utf8"))).data;
  } catch {
    return undefined;
  }
}


export interface PreparedPhotos {
  /** Photo by its path as messages show it (`content/blog/oak/oak.jpg`): what posts and pages look up. */
  photos: Record<string, Photo>;
  /** Every output file: URL path → the cached file holding its bytes. */
  files: Array<{ urlPath: string; cachedFile: string }>;
  problems: ContentProblem[];
}

/**
 * Every photo in the content folder (outside static/), made ready for the pages:
 * processed once and then read from `cacheDir`. Two at a time: sharp's own threads
 * do the encoding, and two cores are the machine's size.
 */
export async function preparePhotos(contentDir: string, cacheDir: string, shown: (absolute: string) => string): Promise<PreparedPhotos> {
  const found = (await listTree(contentDir))
    .filter((entry) => entry.isFile() && PHOTO_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(contentDir, file).split(sep).some((part, i) => (i === 0 && part === "static") || part.startsWith(".")))
    .sort();
  const prepared: PreparedPhotos = { photos: {}, files: [], problems: [] };
  let next = 0;
  const work = async () => {
    for (let i = next++; i < found.length; i = next++) {
      const file = found[i]!;
      const name = shown(file);
      try {
        const real = await resolveContentFile(contentDir, file, name);
        const { photo, files } = await processPhoto(await readFile(real), basename(file).replace(/\.\w+$/, ""), cacheDir);
        prepared.photos[name] = photo;
        prepared.files.push(...files);
      } catch (error) {
        // Removed since it was listed (its post deleted meanwhile): not a problem, and not on the site.
        if (isGone(file)) continue;
        if (error instanceof PhotoError) prepared.problems.push({ file: name, field: "(photo)", problem: error.message });
        else if (isContentError(error)) prepared.problems.push(...error.problems);
        else throw error;
      }
    }
  };
  await Promise.all([work(), work()]);
  prepared.files.sort((a, b) => a.urlPath.localeCompare(b.urlPath));
  return prepared;
}
