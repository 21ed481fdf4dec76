import type sharpModule from "sharp";
import { photoLimits } from "../../src/content/contact-photos";
import { photoWords } from "../../src/content/photo-words";
import { decodeOptions, megapixels, readPhotoHeader, sniff, SNIFF_BYTES } from "../photos/image-bytes";

// The photos a visitor sends with a contact message (src/content/contact-photos.ts): checked
// from their bytes (never the name or the type the browser claims), their size read from the
// header before a pixel is decoded, then decoded under the pixel cap, turned upright by their
// EXIF orientation and re-encoded by sharp as JPEG, which keeps no metadata at all: no camera,
// no time, no GPS position. A small copy goes to the desk's list and the email.

/** A file as it came in a multipart post: the name the browser gave it (for the visitor's words only) and its bytes. */
export interface ReceivedPhoto {
  name: string;
  bytes: Buffer;
}

/** A photo made ready to keep: the JPEG, its small copy, and the JPEG's size. */
export interface PreparedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** The longest side of the small copy: three times the desk's thumbnails (160 CSS pixels). */
export const THUMB_SIDE = 480;

/**
 * Whether a file's first bytes (SNIFF_BYTES of them, or all of a shorter file) can start a
 * photo we take: undefined, or the visitor's words naming it. Called while the file comes in,
 * so a file that is no photo is refused before the rest of it is read.
 */
export function refuseStart(name: string, start: Uint8Array): string | undefined {
  if (start.byteLength === 0) return photoWords.unreadable(name);
  const found = sniff(start.subarray(0, SNIFF_BYTES));
  if ("format" in found) return undefined;
  return found.other === "heic" ? photoWords.heic(name) : photoWords.notAPhoto(name);
}

/**
 * Every photo checked and re-encoded, in order; the first that cannot be is the answer, naming
 * it (and nothing is kept: the caller stores only what this returns whole).
 */
export async function preparePhotos(photos: readonly ReceivedPhoto[], sharp: typeof sharpModule): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
  const prepared: PreparedPhoto[] = [];
  for (const { name, bytes } of photos) {
    const refused = refuseStart(name, bytes);
    if (refused) return { ok: false, message: refused };
    const header = await readPhotoHeader(bytes, sharp);
    if (!header.ok) {
      if (header.problem === "type") return { ok: false, message: header.other === "heic" ? photoWords.heic(name) : photoWords.notAPhoto(name) };
      if (header.problem === "pixels") return { ok: false, message: photoWords.tooManyPixels(name, megapixels(header.pixels)) };
      return { ok: false, message: photoWords.unreadable(name) };
    }
    try {
      prepared.push(await reencode(bytes, sharp));
    } catch {
      return { ok: false, message: photoWords.unreadable(name) };
    }
  }
  return { ok: true, photos: prepared };
}

async function reencode(bytes: Buffer, sharp: typeof sharpModule): Promise<PreparedPhoto> {
  const side = photoLimits.longSide;
  const full = await sharp(bytes, decodeOptions)
    .autoOrient()
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
    // A PNG's transparent parts on white: JPEG has none, and every photo is served as image/jpeg.
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(full.data).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 72, mozjpeg: true }).toBuffer();
  return { full: full.data, thumb, width: full.info.width, height: full.info.height };
}
