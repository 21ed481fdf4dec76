// Photos for tests, made here (nothing can be downloaded): real JPEG bytes with camera metadata.
import sharp from "sharp";

/** A camera-like JPEG: shapes on a gradient, EXIF with a GPS position, and an orientation. */
export async function cameraJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  const shapes = Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 97) % width}" cy="${(i * 61) % height}" r="${10 + (i % 40)}" fill="hsl(${(i * 37) % 360},50%,40%)"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#8ab"/><stop offset="1" stop-color="#342"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}</svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: "TestCam", Model: "Leaf 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 9/1 30/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 20/1 10/1" },
    })
    .toBuffer();
}
