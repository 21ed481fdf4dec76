import { watch, type FSWatcher } from "node:fs";
import type { Logger } from "../../logger";
import { DECISIONS_FILE } from "./file-names";

export interface ApprovedWatch {
  /** Starts watching with the first listener; returns a function that removes it. */
  add(listener: () => void): () => void;
  /** Reads the approved reviews again and tells the listeners when the set changed. */
  check(): Promise<void>;
  /** Resolves once the set that the next check compares with has been read: a decision is written after it, so it cannot hide in it. */
  settled(): Promise<void>;
  close(): void;
}

/**
 * The files store's `reviews.watchApproved`: tells `npm start` to rebuild when the set of
 * approved reviews changes: after a decision made in this process (review-files.ts calls
 * check), and when review-decisions.jsonl changes under it (`npm run reviews -- approve`
 * is another process). Comparing the set means one rebuild per change, whichever noticed
 * first, and none for a decision that shows nothing new (rejecting a pending review).
 */
export function createApprovedWatch(dataDir: string, approvedIds: () => Promise<string[]>, logger: Logger): ApprovedWatch {
  const listeners = new Set<() => void>();
  let shown: Promise<string> | undefined;
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;

  const current = async (): Promise<string> =>
    (await approvedIds().catch(() => []))
      .sort()
      .join(",");

  async function check(): Promise<void> {
    if (!shown) return;
    const before = await shown;
    const now = current();
    shown = now;
    if ((await now) !== before) for (const listener of listeners) listener();
  }

  function start(): void {
    shown = current();
    try {
      watcher = watch(dataDir, (_event, name) => {
        if (name !== DECISIONS_FILE) return;
        // A burst of events per append: one check after it.
        clearTimeout(timer);
        timer = setTimeout(() => void check(), 100);
      });
      watcher.on("error", () => watcher?.close());
    } catch (error) {
      logger.warn(`reviews: not watching ${dataDir} (${error instanceof Error ? error.message : String(error)}); approvals from npm run reviews are published by the next build`);
    }
  }

  return {
    add(listener) {
      if (!shown) start();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    check,
    async settled() {
      await shown;
    },
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
