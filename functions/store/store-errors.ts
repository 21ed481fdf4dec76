// The store's failures that the functions answer differently from a bug of ours.

/**
 * The store cannot take writes now (DATA_DIR read-only or full, the database down): the
 * host's problem and a temporary one. shared/CONTRACT.md answers it with 503; a 500 stays
 * for anything else that stops a message from being stored. Its message names what is wrong
 * in one line, without a stack.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/**
 * What the store holds is in a shape this version does not read (a file written by another
 * version, a database of a newer schema). Thrown at start, naming the file or table, so the
 * servers refuse to run rather than skip or misread records.
 */
export class StoreFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreFormatError";
  }
}

/** A list cursor that this store did not hand out (the desk answers 400). */
export class InvalidCursorError extends Error {
  constructor() {
    super("not a cursor this store handed out");
    this.name = "InvalidCursorError";
  }
}
