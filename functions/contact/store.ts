import { randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { classifyDataDirError } from "./data-dir";
import { consoleLogger, createJsonlAppender, readJsonl, type JsonlAppenderOptions, type Logger } from "./jsonl-log";
import type { ContactInput } from "../../src/content/contact";

/**
 * One stored line. Kept looser than contactSchema (any string serviceType, no
 * length rules) so records written under older rules still read back.
 */
export const submissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceType: z.string(),
  message: z.string(),
  createdAt: z.string(),
  // Only on lines in spam.jsonl: why the post was held back.
  spamReason: z.string().optional(),
});

export type Submission = z.infer<typeof submissionSchema>;

export interface SubmissionStore {
  /**
   * Resolves with the stored record once its line is fsynced. Rejects with a
   * DataDirUnwritableError when the folder cannot be written (read-only, full, ...);
   * a rejected record has been cut off the file again (see createJsonlAppender).
   */
  append(input: ContactInput, extra?: { spamReason?: string }): Promise<Submission>;
  /** Every readable record, oldest first. */
  list(): Promise<Submission[]>;
  close(): Promise<void>;
  readonly file: string;
  /** Write + fsync rounds so far (see createJsonlAppender). */
  readonly flushes: number;
}

export interface SubmissionStoreOptions {
  /** `submissions.jsonl` (the default) or `spam.jsonl` for held-back spam. */
  fileName?: string;
  clock?: () => number;
  logger?: Logger;
  /** How the file is opened (functions/contact/group-commit.test.ts fails its fsync on purpose). */
  openFile?: JsonlAppenderOptions["openFile"];
}

export const SUBMISSIONS_FILE = "submissions.jsonl";
export const SPAM_FILE = "spam.jsonl";

/** Submissions as JSON lines in `dataDir`; the directory is created on the first append. */
export function createSubmissionStore(dataDir: string, options: SubmissionStoreOptions = {}): SubmissionStore {
  const { fileName = SUBMISSIONS_FILE, clock = Date.now, logger = consoleLogger, openFile } = options;
  const file = path.join(dataDir, fileName);
  const appender = createJsonlAppender(file, logger, { openFile });

  return {
    file,
    get flushes() {
      return appender.flushes;
    },
    async append(input, extra = {}) {
      const submission: Submission = {
        id: randomUUID(),
        name: input.name,
        email: input.email,
        phone: input.phone,
        serviceType: input.serviceType,
        message: input.message,
        createdAt: new Date(clock()).toISOString(),
        ...(extra.spamReason ? { spamReason: extra.spamReason } : {}),
      };
      try {
        await appender.append(submission);
      } catch (error) {
        throw classifyDataDirError(dataDir, error);
      }
      return submission;
    },
    list: () => readSubmissions(file, logger),
    close: () => appender.close(),
  };
}

/** Reads a submissions file without opening it for writing (the CLI uses this). */
export function readSubmissions(file: string, logger: Logger = consoleLogger): Promise<Submission[]> {
  return readJsonl(file, (value) => submissionSchema.safeParse(value).data, logger);
}
