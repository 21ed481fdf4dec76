import type sharpModule from "sharp";

// What an uploaded file is, from its bytes (never its name or the type the browser claims), and
// how big its picture is, from its header, before a pixel is decoded. One home for the owner's
// photos in the desk (functions/desk/posts/photo-upload.ts) and the visitor's on the contact form
// (functions/contact/visitor-photos.ts), both through prepare-photo.ts (and here directly for a
// file's first bytes, while it still comes in); each words a refusal for its own reader.

/** Phones take up to 48 megapixels (8064 × 6048); a bigger image is refused before it is decoded. */
export const MAX_PHOTO_PIXELS = 50_000_000;

export type PhotoFormat = "jpeg" | "png" | "webp" | "avif";
/** What a file that is no photo we take says it is. */
export type OtherFormat = "heic" | "gif" | "tiff" | "bmp" | "pdf" | "svg" | "unknown";

/** Enough of a file's start for `sniff`: the ISO media brands are in its first box, at most 256 bytes read. */
export const SNIFF_BYTES = 256;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image type its first bytes say, or what else they say it is (for the refusal's words). */
export function sniff(bytes: Uint8Array): { format: PhotoFormat } | { other: OtherFormat } {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { format: "jpeg" };
  if (ascii(b, 0, 8) === "\x89PNG\r\n\x1a\n") return { format: "png" };
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return { format: "webp" };
  if (ascii(b, 4, 8) === "ftyp") {
    // An ISO media file: the major brand, then the compatible ones, say which.
    const boxSize = Math.min(((b[0] ?? 0) << 24) | ((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0), SNIFF_BYTES, b.length);
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
  if (/^\s*(<\?xml|<svg)/i.test(ascii(b, 0, Math.min(b.length, SNIFF_BYTES)))) return { other: "svg" };
  return { other: "unknown" };
}

export type PhotoHeader =
  | { ok: true; format: PhotoFormat; width: number; height: number; hasAlpha: boolean }
  /** Not a photo we take: what it is instead. */
  | { ok: false; problem: "type"; other: OtherFormat }
  /** The header cannot be read (damaged, cut short); with `partial`, not complete yet. */
  | { ok: false; problem: "unreadable" }
  /** More pixels than MAX_PHOTO_PIXELS. */
  | { ok: false; problem: "pixels"; width: number; height: number; pixels: number };

/**
 * The type from the first bytes, then the size from the header (sharp's metadata reads the
 * header only), before a pixel is decoded. `partial`: `input` is the start of the file, so a
 * header not complete in it is taken as good for now (the whole file is judged later).
 */
export async function readPhotoHeader(input: Uint8Array, sharp: typeof sharpModule, partial = false): Promise<PhotoHeader> {
  const found = sniff(input);
  if ("other" in found) return { ok: false, problem: "type", other: found.other };
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height || meta.format === undefined) {
    return partial ? { ok: true, format: found.format, width: 0, height: 0, hasAlpha: false } : { ok: false, problem: "unreadable" };
  }
  const pixels = meta.width * meta.height;
  if (pixels > MAX_PHOTO_PIXELS) return { ok: false, problem: "pixels", width: meta.width, height: meta.height, pixels };
  return { ok: true, format: found.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha === true };
}

/** How every photo is opened for decoding: never past the pixel cap, and a damaged file is an error, not a grey half. */
export const decodeOptions = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" } as const;

/** "60 megapixels". */
export const megapixels = (n: number): string => `${Math.round(n / 1_000_000)} megapixels`;
