import { createReadStream } from "node:fs";
import { isErrno } from "../../../src/content/errno";
import { open, type FileHandle } from "node:fs/promises";
import { createInterface } from "node:readline";
import { consoleLogger, type Logger } from "../../logger";
import { erasedId } from "./erased-line";

// Reading the JSON-lines files in DATA_DIR. Every file is append-only, one record per
// line; a last line without its newline is being written or was torn by a crash, and a
// line that is not JSON (a torn one in the middle, a hand edit) is skipped with a warning.
// Writing them (fsync, group commit) is jsonl-append.ts.

/**
 * Reads every line that parses as JSON and passes `accept`; blank lines and erased
 * records (erased-line.ts) are passed over and anything else (a torn line, a hand edit) is skipped with a warning
 * naming the line. A missing file reads as empty.
 */
export async function readJsonl<T>(file: string, accept: (value: unknown) => T | undefined, logger: Logger = consoleLogger): Promise<T[]> {
  const records: T[] = [];
  const stream = createReadStream(file, { encoding: "utf8" });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (line.trim() === "") continue;
      const value = parseJsonLine(line);
      // A record erased in place (erased-line.ts) is no record, and no fault either.
      if (erasedId(value) !== undefined) continue;
      const record = accept(value);
      if (record === undefined) logger.warn(`${file}:${lineNumber}: skipped a line that is not a valid record`);
      else records.push(record);
    }
  } catch (error) {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  }
  return records;
}

/** One line's JSON, or undefined for a line that is not JSON (torn by a crash, or edited by hand). */
export function parseJsonLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

export interface JsonlLine<T> {
  record: T;
  /** Byte offset where the line starts in the file. */
  start: number;
}

/**
 * Reads the complete lines from byte `from` on, like readJsonl, and says where
 * they end (`end`, just past the last newline read). A last line without its
 * newline is being written, or torn by a crash: it is left for a later read.
 * The outbox uses this to read only what was appended since its last start.
 */
export async function readJsonlFrom<T>(
  file: string,
  from: number,
  accept: (value: unknown) => T | undefined,
  logger: Logger = consoleLogger,
): Promise<{ lines: JsonlLine<T>[]; end: number }> {
  let bytes: Buffer;
  try {
    bytes = await readBytes(file, from);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return { lines: [], end: from };
    throw error;
  }
  const lines: JsonlLine<T>[] = [];
  let position = 0;
  for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, position)) {
    const text = bytes.toString("utf8", position, newline);
    const value = text.trim() === "" ? undefined : parseJsonLine(text);
    if (text.trim() !== "" && erasedId(value) === undefined) {
      const record = accept(value);
      if (record === undefined) logger.warn(`${file}: skipped a line that is not a valid record (at byte ${from + position})`);
      else lines.push({ record, start: from + position });
    }
    position = newline + 1;
  }
  return { lines, end: from + position };
}

/** Bytes of `file` from `position`, `length` of them or up to its end. */
export async function readBytes(file: string, position: number, length?: number): Promise<Buffer> {
  const fh = await open(file, "r");
  try {
    return await readAt(fh, position, length ?? Math.max(0, (await fh.stat()).size - position));
  } finally {
    await fh.close();
  }
}

/** Up to `length` bytes of an open file from `position` (fewer at its end). */
async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await fh.read(bytes, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return bytes.subarray(0, read);
}

const BACKWARD_CHUNK = 256 * 1024;

/**
 * Visits the complete lines that end at or before byte `before` (default: the end of the
 * file), last first, until `visit` returns true. A last line without its newline is left
 * out. This is how the desk's newest-first lists read a file of any size: a page costs
 * the lines it shows (and those its filter skips), not the whole file.
 * A missing file has no lines.
 */
export async function scanBackward(file: string, visit: (text: string, start: number) => boolean, before?: number): Promise<void> {
  let fh;
  try {
    fh = await open(file, "r");
  } catch (error) {
    if (isErrno(error, "ENOENT")) return;
    throw error;
  }
  try {
    const size = (await fh.stat()).size;
    let start = Math.min(before ?? size, size);
    // The unvisited bytes [start, start + pending.length): whole lines, the last ending in "\n" (once found).
    let pending: Buffer = Buffer.alloc(0);
    let trimmed = false;
    while (true) {
      let newline = pending.length >= 2 ? pending.lastIndexOf(0x0a, pending.length - 2) : -1;
      if (trimmed && pending.length > 0 && (newline >= 0 || start === 0)) {
        const text = pending.toString("utf8", newline + 1, pending.length - 1);
        if (text.trim() !== "" && visit(text, start + newline + 1)) return;
        pending = pending.subarray(0, newline + 1);
        continue;
      }
      if (start === 0) return;
      const length = Math.min(BACKWARD_CHUNK, start);
      start -= length;
      const chunk = await readAt(fh, start, length);
      pending = pending.length > 0 ? Buffer.concat([chunk, pending]) : chunk;
      if (!trimmed) {
        // Drop a last line without its newline: it is being written, or torn.
        newline = pending.lastIndexOf(0x0a);
        if (newline >= 0) {
          pending = pending.subarray(0, newline + 1);
          trimmed = true;
        } else if (start === 0) return;
      }
    }
  } finally {
    await fh.close();
  }
}
