import { watch, type FSWatcher } from "node:fs";
import type { Logger } from "../contact/jsonl-log";
import { DECISIONS_FILE, readReviewStates } from "./review-store";

export interface PublishSignal {
  onPublish(listener: () => void): void;
  /** Reads the decisions and tells the listeners when the approved reviews changed. */
  check(): Promise<void>;
  close(): void;
}

/**
 * Tells `npm start` to rebuild when the set of approved reviews changes: after a
 * decision through an email link (functions/reviews/app.ts calls check), and when
 * review-decisions.jsonl changes under it (`npm run reviews -- approve` is another
 * process). Comparing the set means one rebuild per change, whichever noticed first,
 * and none for a decision that shows nothing new (rejecting a pending review).
 */
export function createPublishSignal(dataDir: string, logger: Logger): PublishSignal {
  const listeners = new Set<() => void>();
  let shown: Promise<string> = approvedIds();
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function approvedIds(): Promise<string> {
    const states = await readReviewStates(dataDir, logger).catch(() => []);
    return states
      .filter((review) => review.approved)
      .map((review) => review.id)
      .sort()
      .join(",");
  }

  async function check(): Promise<void> {
    const before = await shown;
    const now = approvedIds();
    shown = now;
    if ((await now) !== before) for (const listener of listeners) listener();
  }

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

  return {
    onPublish: (listener) => void listeners.add(listener),
    check,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
