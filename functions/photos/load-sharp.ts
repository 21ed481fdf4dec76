import type sharpModule from "sharp";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use (importing it takes 0.16 s), with the loaders for formats nobody
 * sends us as a photo switched off before anything is decoded: GIF, TIFF and libvips' own
 * format, where libvips' past vulnerabilities were. Photos are JPEG, PNG, WebP or AVIF
 * (image-bytes.ts says which from the bytes). The build adds its fonts (scripts/build-engine/sharp.ts).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.block({ operation: ["VipsForeignLoadNsgif", "VipsForeignLoadTiff", "VipsForeignLoadVips"] });
    return sharp;
  });
  return loading;
}
