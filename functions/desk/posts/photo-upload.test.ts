import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadSharp } from "../../../scripts/build-engine/sharp";
import { MAX_SIDE, prepareUpload, UploadRefused } from "./photo-upload";

const sharpForDesk = await loadSharp();
const refusal = (bytes: Uint8Array) => prepareUpload(bytes, sharpForDesk).then(() => "accepted", (e: unknown) => (e instanceof UploadRefused ? e.message : `threw ${String(e)}`));

// A camera photo: 3000 × 2000, turned by its EXIF orientation, with GPS in its EXIF.
const cameraJpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#5a7" } })
  .jpeg()
  .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 9/1 0/1" } })
  .withMetadata({ orientation: 6 })
  .toBuffer();

describe("a photo added in the desk", () => {
  it("is turned the way the camera said, made at most 2400 pixels, and loses its camera data", async () => {
    const camera = await sharp(cameraJpeg).metadata();
    expect(camera).toMatchObject({ orientation: 6, width: 3000, height: 2000 });
    expect(camera.exif?.toString("latin1")).toContain("PhoneMaker");
    const out = await prepareUpload(cameraJpeg, sharpForDesk);
    expect(out).toMatchObject({ format: "jpeg", width: 1600, height: MAX_SIDE });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("keeps a PNG a PNG", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: "#fff0" } }).png().toBuffer();
    expect(await prepareUpload(png, sharpForDesk)).toMatchObject({ format: "png", width: 640, height: 480 });
  });

  it("is refused, in words the owner can act on, when it is not a photo whatever its name", async () => {
    expect(await refusal(Buffer.from("Meeting notes: call Jim about the oak.\n"))).toMatch(/^This file is not a photo: it is not a JPEG, PNG, WebP or AVIF image/);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toMatch(/^This file is a drawing \(SVG\)/);
    expect(await refusal(Buffer.from("%PDF-1.7 ..."))).toMatch(/^This file is a PDF/);
    expect(await refusal(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).gif().toBuffer())).toMatch(/GIF/);
    // An iPhone's HEIC (its first box, as the iPhone writes it): this machine's sharp reads only AVIF of that family.
    const heic = Buffer.from("000000186674797068656963000000006d696631686569630000", "hex");
    expect(await refusal(heic)).toMatch(/^This file is an iPhone photo in HEIC format, which the site cannot read\. Add it from the iPhone itself/);
    expect(await refusal(Buffer.concat([cameraJpeg.subarray(0, 2000)]))).toMatch(/could not be read/);
  });

  it("is refused before it is decoded when it has too many pixels", async () => {
    // 60 megapixels of one colour: a small file that would take 180 MB to decode.
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.byteLength).toBeLessThan(2_000_000);
    expect(await refusal(huge)).toBe("This photo is 60 megapixels (10,000 × 6,000 pixels); the site takes photos up to 50 megapixels. Choose a smaller size when you share or export it.");
  });

  it("is refused when the file is too big", async () => {
    expect(await refusal(Buffer.concat([cameraJpeg, Buffer.alloc(26 * 1024 * 1024)]))).toMatch(/^This photo is 2\d MB; the site takes photos up to 25 MB/);
  });
});
