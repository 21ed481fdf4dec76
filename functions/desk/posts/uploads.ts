import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PHOTO_PART_BYTES } from "../../../src/desk/desk-page";
import { MAX_UPLOAD_BYTES, UploadRefused } from "./photo-upload";

// Photos on their way up from the desk, in parts (src/content/post-form.ts PHOTO_PART_BYTES):
// each part written into a file of its own under DATA_DIR/.post-uploads/ at the offset the phone
// says, so a part sent twice (a retry after a dropped connection) is taken once. The whole
// photo is checked when it is complete (photo-upload.ts); its first part already, so a file
// that is no photo, or far too big, is refused before the rest is sent.
//
// Everything an upload is lives in that file: its name holds the size the phone announced (the
// upload's id carries it), and what has arrived is the file's length. So a part may reach any
// instance sharing DATA_DIR (README "Several instances": nginx shares the desk's requests out in
// turn), or a server restarted meanwhile, and the upload goes on where it was.

const ID = /^[0-9a-f]{32}-([1-9][0-9]{0,9})$/;
/** An upload left unfinished (the owner went away) is removed after this. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;

interface Upload {
  file: string;
  size: number;
  received: number;
}

export class PhotoUploads {
  private swept = false;

  constructor(private readonly dir: string) {}

  /** A new upload of `size` bytes; refused at once when that is more than a photo may be. */
  async start(size: number): Promise<string> {
    if (!Number.isSafeInteger(size) || size <= 0) throw new UploadRefused("This file is empty: choose the photo again.");
    if (size > MAX_UPLOAD_BYTES) {
      throw new UploadRefused(`This photo is ${(size / 1024 / 1024).toFixed(0)} MB; the site takes photos up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller size when you share or export it.`);
    }
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    if (!this.swept) await this.sweep();
    const id = `${randomBytes(16).toString("hex")}-${size}`;
    await (await open(path.join(this.dir, id), "wx", 0o600)).close();
    return id;
  }

  /**
   * Takes the part that starts at `offset`: written when it is the next one, ignored when it was
   * taken already. Answers how many bytes are in. `checkFirst` sees the first part.
   */
  async append(id: string, offset: number, bytes: Buffer, checkFirst: (first: Buffer, size: number) => Promise<void>): Promise<number> {
    const upload = await this.get(id);
    if (offset < upload.received) return upload.received;
    if (offset !== upload.received || bytes.byteLength === 0 || bytes.byteLength > PHOTO_PART_BYTES || upload.received + bytes.byteLength > upload.size) {
      throw new UploadRefused("This photo's upload went wrong: add the photo again.");
    }
    if (offset === 0) {
      try {
        await checkFirst(bytes, upload.size);
      } catch (error) {
        await this.drop(id);
        throw error;
      }
    }
    const handle = await open(upload.file, "r+");
    try {
      // At its offset: the same part written twice (a retry that reached another instance) writes the same bytes.
      await handle.write(bytes, 0, bytes.byteLength, offset);
    } finally {
      await handle.close();
    }
    return offset + bytes.byteLength;
  }

  /** The whole photo, once every byte is in; the upload is then gone. */
  async finish(id: string): Promise<Buffer> {
    const upload = await this.get(id);
    if (upload.received !== upload.size) throw new UploadRefused("This photo did not arrive whole: add it again.");
    const bytes = await readFile(upload.file);
    await this.drop(id);
    return bytes;
  }

  private async get(id: string): Promise<Upload> {
    const size = Number(ID.exec(id)?.[1]);
    const file = path.join(this.dir, id);
    const received = size ? await stat(file).then((s) => s.size, () => undefined) : undefined;
    // Finished, abandoned and swept, or never begun here: the phone starts the photo again.
    if (received === undefined) throw new UploadRefused("This photo's upload was interrupted: add the photo again.");
    return { file, size, received };
  }

  private async drop(id: string): Promise<void> {
    if (ID.test(id)) await rm(path.join(this.dir, id), { force: true });
  }

  /** Removes what uploads left unfinished a day ago. */
  private async sweep(): Promise<void> {
    this.swept = true;
    const now = Date.now();
    for (const name of await readdir(this.dir).catch(() => [])) {
      const file = path.join(this.dir, name);
      const old = await stat(file).then((s) => now - s.mtimeMs > ABANDONED_MS, () => false);
      if (old) await rm(file, { force: true });
    }
  }
}
