const NAME_BYTES = 4096;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Which file a worker is parsing, shared with its pool through memory instead of two
 * messages per file (8,000 for a blog of 4,000 posts, a tenth of a worker's time):
 * the worker writes the file's name and bumps a counter before and after each
 * parse; the pool's watchdog (scripts/build-engine/worker-pool.ts) reads them while it waits for
 * an answer, and a counter that stands still on a file past the limit ends the worker.
 */
export class ParseClock {
  /** [changes, length of the name being parsed (0: none)] */
  private readonly state: Int32Array;
  private readonly name: Uint8Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8 + NAME_BYTES)) {
    this.state = new Int32Array(buffer, 0, 2);
    this.name = new Uint8Array(buffer, 8, NAME_BYTES);
  }

  /** In the worker: `file` is being parsed from now on. */
  start(file: string): void {
    const { written } = encoder.encodeInto(file, this.name);
    Atomics.store(this.state, 1, written);
    Atomics.add(this.state, 0, 1);
  }

  /** In the worker: the parse is over. */
  stop(): void {
    Atomics.store(this.state, 1, 0);
    Atomics.add(this.state, 0, 1);
  }

  /** In the pool: how many starts and stops so far, and the file being parsed now. */
  read(): { changes: number; file: string | null } {
    const length = Atomics.load(this.state, 1);
    return { changes: Atomics.load(this.state, 0), file: length > 0 ? decoder.decode(this.name.slice(0, length)) : null };
  }
}
