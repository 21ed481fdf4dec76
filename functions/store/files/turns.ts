/** Runs `work` after every call before it, on the state read from the file just now; `idle()` waits for the calls under way. */
export type Turns = (<T>(work: () => Promise<T>) => Promise<T>) & { idle(): Promise<unknown> };

/**
 * Calls that take turns, each on the state read from its file just before (`catchUp`): the files
 * store's lock, for a part whose calls check and then write (a sign-in used once, a seat of a time
 * taken once). One server process writes a DATA_DIR; a line another process appended (npm run
 * owner) is read in at the next turn.
 */
export function inTurns(catchUp: () => Promise<void>): Turns {
  let queue: Promise<unknown> = Promise.resolve();
  const turns = <T,>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(async () => {
      await catchUp();
      return work();
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
  return Object.assign(turns, { idle: () => queue });
}
