// A photo from the phone, drawn in the browser: a small picture of it to show while it goes up
// (a canvas: the desk's Content-Security-Policy shows images only from the site, not blob:
// URLs), and an iPhone's HEIC photo, made a JPEG in the browser where the browser can draw it (Safari
// can; Chromium and Firefox cannot), before it is sent: the site's server has no HEVC decoder
// (the desk server refuses HEIC, in words). Where the browser cannot, the
// owner is told what to do instead, in words.

/** What the owner reads when this phone cannot make the photo a JPEG. */
export const CANNOT_CONVERT = "This phone cannot convert HEIC photos; in the iPhone's Settings > Camera > Formats choose Most Compatible, or share the photo as JPEG.";

/** Safari's canvas holds at most 16.7 million pixels: a 48-megapixel photo is drawn smaller (the server keeps 2,400 pixels a side). */
const MAX_CANVAS_PIXELS = 16_000_000;

/** An HEIC or HEIF photo, by its type or, when the phone gives none, its name. */
export function isHeic(file: File): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || (file.type === "" && /\.hei[cf]$/i.test(file.name));
}

/** How wide the picture of a photo on its way is drawn (the text shows it at most about 28rem wide). */
const PREVIEW_WIDTH = 640;

/** A small picture of the photo, or undefined when this browser cannot draw it (an iPhone's photo before it is made a JPEG). */
export async function previewOf(file: Blob): Promise<HTMLCanvasElement | undefined> {
  const drawn = await drawable(file);
  if (!drawn) return undefined;
  try {
    const scale = Math.min(1, PREVIEW_WIDTH / drawn.width);
    return canvasOf(drawn.image, Math.max(1, Math.round(drawn.width * scale)), Math.max(1, Math.round(drawn.height * scale)));
  } finally {
    drawn.done();
  }
}

/** A copy of a picture, to show it in another place. */
export function copyOf(picture: HTMLCanvasElement): HTMLCanvasElement {
  return canvasOf(picture, picture.width, picture.height);
}

function canvasOf(image: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(image, 0, 0, width, height);
  return canvas;
}

/** The photo as a JPEG file, or undefined when this browser cannot draw it. */
export async function heicAsJpeg(file: File): Promise<File | undefined> {
  const drawn = await drawable(file);
  if (!drawn) return undefined;
  try {
    const scale = Math.min(1, Math.sqrt(MAX_CANVAS_PIXELS / (drawn.width * drawn.height)));
    const width = Math.max(1, Math.round(drawn.width * scale));
    const height = Math.max(1, Math.round(drawn.height * scale));
    const canvas = canvasOf(drawn.image, width, height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", 0.9));
    if (!blob || blob.size === 0) return undefined;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg", lastModified: file.lastModified });
  } finally {
    drawn.done();
  }
}

interface Drawable {
  image: CanvasImageSource;
  width: number;
  height: number;
  done(): void;
}

/**
 * The photo decoded by the browser as a bitmap (Safari 15 and later decode an iPhone's HEIC so),
 * or undefined when it cannot. No image element instead: the desk's Content-Security-Policy
 * does not show blob: images.
 */
async function drawable(file: Blob): Promise<Drawable | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    if (bitmap.width > 0 && bitmap.height > 0) return { image: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
    bitmap.close();
  } catch {
    // Not an image this browser draws.
  }
  return undefined;
}
