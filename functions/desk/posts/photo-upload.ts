import type sharpModule from "sharp";
import { MAX_PHOTO_PIXELS, megapixels, readPhotoHeader, type OtherFormat, type PhotoFormat } from "../../photos/image-bytes";
import { preparePhoto, type PhotoRefusal } from "../../photos/prepare-photo";

// A photo the owner adds in the desk, checked from its bytes and made into the file that goes
// beside the post by the one home for every photo we keep (functions/photos/prepare-photo.ts):
// turned the way the camera said, at most MAX_SIDE pixels on its longest side, re-encoded, so no
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
  const prepared = await preparePhoto(input, sharp, { longSide: MAX_SIDE, quality: 88, keepPng: true });
  if (!prepared.ok) throw refusal(prepared);
  return { bytes: prepared.bytes, format: prepared.format, width: prepared.width, height: prepared.height };
}

/**
 * The first part of an upload, checked before the rest is sent (functions/desk/posts/uploads.ts):
 * a file that is not a photo, or one with too many pixels, is refused now. A header not
 * complete in the part is judged when the photo is whole.
 */
export async function checkUploadStart(first: Uint8Array, sharp: typeof sharpModule): Promise<void> {
  const header = await readPhotoHeader(first, sharp, true);
  if (!header.ok) throw refusal(header);
}

/** The owner's words for a photo refused by its bytes, its header or its decoding (functions/photos/prepare-photo.ts). */
function refusal(refused: PhotoRefusal): UploadRefused {
  if (refused.problem === "type") return new UploadRefused(`This file ${refusals[refused.other]}`);
  if (refused.problem === "unreadable") return new UploadRefused("This photo could not be read: the file may be damaged or cut short. Try adding it again.");
  return new UploadRefused(
    `This photo is ${megapixels(refused.pixels)} (${refused.width.toLocaleString("en-US")} × ${refused.height.toLocaleString("en-US")} pixels); the site takes photos up to ${megapixels(MAX_UPLOAD_PIXELS)}. Choose a smaller size when you share or export it.`,
  );
}
