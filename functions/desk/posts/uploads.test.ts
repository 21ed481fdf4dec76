import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { PHOTO_PART_BYTES } from "../../../src/desk/desk-page";
import { makeTempDir } from "../../../tests/test-support";
import { UploadRefused } from "./photo-upload";
import { PhotoUploads } from "./uploads";

// A photo's parts may each reach another instance (nginx shares the desk's requests out in turn,
// README "Several instances") or a server restarted meanwhile: the upload is in DATA_DIR, not in
// one process's memory.

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const accept = async () => undefined;

describe("photo uploads in parts", () => {
  it("take their parts at two instances in turn, and at a server restarted midway", async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const bytes = randomBytes(PHOTO_PART_BYTES * 3 + 12_345);
    const a = new PhotoUploads(temp.dir);
    const b = new PhotoUploads(temp.dir);
    const id = await a.start(bytes.byteLength);
    const instances = [b, a, new PhotoUploads(temp.dir), b];
    let offset = 0;
    for (const instance of instances) {
      const part = bytes.subarray(offset, offset + PHOTO_PART_BYTES);
      offset = await instance.append(id, offset, part, accept);
    }
    expect(offset).toBe(bytes.byteLength);
    // A part sent again (its answer was lost) changes nothing, wherever it lands.
    expect(await a.append(id, PHOTO_PART_BYTES, bytes.subarray(PHOTO_PART_BYTES, 2 * PHOTO_PART_BYTES), accept)).toBe(bytes.byteLength);
    expect((await a.finish(id)).equals(bytes)).toBe(true);
    await expect(b.finish(id)).rejects.toThrow(UploadRefused);
  });

  it("refuses an id that was never handed out, and a part past the announced size", async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const uploads = new PhotoUploads(temp.dir);
    await expect(uploads.append("../../etc/passwd", 0, Buffer.from("x"), accept)).rejects.toThrow(/interrupted/);
    await expect(uploads.append(`${"0".repeat(32)}-10`, 0, Buffer.from("x"), accept)).rejects.toThrow(/interrupted/);
    const id = await uploads.start(10);
    await expect(uploads.append(id, 0, Buffer.alloc(11), accept)).rejects.toThrow(/went wrong/);
    await expect(uploads.append(id, 3, Buffer.alloc(2), accept)).rejects.toThrow(/went wrong/);
  });
});
