import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pictureParts } from "../../src/content/photo";
import { cameraJpeg } from "./photo-fixtures";
import { PhotoError, processPhoto, variantWidths } from "./photos";

let cacheDir: string;
beforeEach(async () => (cacheDir = await mkdtemp(join(tmpdir(), "photos-"))));
afterEach(() => rm(cacheDir, { recursive: true, force: true }));

describe("variantWidths", () => {
  it("makes about 480 to 1600, never wider than the photo", () => {
    expect(variantWidths(4000)).toEqual([480, 800, 1200, 1600]);
    expect(variantWidths(1000)).toEqual([480, 800, 1000]);
    expect(variantWidths(300)).toEqual([300]);
  });
});

describe("processPhoto", () => {
  it("turns a camera JPEG into AVIF, WebP and JPEG at four widths, smaller than the original, with EXIF and GPS gone", async () => {
    const original = await cameraJpeg(2400, 1600);
    expect((await sharp(original).metadata()).exif?.toString("latin1")).toContain("TestCam");
    const { photo, files } = await processPhoto(original, "Big Oak!", cacheDir);

    expect(photo).toMatchObject({ width: 2400, height: 1600, fallback: "jpeg" });
    expect(photo.variants.map((v) => `${v.format}@${v.width}x${v.height}`)).toEqual([
      ...["avif", "webp", "jpeg"].flatMap((f) => [`${f}@480x320`, `${f}@800x533`, `${f}@1200x800`, `${f}@1600x1067`]),
    ]);
    expect(files).toHaveLength(12);
    for (const { urlPath, cachedFile } of files) {
      expect(urlPath).toMatch(/^\/assets\/photos\/big-oak-[0-9a-f]{10}-\d+\.(avif|webp|jpg)$/);
      const meta = await sharp(cachedFile).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect((await stat(cachedFile)).size).toBeLessThan(original.length);
    }
  });

  it("applies the camera's orientation before sizing", async () => {
    const { photo } = await processPhoto(await cameraJpeg(600, 300, 6), "turned", cacheDir);
    expect([photo.width, photo.height]).toEqual([300, 600]);
  });

  it("keeps a small PNG at its own width and as PNG", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#2f6f3e" } }).png().toBuffer();
    const { photo } = await processPhoto(png, "logo", cacheDir);
    expect(photo.fallback).toBe("png");
    expect(photo.variants.map((v) => `${v.format}@${v.width}`)).toEqual(["avif@300", "webp@300", "png@300"]);
  });

  it("never encodes the same photo twice: the second call reads the cache and leaves the files alone", async () => {
    const bytes = await cameraJpeg(1000, 700);
    const first = await processPhoto(bytes, "oak", cacheDir);
    const before = await Promise.all(first.files.map((f) => stat(f.cachedFile).then((s) => s.mtimeMs)));
    const started = performance.now();
    const second = await processPhoto(bytes, "oak", cacheDir);
    expect(performance.now() - started).toBeLessThan(200);
    expect(second).toEqual(first);
    expect(await Promise.all(second.files.map((f) => stat(f.cachedFile).then((s) => s.mtimeMs)))).toEqual(before);
  });

  it("says plainly when a file is not a photo", async () => {
    await expect(processPhoto(Buffer.from("not an image"), "x", cacheDir)).rejects.toThrow(PhotoError);
  });
});

describe("pictureParts", () => {
  it("lists AVIF then WebP sources and an img with the largest fallback and its size", async () => {
    const { photo } = await processPhoto(await cameraJpeg(1000, 500), "oak", cacheDir);
    const parts = pictureParts(photo);
    expect(parts.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(parts.sources[0]?.srcSet).toMatch(/^\/assets\/photos\/oak-\w+-480\.avif 480w, \S+-800\.avif 800w, \S+-1000\.avif 1000w$/);
    expect(parts.img).toMatchObject({ width: 1000, height: 500 });
    expect(parts.img.src).toMatch(/-1000\.jpg$/);
  });
});

describe("photos the site will not take", () => {
  it("refuses a GIF or TIFF (loaders switched off) with a message the owner can act on", async () => {
    for (const format of ["gif", "tiff"] as const) {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123" } }).toFormat(format).toBuffer();
      await expect(processPhoto(bytes, "x", cacheDir)).rejects.toThrow(/save it as JPEG, PNG, WebP or AVIF/);
    }
  });
});
