import type { Logger } from "../logger";

/**
 * Work a desk handler does after it has answered: what only an owner's address needs written
 * (a sign-in's email, its audit lines), so that the answer takes the same time for every address
 * (functions/desk/sign-in.ts). Kept track of, so that a shutdown (createContactFunction's
 * close, a test's) waits for it before the store is closed; a failure is logged, the answer
 * having gone.
 */
export function createAfterAnswer(logger: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(what: string, work: () => Promise<void>): void {
      const running = work()
        .catch((error: unknown) => logger.error(`desk: ${what}`, error))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    /** Resolves once the work started so far has ended. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type AfterAnswer = ReturnType<typeof createAfterAnswer>;
