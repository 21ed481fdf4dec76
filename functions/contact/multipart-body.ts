import busboy from "busboy";
import type { Request } from "express";
import { SNIFF_BYTES } from "../photos/image-bytes";

// A multipart/form-data post read with busboy (the parser multer uses: streaming, every limit
// set before a byte is read), for the contact form with photos (functions/contact/form-post.ts).
// The form's fields come first (the form puts its file input last, the form's script appends the
// photos last): at the first file, `gate` sees every field and decides (the fields' checks, the
// rate limit, the spam rules) before a byte of any file is kept. Files are then kept in memory,
// each and all of them capped, each refused as soon as its first bytes say it is no photo.

export interface MultipartLimits {
  /** Bytes of all the fields' values together. */
  fieldBytes: number;
  /** Fields at most. */
  fields: number;
  /** The name of the file parts; a file under any other name is refused. */
  fileField: string;
  /** Files at most. */
  files: number;
  /** Bytes of one file at most. */
  fileBytes: number;
  /** Bytes of all files together at most. */
  filesBytes: number;
}

/** A file as it came: the name its part gave (as busboy gives it: no folders), and its bytes. */
export interface ReceivedFile {
  name: string;
  bytes: Buffer;
}

export type Fields = Record<string, string | string[]>;

export type MultipartRead =
  | { ok: true; fields: Fields; files: ReceivedFile[] }
  /** The gate answered, or the request broke off: nothing more to answer. */
  | { ok: false; stopped: true }
  | { ok: false; stopped?: false; status: 400 | 413; field: "form" | "photos"; message: string };

export interface MultipartHooks {
  /**
   * Called once with every field: at the first file, before any of its bytes is kept, or at the
   * end when there is none; `withFiles`: a file was chosen (not an empty file input's part).
   * False stops the reading: the gate answered.
   */
  gate(fields: Fields, withFiles: boolean): Promise<boolean>;
  /** A file's first bytes (SNIFF_BYTES, or all of a shorter file): the refusal's words, or undefined to go on. */
  refuseStart(name: string, start: Buffer): string | undefined;
  /** Words for the limits: a file too big (naming it), all files too big together, too many files. */
  words: { fileTooBig(name: string): string; filesTooBig(): string; tooManyFiles(): string; tooLarge: string; unreadable: string };
}

/**
 * Reads the post; resolves once it is read whole (ok), or as soon as it is refused, leaving the
 * rest of the body unread (the caller answers, then closes the connection: `closeAfterAnswer`).
 */
export function readMultipart(req: Request, limits: MultipartLimits, hooks: MultipartHooks): Promise<MultipartRead> {
  return new Promise<MultipartRead>((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Names of parts as UTF-8, as browsers send them.
        defParamCharset: "utf8",
        limits: {
          fieldNameSize: 100,
          fieldSize: limits.fieldBytes,
          fields: limits.fields,
          // One byte more than allowed: busboy calls a file whose size reaches its limit truncated.
          fileSize: limits.fileBytes + 1,
          files: limits.files,
          // Parts without a name are skipped but counted here. Far above a real form's (busboy says
          // "partsLimit" on reaching the number, not passing it: issue #287 of mscdex/busboy).
          parts: 4 * (limits.fields + limits.files),
          headerPairs: 20,
        },
      });
    } catch {
      // No boundary, or not multipart after all.
      resolve({ ok: false, status: 400, field: "form", message: hooks.words.unreadable });
      return;
    }

    const fields: Fields = {};
    let fieldBytes = 0;
    let fileBytes = 0;
    const files: ReceivedFile[] = [];
    /** Files that came while the gate decides: read once it lets them in. */
    const waiting: Array<() => void> = [];
    let gate: "closed" | "deciding" | "open" = "closed";
    let settled = false;

    const finish = (outcome: MultipartRead) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      // Whatever busboy still says is not listened to; the body's rest is the caller's to discard or cut.
      parser.on("error", () => undefined);
      resolve(outcome);
    };
    const refuse = (status: 400 | 413, field: "form" | "photos", message: string) => finish({ ok: false, status, field, message });

    /** `atEnd`: the body is read whole (no file came); else a file waits for the gate. */
    const openGate = (atEnd: boolean, withFiles: boolean) => {
      gate = "deciding";
      hooks.gate(fields, withFiles).then(
        (go) => {
          if (settled) return;
          if (!go) return finish({ ok: false, stopped: true });
          gate = "open";
          for (const start of waiting.splice(0)) start();
          if (atEnd) finish({ ok: true, fields, files });
        },
        // The gate answers its own failures (503, 500); here it only stops.
        () => finish({ ok: false, stopped: true }),
      );
    };

    parser.on("field", (name, value, info) => {
      if (gate !== "closed") return refuse(400, "form", "Send the form's fields before its photos.");
      fieldBytes += Buffer.byteLength(value);
      if (info.valueTruncated || info.nameTruncated || fieldBytes > limits.fieldBytes) return refuse(413, "form", hooks.words.tooLarge);
      const known = fields[name];
      // A name sent twice is kept as a list, as a urlencoded post's is: the form's schema refuses it.
      fields[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
    });
    parser.on("fieldsLimit", () => refuse(413, "form", hooks.words.tooLarge));
    parser.on("partsLimit", () => refuse(413, "form", hooks.words.tooLarge));
    parser.on("filesLimit", () => refuse(400, "photos", hooks.words.tooManyFiles()));

    parser.on("file", (partName, stream, info) => {
      const name = info.filename ?? "";
      if (partName !== limits.fileField) {
        stream.resume();
        return refuse(400, "form", hooks.words.unreadable);
      }
      const read = () => {
        const chunks: Buffer[] = [];
        let size = 0;
        let checked = false;
        const check = (): boolean => {
          checked = true;
          const refused = hooks.refuseStart(name, Buffer.concat(chunks, size));
          if (refused) refuse(400, "photos", refused);
          return refused === undefined;
        };
        stream.on("data", (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          size += chunk.length;
          fileBytes += chunk.length;
          if (fileBytes > limits.filesBytes) return refuse(413, "photos", hooks.words.filesTooBig());
          if (!checked && size >= SNIFF_BYTES) check();
        });
        stream.on("limit", () => refuse(413, "photos", hooks.words.fileTooBig(name)));
        stream.on("end", () => {
          if (settled) return;
          // An empty file input sends one part with no name and no bytes: no photo.
          if (size === 0 && name === "") return;
          if (!checked && !check()) return;
          files.push({ name, bytes: Buffer.concat(chunks, size) });
        });
      };
      if (gate === "open") return read();
      // Not read until the gate lets it in: busboy waits, and so does the request (backpressure).
      waiting.push(read);
      // An empty file input sends a part with no file name: no photo came with the fields.
      if (gate === "closed") openGate(false, name !== "");
    });

    parser.on("close", () => {
      if (settled) return;
      if (gate === "closed") return openGate(true, false);
      if (gate === "open") finish({ ok: true, fields, files });
    });
    parser.on("error", () => refuse(400, "form", hooks.words.unreadable));
    // A visitor who goes away mid-post: nothing to answer, nothing kept.
    req.on("aborted", () => finish({ ok: false, stopped: true }));
    req.on("error", () => finish({ ok: false, stopped: true }));
    req.pipe(parser);
  });
}
