import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { consoleLogger, type Logger } from "../../logger";

// Appending to the JSON-lines files in DATA_DIR; reading them is jsonl-read.ts.

interface PendingLine {
  text: string;
  /** Bytes of `text` in UTF-8. */
  length: number;
  resolve: (start: number) => void;
  reject: (error: unknown) => void;
}

export interface JsonlAppender {
  /** Resolves, with the byte offset where its line starts, once the line is written and fsynced; rejects if it may not be on disk. */
  append(record: unknown): Promise<number>;
  /**
   * Rewrites one line in place, in this file's write turn (after the lines queued before it, never
   * during a write): `replace` is given the line at byte `start` (without its newline) and returns
   * its new text, of the same length in bytes, or undefined to leave it. Only a line that is on
   * disk (fsynced) can be rewritten; the new text is fsynced before this resolves true. Every other
   * line, and every byte offset, stays as it was (erased-line.ts).
   */
  overwrite(start: number, replace: (line: string) => string | undefined): Promise<boolean>;
  /** Waits for queued lines, then closes the file. */
  close(): Promise<void>;
  readonly file: string;
  /** How many write + fsync rounds so far: fewer than appends when group commit is working. */
  readonly flushes: number;
}

/** What the appender needs of an open file; node's FileHandle is one, a test passes one whose fsync it controls. */
export interface AppendFile {
  stat(): Promise<{ size: number }>;
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  /** Appends (the file is opened in append mode) from `offset` in `buffer`. */
  write(buffer: Buffer, offset: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export interface JsonlAppenderOptions {
  /** Opens `file` for appending and reading; default node's `open(file, "a+")`. */
  openFile?: (file: string) => Promise<AppendFile>;
}

const openForAppend = (file: string): Promise<AppendFile> => open(file, "a+");

/** A line to rewrite in place, waiting for its turn. */
interface PendingOverwrite {
  start: number;
  replace: (line: string) => string | undefined;
  resolve: (done: boolean) => void;
  reject: (error: unknown) => void;
}

/** Longer than any line the store writes; a line to overwrite must end within it. */
const MAX_OVERWRITE_BYTES = 1024 * 1024;

/**
 * An append-only JSON-lines file with group commit: lines that arrive while a
 * write + fsync is in flight are gathered and go to disk together in the next
 * single write + fsync, so a burst costs a few fsyncs rather than one each.
 * Each append resolves only after the fsync that covers its own line.
 * Only one write is ever in flight, so lines never interleave. One process
 * owns the file (the function server); readers are other processes.
 *
 * A batch whose write or fsync fails is rejected as a whole, and first cut
 * off the file again (truncate to the length before it, fsync), so a line
 * whose append rejected is not left to be read (or mailed) later. If even that
 * cut fails (the disk is gone), it is logged: those lines may then remain.
 */
export function createJsonlAppender(file: string, logger: Logger = consoleLogger, options: JsonlAppenderOptions = {}): JsonlAppender {
  const openFile = options.openFile ?? openForAppend;
  let pending: PendingLine[] = [];
  let overwrites: PendingOverwrite[] = [];
  let flushing: Promise<void> | undefined;
  let handle: AppendFile | undefined;
  // The file's length after the last batch that reached the disk: where a failed batch is cut back to.
  let end = 0;
  // Set when the file ends mid-line (a crash during a write): the next batch
  // starts with a newline so the torn fragment stays a line of its own.
  let needsLeadingNewline = false;
  let flushes = 0;

  async function openHandle(): Promise<AppendFile> {
    if (handle) return handle;
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const fh = await openFile(file);
    try {
      const { size } = await fh.stat();
      if (size === 0) {
        // A new file is only durable once its directory entry is: fsync the directory too.
        await syncDirectory(dir);
      } else {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) {
          logger.warn(`${file}: the last line is incomplete (an interrupted write); it is kept and skipped by readers`);
          needsLeadingNewline = true;
        }
      }
      end = size;
    } catch (error) {
      await fh.close().catch(() => undefined);
      throw error;
    }
    handle = fh;
    return fh;
  }

  async function writeBatch(batch: PendingLine[]): Promise<void> {
    let fh: AppendFile;
    try {
      fh = await openHandle();
    } catch (error) {
      for (const line of batch) line.reject(error);
      return;
    }
    try {
      const text = (needsLeadingNewline ? "\n" : "") + batch.map((line) => line.text).join("");
      const bytes = Buffer.from(text, "utf8");
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesWritten } = await fh.write(bytes, offset);
        offset += bytesWritten;
      }
      await fh.sync();
      let start = end + (needsLeadingNewline ? 1 : 0);
      end += bytes.length;
      flushes += 1;
      needsLeadingNewline = false;
      for (const line of batch) {
        line.resolve(start);
        start += line.length;
      }
    } catch (error) {
      // The file may now end in part of this batch: cut it back before anyone is told it
      // failed, then reopen (and re-check the tail) before the next write.
      handle = undefined;
      await fh
        .truncate(end)
        .then(() => fh.sync())
        .catch((cutError: unknown) =>
          logger.error(`${file}: a failed write of ${batch.length} line(s) could not be taken back; they may remain in the file`, cutError),
        );
      await fh.close().catch(() => undefined);
      for (const line of batch) line.reject(error);
    }
  }

  /**
   * A line rewritten where it is. The appending handle is in append mode (every write goes to the
   * end on Linux, whatever its position), so the line is written through a handle of its own.
   */
  async function rewrite(change: PendingOverwrite): Promise<void> {
    try {
      await openHandle();
      // Only what reached the disk: a line of a batch still in flight (or cut back) is not there to change.
      if (change.start >= end) return change.resolve(false);
      const fh = await open(file, "r+");
      try {
        const length = Math.min(MAX_OVERWRITE_BYTES, end - change.start);
        const bytes = Buffer.alloc(length);
        const { bytesRead } = await fh.read(bytes, 0, length, change.start);
        const newline = bytes.subarray(0, bytesRead).indexOf(0x0a);
        if (newline < 0) return change.resolve(false);
        const next = change.replace(bytes.toString("utf8", 0, newline));
        if (next === undefined) return change.resolve(false);
        const text = Buffer.from(next, "utf8");
        if (text.length !== newline || text.includes(0x0a)) throw new Error(`${file}: a line at byte ${change.start} can only be overwritten by as many bytes, without a newline`);
        let written = 0;
        while (written < text.length) written += (await fh.write(text, written, text.length - written, change.start + written)).bytesWritten;
        await fh.sync();
      } finally {
        await fh.close();
      }
      change.resolve(true);
    } catch (error) {
      change.reject(error);
    }
  }

  async function flushLoop(): Promise<void> {
    while (pending.length > 0 || overwrites.length > 0) {
      const changes = overwrites;
      overwrites = [];
      for (const change of changes) await rewrite(change);
      if (pending.length === 0) continue;
      const batch = pending;
      pending = [];
      await writeBatch(batch);
    }
    flushing = undefined;
  }

  return {
    file,
    get flushes() {
      return flushes;
    },
    append(record) {
      const text = `${JSON.stringify(record)}\n`;
      return new Promise<number>((resolve, reject) => {
        pending.push({ text, length: Buffer.byteLength(text), resolve, reject });
        flushing ??= flushLoop();
      });
    },
    overwrite(start, replace) {
      return new Promise<boolean>((resolve, reject) => {
        overwrites.push({ start, replace, resolve, reject });
        flushing ??= flushLoop();
      });
    },
    async close() {
      await flushing;
      const fh = handle;
      handle = undefined;
      await fh?.close();
    },
  };
}

/** Makes a new or renamed file's directory entry durable (after create or rename, fsync the folder). */
export async function syncDirectory(dir: string): Promise<void> {
  const fh = await open(dir, "r");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * syncDirectory for many writers of one folder, group-committed like the appender's lines:
 * each call resolves after an fsync of `dir` that began after the call, and the calls that
 * arrive while one is in flight share the next. The .eml transport renames a file per
 * notification: a burst costs a few directory fsyncs, not one each.
 */
export function createDirectorySync(dir: string): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const begin = (): Promise<void> => {
    const sync = syncDirectory(dir).finally(() => {
      if (running === sync) running = undefined;
    });
    running = sync;
    return sync;
  };
  return () => {
    if (!running) return begin();
    // The fsync in flight may have begun before this caller's rename: wait for the next one.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return begin();
      });
    return next;
  };
}
