import type sharpModule from "sharp";
import { slugFromTitle } from "../../../src/content/post-slug";

// A photo the owner adds in the desk, checked from its bytes (never its name or the type the
// browser claims), then made into the file that goes beside the post: turned the way the
// camera said, at most MAX_SIDE pixels on its longest side, and re-encoded by sharp, so no
// camera data (the place it was taken) and nothing but pixels goes into content/. The site's
// own photo pipeline (scripts/build-engine/photos.ts) then makes it small for phones, as for any photo.

/** A phone's photo is 2 to 12 MB; a bigger upload is a mistake or an attack. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Phones take up to 48 megapixels (8064 × 6048); a bigger image is refused before it is decoded. */
export const MAX_UPLOAD_PIXELS = 50_000_000;
/** What is kept: twice the widest the site shows (scripts/build-engine/photos.ts MAX_PHOTO_WIDTH 1600) is more than enough. */
export const MAX_SIDE = 2400;

export type UploadFormat = "jpeg" | "png" | "webp" | "avif";

/** A refusal in words the owner can act on, shown under "Add photo". */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRefused";
  }
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image type its first bytes say, or what else they say it is (for the refusal's words). */
export function sniff(bytes: Uint8Array): { format: UploadFormat } | { other: "heic" | "gif" | "tiff" | "bmp" | "pdf" | "svg" | "unknown" } {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { format: "jpeg" };
  if (ascii(b, 0, 8) === "\x89PNG\r\n\x1a\n") return { format: "png" };
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return { format: "webp" };
  if (ascii(b, 4, 8) === "ftyp") {
    // An ISO media file: the major brand, then the compatible ones, say which.
    const boxSize = Math.min(((b[0] ?? 0) << 24) | ((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0), 256, b.length);
    const brands = [ascii(b, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(b, i, i + 4));
    if (brands.some((brand) => brand === "avif" || brand === "avis")) return { format: "avif" };
    if (brands.some((brand) => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand))) return { other: "heic" };
    return { other: "unknown" };
  }
  if (ascii(b, 0, 4) === "GIF8") return { other: "gif" };
  if (ascii(b, 0, 4) === "II*\0" || ascii(b, 0, 4) === "MM\0*") return { other: "tiff" };
  if (ascii(b, 0, 2) === "BM") return { other: "bmp" };
  if (ascii(b, 0, 5) === "%PDF-") return { other: "pdf" };
  if (/^\s*(<\?xml|<svg)/i.test(ascii(b, 0, Math.min(b.length, 256)))) return { other: "svg" };
  return { other: "unknown" };
}

const NOT_A_PHOTO = "is not a photo: it is not a JPEG, PNG, WebP or AVIF image, whatever its name says. Choose a photo from the camera or the photo library.";

const refusals: Record<Exclude<ReturnType<typeof sniff>, { format: UploadFormat }>["other"], string> = {
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
    const image = sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" })
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

/** The type from the first bytes, then the size from the header, before a pixel is decoded. */
async function checkHeader(input: Uint8Array, sharp: typeof sharpModule, partial: boolean): Promise<{ format: UploadFormat; hasAlpha: boolean }> {
  const found = sniff(input);
  if ("other" in found) throw new UploadRefused(`This file ${refusals[found.other]}`);
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height || meta.format === undefined) {
    if (partial) return { format: found.format, hasAlpha: false };
    throw new UploadRefused("This photo could not be read: the file may be damaged or cut short. Try adding it again.");
  }
  const pixels = meta.width * meta.height;
  if (pixels > MAX_UPLOAD_PIXELS) {
    const mp = (n: number) => `${Math.round(n / 1_000_000)} megapixels`;
    throw new UploadRefused(
      `This photo is ${mp(pixels)} (${meta.width.toLocaleString("en-US")} × ${meta.height.toLocaleString("en-US")} pixels); the site takes photos up to ${mp(MAX_UPLOAD_PIXELS)}. Choose a smaller size when you share or export it.`,
    );
  }
  return { format: found.format, hasAlpha: meta.hasAlpha === true };
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
