// How the servers report what they cannot answer a visitor with: warnings (a skipped line,
// a retry) and errors (a message that could not be stored). Tests pass one that keeps
// its lines (tests/test-support.ts recordingLogger).
export interface Logger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ""),
};

/** An error in one line for a log or a record: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25". */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    // Node's own errors already begin with their code ("ENOTDIR: not a directory, open ..."): said once.
    const code = "code" in error && typeof error.code === "string" && !error.message.startsWith(`${error.code}:`) ? `${error.code}: ` : "";
    return `${code}${error.message}`;
  }
  return String(error);
}
