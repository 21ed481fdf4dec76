import type sharpModule from "sharp";
import { photoLimits } from "../../src/content/contact-photos";
import { photoWords } from "../../src/content/photo-words";
import { megapixels, sniff, SNIFF_BYTES, type OtherFormat } from "../photos/image-bytes";
import { preparePhoto } from "../photos/prepare-photo";

// The photos a visitor sends with a contact message (src/content/contact-photos.ts): checked
// from their bytes (never the name or the type the browser claims) and re-encoded as JPEG by
// the one home for every photo we keep (functions/photos/prepare-photo.ts, as the owner's in the
// desk): no camera, no time, no GPS position. A small copy goes to the desk's list and the email.

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
  return "format" in found ? undefined : notOurs(name, found.other);
}

const notOurs = (name: string, other: OtherFormat): string => (other === "heic" ? photoWords.heic(name) : photoWords.notAPhoto(name));

/**
 * Every photo checked and re-encoded (functions/photos/prepare-photo.ts, as the owner's in the
 * desk), in order; the first that cannot be is the answer, naming it (and nothing is kept: the
 * caller stores only what this returns whole).
 */
export async function preparePhotos(photos: readonly ReceivedPhoto[], sharp: typeof sharpModule): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
  const prepared: PreparedPhoto[] = [];
  for (const { name, bytes } of photos) {
    // Its first bytes were checked as it came in (refuseStart, from multipart-body.ts); preparePhoto reads them again.
    const full = await preparePhoto(bytes, sharp, { longSide: photoLimits.longSide, quality: 82, keepPng: false });
    if (!full.ok) {
      if (full.problem === "type") return { ok: false, message: notOurs(name, full.other) };
      if (full.problem === "pixels") return { ok: false, message: photoWords.tooManyPixels(name, megapixels(full.pixels)) };
      return { ok: false, message: photoWords.unreadable(name) };
    }
    // The small copy from the JPEG just made: the visitor's file is decoded once.
    const thumb = await sharp(full.bytes).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 72, mozjpeg: true }).toBuffer();
    prepared.push({ full: full.bytes, thumb, width: full.width, height: full.height });
  }
  return { ok: true, photos: prepared };
}
