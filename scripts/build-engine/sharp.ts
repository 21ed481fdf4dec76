import type sharpModule from "sharp";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use: importing it takes 0.16 s, which every build paid before
 * bundling started, though a build without new photos needs it only for the share image
 * (drawn while the workers render). Owner photos are JPEG, PNG, WebP or AVIF; the loaders
 * for other formats, where libvips' past vulnerabilities were, are switched off before
 * anything is decoded (scripts/build-engine/photos.ts, scripts/build-engine/og-image.ts).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.block({ operation: ["VipsForeignLoadNsgif", "VipsForeignLoadTiff", "VipsForeignLoadVips"] });
    return sharp;
  });
  return loading;
}
