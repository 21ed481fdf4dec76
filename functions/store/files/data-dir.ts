// DATA_DIR that cannot be written (read-only, full, a path through a file) is
// the host's problem and a temporary one: shared/CONTRACT.md answers it with 503,
// keeping 500 for anything else that stops a message from being stored.
import { StoreUnavailableError } from "../store-errors";
import type { JsonlAppender } from "./jsonl-append";

/** OS errors meaning "this folder cannot take writes now", as opposed to a fault of ours. */
const UNWRITABLE_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EISDIR", "ENOENT", "ENOSPC", "EDQUOT"]);

export class DataDirUnwritableError extends StoreUnavailableError {
  readonly dir: string;
  readonly code: string;

  constructor(dir: string, code: string, cause: Error) {
    super(`the data folder ${dir} cannot be written (${cause.message})`, { cause });
    this.name = "DataDirUnwritableError";
    this.dir = dir;
    this.code = code;
  }
}

/** The error as a DataDirUnwritableError when its OS code says the folder cannot be written; otherwise unchanged. */
export function classifyDataDirError(dir: string, error: unknown): unknown {
  if (error instanceof DataDirUnwritableError || !(error instanceof Error) || !("code" in error)) return error;
  const { code } = error;
  return typeof code === "string" && UNWRITABLE_CODES.has(code) ? new DataDirUnwritableError(dir, code, error) : error;
}

/** Appends `record` to a file in `dataDir`, resolving with where its line starts; a folder that cannot take it is a DataDirUnwritableError. */
export async function appendIn(dataDir: string, appender: JsonlAppender, record: unknown): Promise<number> {
  try {
    return await appender.append(record);
  } catch (error) {
    throw classifyDataDirError(dataDir, error);
  }
}
