/**
 * Photos kept by their bytes' SHA-256 (hex), each once: the visitors' photos of their messages
 * (`store.messagePhotos`; a message lists its own, functions/store/records.ts `photos`). Files:
 * DATA_DIR/message-photos/<sha256>; PostgreSQL: the table message_photos (migration 010).
 */
export interface PhotoStore {
  /** Keeps the bytes (once per content); resolves with their SHA-256 once they are durable (fsync, commit). */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes of `sha`; undefined for one not kept, or not a SHA-256 at all. */
  get(sha: string): Promise<Buffer | undefined>;
}

/** A SHA-256 as the photo stores name them. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;
