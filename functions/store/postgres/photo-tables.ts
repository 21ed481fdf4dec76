import { createHash } from "node:crypto";
import { SHA256_HEX, type PhotoStore } from "../photo-store";
import type { Database } from "./database";

/** The tables that keep photos by hash: `sha text PRIMARY KEY, bytes bytea` (005-posts.sql, 010-message-photos.sql). */
export type PhotoTable = "post_photos" | "message_photos";

/** Photos in `table`, each once by its bytes' SHA-256; a put resolves once committed. */
export function createPhotoTable(db: Pick<Database, "query">, table: PhotoTable): PhotoStore {
  return {
    async put(bytes) {
      const sha = createHash("sha256").update(bytes).digest("hex");
      await db.query(`INSERT INTO ${table} (sha, bytes) VALUES ($1, $2) ON CONFLICT (sha) DO NOTHING`, [sha, Buffer.from(bytes)]);
      return sha;
    },
    async get(sha) {
      if (!SHA256_HEX.test(sha)) return undefined;
      return (await db.query<{ bytes: Buffer }>(`SELECT bytes FROM ${table} WHERE sha = $1`, [sha])).rows[0]?.bytes;
    },
  };
}
