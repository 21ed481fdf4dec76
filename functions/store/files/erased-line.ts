// A record erased from an append-only JSON-lines file (a contact message the owner deleted, and
// the outbox's lines that carried it): its line is overwritten in place by `{"erased":"<id>"}`
// padded with spaces to the same length, so every byte offset the store keeps (list cursors,
// `get`'s remembered lines, the outbox's watermarks) stays true and the line still parses.
// Written by jsonl-append.ts `overwrite` (under the file's write turn, fsynced); readers pass
// over it (jsonl-read.ts), and format-check.ts takes it as a line of any file.

/** The id an erased line stood for, or undefined for any other value. */
export function erasedId(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && "erased" in value && typeof value.erased === "string" ? value.erased : undefined;
}

/** The erased line for `id` of exactly `bytes` bytes (UTF-8, no newline); undefined when the line is too short to hold it. */
export function erasedLineText(id: string, bytes: number): string | undefined {
  const text = JSON.stringify({ erased: id });
  const length = Buffer.byteLength(text);
  return length > bytes ? undefined : text + " ".repeat(bytes - length);
}
