import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/**
 * Reading the JSON-lines files in DATA_DIR: the build reads approved reviews
 * (review-states.ts) and the functions read their stores with the same reader;
 * writing them (fsync, group commit) is the contact function's jsonl-log.ts.
 */
export interface Logger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ""),
};

/**
 * Reads every line that parses as JSON and passes `accept`; blank lines are
 * ignored and anything else (a torn line, a hand edit) is skipped with a
 * warning naming the line. A missing file reads as empty.
 */
export async function readJsonl<T>(
  file: string,
  accept: (value: unknown) => T | undefined,
  logger: Logger = consoleLogger,
): Promise<T[]> {
  const records: T[] = [];
  const stream = createReadStream(file, { encoding: "utf8" });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (line.trim() === "") continue;
      const record = accept(parseJsonLine(line));
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

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}
