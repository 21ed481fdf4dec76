import type sharpModule from "sharp";
import { decodeOptions, readPhotoHeader, type PhotoHeader } from "./image-bytes";

// Every photo a person sends us becomes the file we keep here, and only here: the owner's in the
// desk (functions/desk/posts/photo-upload.ts) and the visitor's on the contact form
// (functions/contact/visitor-photos.ts). Checked from its bytes and its header's size before a
// pixel is decoded (image-bytes.ts), decoded under the pixel cap, turned the way the camera said,
// made at most `longSide` on its longest side, and re-encoded by sharp, which keeps no metadata:
// no camera, no time, no GPS position. Each caller words a refusal for its own reader.

export interface PhotoOutput {
  /** The longest side kept, in pixels (never enlarged). */
  longSide: number;
  /** JPEG quality (mozjpeg). */
  quality: number;
  /**
   * Keep a PNG, or a photo with transparency, as PNG (a post's screenshot or logo). Without it
   * every photo is a JPEG, its transparent parts on white (the contact form's: served as image/jpeg).
   */
  keepPng: boolean;
}

/** Why a photo is not kept: what its header said (image-bytes.ts `PhotoHeader`), or it could not be decoded whole. */
export type PhotoRefusal = Exclude<PhotoHeader, { ok: true }>;

export interface PreparedPhoto {
  ok: true;
  bytes: Buffer;
  format: "jpeg" | "png";
  width: number;
  height: number;
}

export async function preparePhoto(input: Uint8Array, sharp: typeof sharpModule, output: PhotoOutput): Promise<PreparedPhoto | PhotoRefusal> {
  const header = await readPhotoHeader(input, sharp);
  if (!header.ok) return header;
  const png = output.keepPng && (header.format === "png" || header.hasAlpha);
  try {
    const image = sharp(input, decodeOptions)
      .autoOrient()
      .resize({ width: output.longSide, height: output.longSide, fit: "inside", withoutEnlargement: true });
    const encoded = png ? image.png({ compressionLevel: 9 }) : image.flatten({ background: "#ffffff" }).jpeg({ quality: output.quality, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, format: png ? "png" : "jpeg", width: info.width, height: info.height };
  } catch {
    // Damaged past its header, or cut short: sharp fails on the first error (decodeOptions).
    return { ok: false, problem: "unreadable" };
  }
}
