import type sharpModule from "sharp";
import { slugFromTitle } from "../../../src/content/post-slug";
import { decodeOptions, MAX_PHOTO_PIXELS, megapixels, readPhotoHeader, type OtherFormat, type PhotoFormat } from "../../photos/image-bytes";

// A photo the owner adds in the desk, checked from its bytes (never its name or the type the
// browser claims), then made into the file that goes beside the post: turned the way the
// camera said, at most MAX_SIDE pixels on its longest side, and re-encoded by sharp, so no
// camera data (the place it was taken) and nothing but pixels goes into content/. The site's
// own photo pipeline (scripts/build-engine/photos.ts) then makes it small for phones, as for any photo.

/** A phone's photo is 2 to 12 MB; a bigger upload is a mistake or an attack. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = MAX_PHOTO_PIXELS;
/** What is kept: twice the widest the site shows (scripts/build-engine/photos.ts MAX_PHOTO_WIDTH 1600) is more than enough. */
export const MAX_SIDE = 2400;

export type UploadFormat = PhotoFormat;

/** A refusal in words the owner can act on, shown under "Add photo". */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRefused";
  }
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

const NOT_A_PHOTO = "is not a photo: it is not a JPEG, PNG, WebP or AVIF image, whatever its name says. Choose a photo from the camera or the photo library.";

const refusals: Record<OtherFormat, string> = {
  heic:
    "is an iPhone photo in HEIC format, which the site cannot read. Add it from the iPhone itself (it turns the photo into a JPEG on the way), " +
    "or on a Mac open it in Preview and choose File > Export > JPEG, or set the iPhone to Settings > Camera > Formats > Most Compatible.",
  gif: "is a GIF, which the site does not take for photos: save it as JPEG or PNG.",
  tiff: "is a TIFF, which the site does not take: save it as JPEG or PNG.",
  bmp: "is a BMP, which the site does not take: save it as JPEG or PNG.",
  pdf: "is a PDF, not a photo. Choose a photo from the camera or the photo library.",
  svg: "is a drawing (SVG), not a photo: save it as PNG to use it in a post.",
  unknown: NOT_A_PHOTO,
};

export interface PreparedUpload {
  bytes: Buffer;
  format: "jpeg" | "png";
  width: number;
  height: number;
}

/**
 * Checks an upload (type from its bytes, size, pixels) and makes the file kept beside the
 * post: JPEG, or PNG for a PNG or a photo with transparency. Throws UploadRefused with the
 * owner's words, which start "This photo" or "This file".
 */
export async function prepareUpload(input: Uint8Array, sharp: typeof sharpModule): Promise<PreparedUpload> {
  if (input.byteLength === 0) throw new UploadRefused("This file is empty: choose the photo again.");
  if (input.byteLength > MAX_UPLOAD_BYTES) {
    throw new UploadRefused(`This photo is ${megabytes(input.byteLength)}; the site takes photos up to ${megabytes(MAX_UPLOAD_BYTES)}. Choose a smaller size when you share or export it.`);
  }
  const found = await checkHeader(input, sharp, false);
  try {
    const image = sharp(input, decodeOptions)
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const png = found.format === "png" || found.hasAlpha;
    const out = await (png ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 88, mozjpeg: true })).toBuffer({ resolveWithObject: true });
    return { bytes: out.data, format: png ? "png" : "jpeg", width: out.info.width, height: out.info.height };
  } catch {
    throw new UploadRefused("This photo could not be read: the file may be damaged or cut short. Try adding it again.");
  }
}

/**
 * The first part of an upload, checked before the rest is sent (functions/desk/posts/uploads.ts):
 * a file that is not a photo, or one with too many pixels, is refused now. A header not
 * complete in the part is judged when the photo is whole.
 */
export async function checkUploadStart(first: Uint8Array, sharp: typeof sharpModule): Promise<void> {
  await checkHeader(first, sharp, true);
}

/** The type from the first bytes, then the size from the header, before a pixel is decoded (functions/photos/image-bytes.ts). */
async function checkHeader(input: Uint8Array, sharp: typeof sharpModule, partial: boolean): Promise<{ format: UploadFormat; hasAlpha: boolean }> {
  const header = await readPhotoHeader(input, sharp, partial);
  if (header.ok) return header;
  if (header.problem === "type") throw new UploadRefused(`This file ${refusals[header.other]}`);
  if (header.problem === "unreadable") throw new UploadRefused("This photo could not be read: the file may be damaged or cut short. Try adding it again.");
  throw new UploadRefused(
    `This photo is ${megapixels(header.pixels)} (${header.width.toLocaleString("en-US")} × ${header.height.toLocaleString("en-US")} pixels); the site takes photos up to ${megapixels(MAX_UPLOAD_PIXELS)}. Choose a smaller size when you share or export it.`,
  );
}

/** The file name for a photo from its description: "The crew raking leaves" -> the-crew-raking-leaves.jpg, not one of `taken`. */
export function photoFileName(description: string, format: "jpeg" | "png", taken: readonly string[]): string {
  const base = slugFromTitle(description).slice(0, 60).replace(/-+$/, "") || "photo";
  const ext = format === "png" ? "png" : "jpg";
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`;
    if (!taken.includes(name)) return name;
  }
}
