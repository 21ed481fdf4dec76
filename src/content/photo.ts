// A processed photo as pages see it (made by scripts/build-engine/photos.ts, which also holds the
// schema its cache is checked with): sizes, and the files per format and width.
// Plain JSON, so it crosses to workers and caches. Pages import this module, so it
// stays free of zod (whose full build would join every page's script).
export const photoFormats = ["avif", "webp", "jpeg", "png"] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** File names the build treats as photos when they sit in content/ (outside static/, which is copied as it is). */
export const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i;

export interface Photo {
  /** The photo's own size, after turning it the way its camera said. */
  width: number;
  height: number;
  /** The format browsers without AVIF/WebP get: the photo's own (PNG stays PNG, anything else JPEG). */
  fallback: "jpeg" | "png";
  variants: Array<{ format: PhotoFormat; width: number; height: number; url: string }>;
}

const mimeTypes: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

/** What a <picture> needs, from one place for React pages (src/components/picture.tsx) and Markdown (src/content/markdown.ts). */
export interface PictureParts {
  sources: Array<{ type: string; srcSet: string }>;
  img: { src: string; srcSet: string; width: number; height: number };
}

export function pictureParts(photo: Photo): PictureParts {
  const srcSet = (format: PhotoFormat) =>
    photo.variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", ");
  const fallbacks = photo.variants.filter((v) => v.format === photo.fallback);
  // The img's own src is the largest fallback: what a browser without srcset shows.
  const largest = fallbacks.reduce((a, b) => (b.width > a.width ? b : a), fallbacks[0] ?? { url: "", width: photo.width, height: photo.height });
  return {
    sources: (["avif", "webp"] as const).map((format) => ({ type: mimeTypes[format], srcSet: srcSet(format) })),
    img: { src: largest.url, srcSet: srcSet(photo.fallback), width: largest.width, height: largest.height },
  };
}

/** A hero photo fills the screen's width (src/components/page-hero.tsx; its preload says the same: src/app/head.ts heroPreload). */
export const HERO_SIZES = "100vw";

/** A column of text is at most about 48rem wide; on phones the photo fills the screen. */
export const PROSE_SIZES = "(min-width: 52rem) 48rem, 100vw";

/**
 * The file a link preview (og:image) or search engine gets for a photo: its own
 * format (JPEG or PNG, which every platform reads) at the width nearest 1200.
 */
export function shareImage(photo: Photo): { url: string; width: number; height: number } {
  const own = photo.variants.filter((v) => v.format === photo.fallback);
  const best = own.reduce<(typeof own)[number] | undefined>((a, b) => (!a || Math.abs(b.width - 1200) < Math.abs(a.width - 1200) ? b : a), undefined);
  return best ? { url: best.url, width: best.width, height: best.height } : { url: "", width: photo.width, height: photo.height };
}

/** An owner photo with its description: a post's cover, a page's hero photo. */
export interface Cover {
  photo: Photo;
  alt: string;
}
