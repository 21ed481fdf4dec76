import path from "node:path";
import { consoleLogger, type Logger } from "../../logger";
import type { Store } from "../store";
import { backupDataDir } from "./backup";
import { createFileDeskStore } from "./desk-store";
import { checkFormats } from "./format-check";
import type { JsonlAppenderOptions } from "./jsonl-append";
import { createKeyFiles } from "./key-files";
import { createMemoryLimits } from "./memory-limits";
import { createMessageFiles, type MessageFiles } from "./message-files";
import { createOutboxFiles } from "./outbox-files";
import { createFilePostsStore } from "./posts-store";
import { createPushFiles } from "./push-files";
import { createReviewFiles } from "./review-files";
import { createVisitsFiles } from "./visits-files";

export interface FilesStoreOptions {
  /** The data folder; made on the first write, so a store only read from leaves none behind. */
  dataDir: string;
  clock?: () => number;
  logger?: Logger;
  /** How the message files are opened for appending (functions/contact/group-commit.test.ts fails an fsync on purpose). */
  openFile?: JsonlAppenderOptions["openFile"];
}

export type FilesStore = Store & { readonly messages: MessageFiles };

/**
 * The store as JSON-lines files in DATA_DIR (file-names.ts lists them): the default, nothing
 * to install, for one process. Every write is appended and fsynced before it resolves; lines
 * arriving during an fsync share the next one (group commit, jsonl-append.ts).
 * Refuses, at once, a DATA_DIR holding files of another version (format-check.ts).
 */
export async function createFilesStore(options: FilesStoreOptions): Promise<FilesStore> {
  const dataDir = path.resolve(options.dataDir);
  const { clock = Date.now, logger = consoleLogger, openFile } = options;
  await checkFormats(dataDir);
  const outbox = createOutboxFiles({ dataDir, clock, logger });
  const messages = createMessageFiles({ dataDir, clock, logger, outbox, openFile });
  const reviews = createReviewFiles({ dataDir, clock, logger, outbox });
  const desk = createFileDeskStore(dataDir, { logger });
  const visits = createVisitsFiles({ dataDir, clock, logger });
  const posts = createFilePostsStore(dataDir, logger);
  const push = createPushFiles({ dataDir, clock, logger });
  return {
    messages,
    reviews,
    outbox,
    limits: createMemoryLimits(clock),
    keys: createKeyFiles(dataDir),
    desk,
    visits,
    posts,
    push,
    ready: Promise.resolve(),
    description: `JSON-lines files in ${dataDir}`,
    backup: (target) => backupDataDir(dataDir, target),
    async close() {
      await Promise.all([messages.close(), reviews.close(), desk.close(), visits.close(), posts.close(), push.close()]);
      await outbox.close();
    },
  };
}
